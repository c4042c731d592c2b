// The page on screen and its loading state, driven by the router; after each
// route change the new page gets its title, its scroll position and the focus
// (on its heading, so keyboard and screen-reader users start there).
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { CONTENT_ID, MAIN_CONTENT_ID } from '../src/shared/reserved-ids.ts';
import type { Chunk } from '../src/shared/view.ts';
import { Router, scrollToHash, type Arrival, type ContentState } from './router.ts';

function arrive(chunk: Chunk, arrival: Arrival): void {
  document.title = chunk.page.documentTitle;
  if (arrival.scroll !== undefined) scrollTo(0, arrival.scroll);
  else if (!scrollToHash(arrival.hash)) scrollTo(0, 0);
  const heading = document.querySelector<HTMLElement>(`#${CONTENT_ID} h1`) ?? document.getElementById(MAIN_CONTENT_ID);
  if (!heading) return;
  if (!heading.hasAttribute('tabindex')) heading.tabIndex = -1;
  heading.focus({ preventScroll: true });
}

/** `onLeave` runs whenever another page is shown (the mobile menu closes then). */
export function useNavigation(initial: Chunk, onLeave: () => void): { view: Chunk; content: ContentState; reload: () => void } {
  const [view, setView] = useState(initial);
  const [content, setContent] = useState<ContentState>({ status: 'shown' });
  const arrival = useRef<Arrival>(undefined);
  const router = useRef<Router>(undefined);

  useEffect(() => {
    router.current = new Router({
      show(chunk, to) {
        arrival.current = to;
        // Painted in the task that changed the URL: nothing (a reader, a script,
        // a copied address) ever sees the new URL over the old page.
        flushSync(() => {
          setView(chunk);
          setContent({ status: 'shown' });
          onLeave();
        });
      },
      setContent,
    });
    router.current.start(initial.page.path, initial.page.version);
    // Created once, for the life of the page.
  }, []);

  useLayoutEffect(() => {
    const to = arrival.current;
    arrival.current = undefined;
    if (to) arrive(view, to);
  }, [view]);

  return { view, content, reload: () => void router.current?.load() };
}
