// @vitest-environment happy-dom
// Prefetch in a DOM (happy-dom), against a real HTTP server: which links are
// fetched ahead, when (hover, touch, scrolled into view), and never twice.
// happy-dom computes no layout, so scrolling into view is played by a small
// IntersectionObserver stand-in that the test fires, as a browser would.
import nodeConsole from 'node:console';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';

const requests: string[] = [];
let server: Server;

/** The observers created, with the elements each watches. */
const observers: Viewport[] = [];
class Viewport {
  readonly watched = new Set<Element>();
  constructor(private readonly callback: (entries: { target: Element; isIntersecting: boolean }[]) => void) {
    observers.push(this);
  }
  observe(el: Element): void { this.watched.add(el); }
  unobserve(el: Element): void { this.watched.delete(el); }
  disconnect(): void { this.watched.clear(); }
  /** The browser reports these elements entering (or leaving) the viewport. */
  fire(els: Element[], isIntersecting = true): void {
    this.callback(els.map((target) => ({ target, isIntersecting })));
  }
}

const chunkRequest = (route: string) => `/_pkidocs/chunks${route}.json`;
const hover = (el: Element, type = 'mouseover') => el.dispatchEvent(new Event(type, { bubbles: true }));
/** Waits until the server has seen `n` requests (prefetches are fire-and-forget). */
const requested = (n: number) => expect.poll(() => requests.length, { timeout: 5_000, interval: 5 }).toBe(n);
/** A link hovered after the others: once its request arrives, theirs would have too. Leaves the others' requests, sorted. */
async function settle(): Promise<void> {
  const probe = chunkRequest(`/docs/probe-${probes}`);
  hover(document.getElementById(`probe-${probes}`)!);
  probes++;
  await expect.poll(() => requests.includes(probe), { timeout: 5_000, interval: 5 }).toBe(true);
  requests.splice(requests.indexOf(probe), 1);
  requests.sort();
}
let probes = 0;

let root: HTMLElement;
const current = '/docs/start';

beforeAll(async () => {
  server = createServer((req, res) => {
    requests.push(req.url ?? '/');
    if (req.url === chunkRequest('/docs/broken')) req.socket.destroy();
    else res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  (globalThis as unknown as { happyDOM: { setURL(url: string): void } }).happyDOM.setURL(`${origin}/docs/start`);
  vi.stubGlobal('IntersectionObserver', Viewport);
  const links = ['a', 'b', 'c', 'd', 'e', 'e-2', 'broken', 'start'].map((n) => `<a id="to-${n}" href="/docs/${n}">${n}</a>`).join('');
  const probeLinks = Array.from({ length: 20 }, (_, i) => `<a id="probe-${i}" href="/docs/probe-${i}">p</a>`).join('');
  document.body.innerHTML = `<main>${links}<a id="away" href="https://elsewhere.example/docs/x">x</a><a id="pdf" href="/r.pdf">pdf</a><span id="plain">text</span>${probeLinks}</main><footer><a id="outside" href="/docs/outside">o</a></footer>`;
  root = document.querySelector('main')!;
  const { watchLinks } = await import('../../../client/prefetch.ts');
  watchLinks(root, () => current);
});
afterAll(() => {
  vi.unstubAllGlobals();
  return new Promise<void>((done) => server.close(() => done()));
});
beforeEach(() => {
  requests.length = 0;
});

const el = (id: string) => document.getElementById(id)!;

describe('prefetch', () => {
  it('fetches the content chunk of a hovered or touched page link, once', async () => {
    hover(el('to-a'));
    await requested(1);
    expect(requests).toEqual([chunkRequest('/docs/a')]);
    hover(el('to-a'));
    hover(el('to-b'), 'touchstart');
    hover(el('to-a'), 'touchstart');
    await settle();
    expect(requests).toEqual([chunkRequest('/docs/a'), chunkRequest('/docs/b')]);
  });

  it('skips the page on screen, other sites, files, and what is not a link', async () => {
    hover(el('to-start'));
    hover(el('away'));
    hover(el('pdf'));
    hover(el('plain'));
    hover(root);
    await settle();
    expect(requests).toEqual([]);
  });

  it('fetches nothing on a 2G connection or with data-saver on, and again once they are gone', async () => {
    Object.defineProperty(navigator, 'connection', { value: { saveData: true }, configurable: true });
    hover(el('to-c'));
    Object.defineProperty(navigator, 'connection', { value: { effectiveType: 'slow-2g' }, configurable: true });
    hover(el('to-c'));
    Object.defineProperty(navigator, 'connection', { value: { effectiveType: '4g' }, configurable: true });
    await settle();
    expect(requests).toEqual([]);
    hover(el('to-c')); // not marked as fetched while it was skipped
    await requested(1);
    expect(requests).toEqual([chunkRequest('/docs/c')]);
  });

  it('watches every link under the root, and fetches one when it scrolls into view, then stops watching it', async () => {
    const viewport = observers.at(-1)!;
    expect(observers).toHaveLength(1);
    expect([...viewport.watched]).toEqual([...root.querySelectorAll('a[href]')]);
    viewport.fire([el('to-d')], false); // left the viewport: nothing
    await settle();
    expect(requests).toEqual([]);
    viewport.fire([el('to-d')]);
    await requested(1);
    expect(requests).toEqual([chunkRequest('/docs/d')]);
    expect(viewport.watched.has(el('to-d'))).toBe(false);
    expect(viewport.watched.has(el('to-e'))).toBe(true);
  });

  it('watches links added later, and lets go of removed ones, after the next frame', async () => {
    const viewport = observers.at(-1)!;
    const added = document.createElement('a');
    added.href = '/docs/added';
    root.append(added);
    el('to-e').remove();
    await expect.poll(() => viewport.watched.has(added), { timeout: 5_000, interval: 5 }).toBe(true);
    expect(viewport.watched.has(el('to-a'))).toBe(true);
    expect([...viewport.watched].some((a) => a.id === 'to-e')).toBe(false);
    viewport.fire([added]);
    await requested(1);
    expect(requests).toEqual([chunkRequest('/docs/added')]);
  });

  it('uses a prefetch link element where the browser supports it, once per page', () => {
    const tokenList = Object.getPrototypeOf(document.createElement('link').relList) as DOMTokenList;
    const supports = vi.spyOn(tokenList, 'supports').mockImplementation((token: string) => token === 'prefetch');
    hover(el('to-e-2'));
    hover(el('to-e-2'));
    expect(supports).toHaveBeenCalledWith('prefetch');
    const links = [...document.head.querySelectorAll('link')];
    expect(links.map((l) => [l.rel, l.getAttribute('href')])).toEqual([['prefetch', chunkRequest('/docs/e-2')]]);
    supports.mockRestore();
  });

  it('allows prefetch on a connection that reports neither its type nor data-saver', async () => {
    const { prefetchAllowed } = await import('../../../client/prefetch.ts');
    expect(prefetchAllowed({})).toBe(true);
    expect(prefetchAllowed({ saveData: false })).toBe(true);
  });

  it('tries a page again after a failed prefetch', async () => {
    // The page's console (Node's own, not the test's) reports each failed request, as a browser's does: caught here, and counted.
    const logged = vi.spyOn(nodeConsole, 'error').mockImplementation(() => {});
    hover(el('to-broken'));
    await requested(1);
    // Hovered again until the failure has reached the page and a second request goes out; a hover while
    // the second is on its way does nothing (the page counts as fetched until it fails), so none follows it.
    await expect.poll(() => {
      if (requests.length < 2) hover(el('to-broken'));
      return requests.length;
    }, { timeout: 5_000, interval: 20 }).toBe(2);
    expect(requests).toEqual([chunkRequest('/docs/broken'), chunkRequest('/docs/broken')]);
    // Both failures reached the page before the server closes: nothing is left under way.
    await expect.poll(() => logged.mock.calls.length, { timeout: 5_000, interval: 5 }).toBe(2);
    expect(logged.mock.calls.map(([e]) => (e as NodeJS.ErrnoException).code)).toEqual(['ECONNRESET', 'ECONNRESET']);
    logged.mockRestore();
  });
});
