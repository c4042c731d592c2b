// Client navigation. A click on a page link preloads the target's content
// chunk while the current page stays (the progress bar shows if that takes
// over 200 ms), then swaps the page and pushes history; a failed preload logs
// a warning and falls back to a full page load. Back and forward cannot wait
// (the URL has already changed), so the content area goes through the
// loading states instead: loading, a spinner after 200 ms, an error with
// Retry. Scroll positions are kept per history entry.
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { normalizePath } from '../src/shared/paths.ts';
import type { Chunk } from '../src/shared/view.ts';
import { clickedPageUrl, fetchChunk } from './links.ts';
import { startProgress } from './progress.ts';

export const SPINNER_DELAY = 200;

export type ContentState = { status: 'shown' | 'loading' | 'spinner' } | { status: 'error'; message: string };

interface Arrival {
  hash: string;
  /** The saved scroll position when going back or forward. */
  scroll?: number;
}

interface EntryState {
  key?: string;
  scroll?: number;
}

const scrolls = new Map<string, number>();
const state = (): EntryState => (history.state as EntryState | null) ?? {};
const newKey = (): string => Math.random().toString(36).slice(2, 8);

/** The key of the current history entry, given one if it has none. */
function entryKey(): string {
  const key = state().key ?? newKey();
  if (!state().key) history.replaceState({ ...state(), key }, '');
  return key;
}

function scrollToHash(hash: string): boolean {
  const target = hash.length > 1 ? document.getElementById(decodeURIComponent(hash.slice(1))) : null;
  target?.scrollIntoView();
  return Boolean(target);
}

/** After a page is shown: title, scroll, focus on its heading. */
function arrive(chunk: Chunk, arrival: Arrival): void {
  document.title = chunk.page.documentTitle;
  if (arrival.scroll !== undefined) scrollTo(0, arrival.scroll);
  else if (!scrollToHash(arrival.hash)) scrollTo(0, 0);
  const heading = document.querySelector<HTMLElement>('#content h1') ?? document.getElementById('main-content');
  if (!heading) return;
  if (!heading.hasAttribute('tabindex')) heading.tabIndex = -1;
  heading.focus({ preventScroll: true });
}

export function useNavigation(initial: Chunk, onLeave: () => void): { view: Chunk; content: ContentState; reload: () => void } {
  const [view, setView] = useState(initial);
  const [content, setContent] = useState<ContentState>({ status: 'shown' });
  const here = useRef('');
  const key = useRef('');
  const ticket = useRef(0);
  const arrival = useRef<Arrival>(undefined);

  const show = (chunk: Chunk, to: Arrival): void => {
    here.current = normalizePath(location.pathname);
    arrival.current = to;
    setView(chunk);
    setContent({ status: 'shown' });
    onLeave();
  };

  const go = async (url: URL): Promise<void> => {
    const path = normalizePath(url.pathname);
    const t = ++ticket.current;
    const done = startProgress();
    let chunk: Chunk;
    try {
      chunk = await fetchChunk(path);
    } catch (e) {
      if (t === ticket.current) {
        console.warn(`pkidocs: ${path} could not be preloaded, so it is loaded in full. ${(e as Error).message}`);
        location.assign(url.href);
      }
      return;
    } finally {
      done();
    }
    if (t !== ticket.current) return;
    scrolls.set(key.current, scrollY);
    key.current = newKey();
    history.pushState({ key: key.current }, '', path + url.search + url.hash);
    show(chunk, { hash: url.hash });
  };

  const load = async (scroll?: number): Promise<void> => {
    const hash = location.hash;
    const t = ++ticket.current;
    setContent({ status: 'loading' });
    const spinner = setTimeout(() => t === ticket.current && setContent({ status: 'spinner' }), SPINNER_DELAY);
    const done = startProgress();
    try {
      const chunk = await fetchChunk(location.pathname);
      if (t === ticket.current) show(chunk, { hash, scroll });
    } catch (e) {
      if (t === ticket.current) setContent({ status: 'error', message: (e as Error).message });
    } finally {
      clearTimeout(spinner);
      done();
    }
  };

  useEffect(() => {
    history.scrollRestoration = 'manual';
    const path = normalizePath(location.pathname);
    // /x.html and /x/index.html are shown as /x (an exact route match was served as it is).
    if (path !== location.pathname && path === initial.page.path) history.replaceState(state(), '', path + location.search + location.hash);
    here.current = path;
    key.current = entryKey();
    const saved = state().scroll;
    if (saved !== undefined) scrollTo(0, saved);

    let frame = 0;
    const onScroll = (): void => {
      frame ||= requestAnimationFrame(() => {
        frame = 0;
        scrolls.set(key.current, scrollY);
      });
    };
    const onClick = (e: MouseEvent): void => {
      const url = clickedPageUrl(e);
      if (!url) return;
      const samePage = normalizePath(url.pathname) === here.current;
      // A #fragment on this page is the browser's job.
      if (samePage && url.hash) return;
      e.preventDefault();
      if (samePage) scrollTo(0, 0);
      else void go(url);
    };
    const onPop = (): void => {
      scrolls.set(key.current, scrollY);
      key.current = entryKey();
      const saved = scrolls.get(key.current) ?? state().scroll;
      if (normalizePath(location.pathname) !== here.current) void load(saved);
      else if (saved !== undefined) scrollTo(0, saved);
      else scrollToHash(location.hash);
    };
    const onHide = (): void => history.replaceState({ ...state(), key: key.current, scroll: scrollY }, '');
    addEventListener('scroll', onScroll, { passive: true });
    document.addEventListener('click', onClick);
    addEventListener('popstate', onPop);
    addEventListener('pagehide', onHide);
    // Registered once, for the life of the page: the handlers read the current page through refs.
  }, []);

  useLayoutEffect(() => {
    const to = arrival.current;
    arrival.current = undefined;
    if (to) arrive(view, to);
  }, [view]);

  return { view, content, reload: () => void load() };
}
