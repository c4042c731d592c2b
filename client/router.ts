// The router: decides what a click, back or forward does, keeps a scroll
// position per history entry, and reports what to show through callbacks
// (the React side lives in navigation.ts).
//
// A click on a page link preloads the target's content chunk while the
// current page stays (the progress bar shows if that takes over 200 ms), then
// pushes history and shows it; a failed preload logs a warning and falls back
// to a full page load. Back and forward cannot wait (the URL has already
// changed), so they go through the content loading states instead: loading,
// a spinner after 200 ms, an error with Retry.
import { normalizePath } from '../src/shared/paths.ts';
import type { Chunk } from '../src/shared/view.ts';
import { toRoute, toUrl } from './base.ts';
import { clickedPageUrl, fetchChunk } from './links.ts';
import { startProgress } from './progress.ts';

export const SPINNER_DELAY = 200;

export type ContentState = { status: 'shown' | 'loading' | 'spinner' } | { status: 'error'; message: string };

export interface Arrival {
  hash: string;
  /** The saved scroll position when going back or forward. */
  scroll?: number;
}

export interface RouterCallbacks {
  show(chunk: Chunk, arrival: Arrival): void;
  setContent(state: ContentState): void;
}

interface EntryState {
  key?: string;
  scroll?: number;
}

const state = (): EntryState => (history.state as EntryState | null) ?? {};
const newKey = (): string => Math.random().toString(36).slice(2, 8);

/** The key of the current history entry, given one if it has none. */
function entryKey(): string {
  const key = state().key ?? newKey();
  if (!state().key) history.replaceState({ ...state(), key }, '');
  return key;
}

export function scrollToHash(hash: string): boolean {
  let id = hash.slice(1);
  try {
    id = decodeURIComponent(id);
  } catch {
    // A malformed escape: look the id up as written.
  }
  const target = id ? document.getElementById(id) : null;
  target?.scrollIntoView();
  return Boolean(target);
}

export class Router {
  /** The path on screen (the not-found page keeps the path it was asked for). */
  private here = normalizePath(toRoute(location.pathname));
  private key = entryKey();
  /** The docs version of the page loaded: another version's pages come with their own site data (sidebars, footer). */
  private version = '';
  /** Only the latest route change may show its page. */
  private ticket = 0;
  private readonly scrolls = new Map<string, number>();
  private readonly callbacks: RouterCallbacks;

  constructor(callbacks: RouterCallbacks) {
    this.callbacks = callbacks;
  }

  private show(chunk: Chunk, arrival: Arrival): void {
    this.here = normalizePath(toRoute(location.pathname));
    this.callbacks.show(chunk, arrival);
  }

  /** A click: preload, then show and push history. */
  async go(url: URL): Promise<void> {
    const path = normalizePath(toRoute(url.pathname));
    const ticket = ++this.ticket;
    const done = startProgress();
    let chunk: Chunk;
    try {
      chunk = await fetchChunk(path);
    } catch (e) {
      if (ticket === this.ticket) {
        console.warn(`pkidocs: ${path} could not be preloaded, so it is loaded in full. ${(e as Error).message}`);
        location.assign(url.href);
      }
      return;
    } finally {
      done();
    }
    if (ticket !== this.ticket) return;
    if ((chunk.page.version ?? '') !== this.version) {
      location.assign(url.href);
      return;
    }
    this.scrolls.set(this.key, scrollY);
    this.key = newKey();
    history.pushState({ key: this.key }, '', toUrl(path) + url.search + url.hash);
    this.show(chunk, { hash: url.hash });
  }

  /** Back, forward, Retry: the URL is already the target's; the content area shows the loading states. */
  async load(scroll?: number): Promise<void> {
    const hash = location.hash;
    const ticket = ++this.ticket;
    this.callbacks.setContent({ status: 'loading' });
    const spinner = setTimeout(() => ticket === this.ticket && this.callbacks.setContent({ status: 'spinner' }), SPINNER_DELAY);
    const done = startProgress();
    try {
      const chunk = await fetchChunk(toRoute(location.pathname));
      if (ticket !== this.ticket) return;
      if ((chunk.page.version ?? '') !== this.version) location.reload();
      else this.show(chunk, { hash, scroll });
    } catch (e) {
      if (ticket === this.ticket) this.callbacks.setContent({ status: 'error', message: (e as Error).message });
    } finally {
      clearTimeout(spinner);
      done();
    }
  }

  private onClick = (e: MouseEvent): void => {
    const url = clickedPageUrl(e);
    if (!url) return;
    const samePage = normalizePath(toRoute(url.pathname)) === this.here;
    // A #fragment on this page is the browser's job.
    if (samePage && url.hash) return;
    e.preventDefault();
    if (samePage) scrollTo(0, 0);
    else void this.go(url);
  };

  private onPop = (): void => {
    this.scrolls.set(this.key, scrollY);
    this.key = entryKey();
    const saved = this.scrolls.get(this.key) ?? state().scroll;
    if (normalizePath(toRoute(location.pathname)) !== this.here) void this.load(saved);
    else if (saved !== undefined) scrollTo(0, saved);
    else scrollToHash(location.hash);
  };

  /** Takes over links, history and scroll restoration for the life of the page. */
  start(initialPath: string, version = ''): void {
    this.version = version;
    history.scrollRestoration = 'manual';
    // /x.html and /x/index.html are shown as /x (an exact route match was served as it is).
    if (toUrl(this.here) !== location.pathname && this.here === initialPath) history.replaceState(state(), '', toUrl(this.here) + location.search + location.hash);
    const saved = state().scroll;
    if (saved !== undefined) scrollTo(0, saved);
    let frame = 0;
    addEventListener('scroll', () => {
      frame ||= requestAnimationFrame(() => {
        frame = 0;
        this.scrolls.set(this.key, scrollY);
      });
    }, { passive: true });
    document.addEventListener('click', this.onClick);
    addEventListener('popstate', this.onPop);
    addEventListener('pagehide', () => history.replaceState({ ...state(), key: this.key, scroll: scrollY }, ''));
  }
}
