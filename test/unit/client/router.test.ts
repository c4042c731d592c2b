// @vitest-environment happy-dom
// The router in a DOM (happy-dom), against a real HTTP server for the content
// chunks: what a click, a failed preload, back/forward and a slow load do.
// The spec's numbers are written here as literals (spinner after 200 ms).
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Arrival, ContentState } from '../../../client/router.ts';
import { Router, scrollToHash } from '../../../client/router.ts';
import type { Chunk } from '../../../src/shared/view.ts';

/** Route → [delay in ms, chunk]; any other chunk is a 404 (after its delay, if listed with no chunk). */
const routes: Record<string, [number, Chunk | undefined]> = {};
const chunk = (name: string): Chunk => ({ page: { title: name }, html: `<p>${name}</p>` }) as unknown as Chunk;
for (const name of ['start', 'a', 'b', 'c']) routes[`/docs/${name}`] = [0, chunk(name)];
routes['/docs/slow'] = [450, chunk('slow')];
routes['/docs/quick'] = [60, chunk('quick')];
routes['/docs/slow-missing'] = [300, undefined];

const requests: string[] = [];
let answered = 0;
let server: Server;
let origin = '';

const shown: { chunk: Chunk; arrival: Arrival; path: string }[] = [];
const states: ContentState[] = [];
let router: Router;

/**
 * happy-dom prints every 404 a fetch gets, as a browser's console would, on the console it was created
 * with (the worker's own stderr, past vitest's capture). The missing chunks here are expected: their
 * lines are dropped; any other line still prints.
 */
const EXPECTED_404 = /^GET \S+\/_pkidocs\/chunks\/docs\/(?:slow-)?missing\.json 404 \(Not Found\)\n$/;
const writeStderr = process.stderr.write;
beforeAll(() => {
  process.stderr.write = function (this: NodeJS.WriteStream, chunk: unknown, ...rest: unknown[]) {
    if (typeof chunk === 'string' && EXPECTED_404.test(chunk)) return true;
    return (writeStderr as (...args: unknown[]) => boolean).call(this, chunk, ...rest);
  } as typeof process.stderr.write;
});
afterAll(() => {
  process.stderr.write = writeStderr;
});

beforeAll(async () => {
  server = createServer((req, res) => {
    const url = req.url ?? '/';
    requests.push(url);
    const m = /^\/_pkidocs\/chunks(\/.*)\.json$/.exec(url);
    const [delay, body] = (m && routes[m[1]!]) || [0, undefined];
    setTimeout(() => {
      if (!body) res.writeHead(404).end('not found');
      else res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(body));
      answered++;
    }, delay);
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  // The page was served as /docs/start/index.html: the router shows it as /docs/start.
  (globalThis as unknown as { happyDOM: { setURL(url: string): void } }).happyDOM.setURL(`${origin}/docs/start/index.html?q=1#top`);
  document.body.innerHTML = `
    <main>
      <a id="to-a" href="/docs/a#intro">a</a>
      <a id="to-b" href="/docs/b">b</a>
      <a id="to-c" href="/docs/c">c</a>
      <a id="to-slow" href="/docs/slow">slow</a>
      <a id="to-slow-missing" href="/docs/slow-missing">slow missing</a>
      <a id="to-missing" href="/docs/missing">missing</a>
      <a id="here-hash" href="#part">part</a>
      <a id="here" href="/docs/start">top</a>
      <a id="file" href="/files/report.pdf">pdf</a>
      <h2 id="part">Part</h2>
      <h2 id="café">Café</h2>
    </main>`;
  router = new Router({
    show: (c, arrival) => shown.push({ chunk: c, arrival, path: location.pathname }),
    setContent: (s) => states.push(s),
  });
  router.start('/docs/start');
});
afterAll(() => new Promise<void>((done) => server.close(() => done())));
afterEach(() => {
  vi.restoreAllMocks();
  shown.length = 0;
  states.length = 0;
  requests.length = 0;
});

/** Clicks a link as a reader would; returns whether the router took the click over. */
function click(id: string, init: MouseEventInit = {}): boolean {
  const event = new MouseEvent('click', { bubbles: true, cancelable: true, button: 0, ...init });
  document.getElementById(id)!.dispatchEvent(event);
  return event.defaultPrevented;
}

/** Back or forward: the browser has already changed the URL and state when popstate fires. */
function pop(url: string, state: unknown): void {
  history.replaceState(state, '', url);
  dispatchEvent(new PopStateEvent('popstate', { state }));
}

const untilShown = (n = 1) => expect.poll(() => shown.length, { timeout: 5_000, interval: 5 }).toBe(n);

describe('the router', () => {
  it('shows /x/index.html as /x, keeping the query and fragment, and gives the entry a key', () => {
    expect(location.pathname).toBe('/docs/start');
    expect(location.search + location.hash).toBe('?q=1#top');
    expect((history.state as { key?: string }).key).toMatch(/^[a-z0-9]{1,6}$/);
  });

  it('takes over a click on a page link: preloads its chunk, then pushes history and shows it', async () => {
    const before = (history.state as { key: string }).key;
    expect(click('to-a')).toBe(true);
    await untilShown();
    expect(requests).toEqual(['/_pkidocs/chunks/docs/a.json']);
    expect(shown[0]).toEqual({ chunk: chunk('a'), arrival: { hash: '#intro' }, path: '/docs/a' });
    expect(location.pathname + location.hash).toBe('/docs/a#intro');
    const key = (history.state as { key: string }).key;
    expect(key).toMatch(/^[a-z0-9]{1,6}$/);
    expect(key).not.toBe(before);
    expect(states).toEqual([]); // a click keeps the current page until the new one is there
  });

  it('leaves modifier and middle clicks, files, and a fragment on this page to the browser', async () => {
    expect(click('to-b', { ctrlKey: true })).toBe(false);
    expect(click('to-b', { metaKey: true })).toBe(false);
    expect(click('to-b', { shiftKey: true })).toBe(false);
    expect(click('to-b', { altKey: true })).toBe(false);
    expect(click('to-b', { button: 1 })).toBe(false);
    expect(click('file')).toBe(false);
    history.pushState({ key: 'zz' }, '', '/docs/start');
    pop('/docs/start', { key: 'zz' });
    await untilShown();
    shown.length = 0;
    requests.length = 0;
    expect(click('here-hash')).toBe(false);
    expect(requests).toEqual([]);
  });

  it('scrolls to the top for a link to the page on screen, without loading it', () => {
    const scroll = vi.spyOn(window, 'scrollTo');
    expect(click('here')).toBe(true);
    expect(scroll).toHaveBeenCalledWith(0, 0);
    expect(requests).toEqual([]);
  });

  it('falls back to a full page load, with a warning, when the preload fails', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const assign = vi.spyOn(location, 'assign').mockImplementation(() => {});
    expect(click('to-missing')).toBe(true);
    await expect.poll(() => assign.mock.calls.length, { timeout: 5_000, interval: 5 }).toBe(1);
    expect(assign).toHaveBeenCalledWith(`${origin}/docs/missing`);
    expect(warn).toHaveBeenCalledWith('pkidocs: /docs/missing could not be preloaded, so it is loaded in full. The content of /docs/missing could not be loaded: the server answered 404.');
    expect(shown).toEqual([]);
    expect(location.pathname).toBe('/docs/start');
  });

  it('shows only the latest of two clicks, even when the earlier one answers later or fails', async () => {
    const assign = vi.spyOn(location, 'assign').mockImplementation(() => {});
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    click('to-slow');
    click('to-b');
    await untilShown();
    expect(shown[0]!.path).toBe('/docs/b');
    click('to-slow-missing');
    click('to-c');
    await untilShown(2);
    expect(shown[1]!.path).toBe('/docs/c');
    // Once all four have answered (the earlier two later), the earlier two changed nothing.
    const before = answered;
    await expect.poll(() => answered - before, { timeout: 5_000, interval: 5 }).toBe(2);
    await new Promise((done) => setTimeout(done, 20)); // the response reaches the page
    expect(shown.map((s) => s.path)).toEqual(['/docs/b', '/docs/c']);
    expect(assign).not.toHaveBeenCalled();
    expect(location.pathname).toBe('/docs/c');
  });

  it('back and forward load through the content states, and come back at the saved scroll position', async () => {
    // The entry of /docs/a was left at scroll 0 with its key; the browser also saved 321 on pagehide.
    pop('/docs/a#intro', { key: 'k-a', scroll: 321 });
    expect(states).toEqual([{ status: 'loading' }]);
    await untilShown();
    expect(shown[0]).toEqual({ chunk: chunk('a'), arrival: { hash: '#intro', scroll: 321 }, path: '/docs/a' });
  });

  it('shows the spinner after 200 ms of a slow back/forward load, never for a quick one', async () => {
    history.pushState({ key: 'q' }, '', '/docs/quick');
    const quick = router.load();
    await quick;
    expect(states).toEqual([{ status: 'loading' }]);
    expect(shown.map((s) => s.path)).toEqual(['/docs/quick']);
    states.length = 0;
    history.pushState({ key: 's' }, '', '/docs/slow');
    const started = Date.now();
    const slow = router.load(7);
    await expect.poll(() => states.length, { timeout: 5_000, interval: 2 }).toBe(2);
    expect(Date.now() - started).toBeGreaterThanOrEqual(195);
    expect(Date.now() - started).toBeLessThan(430);
    expect(states).toEqual([{ status: 'loading' }, { status: 'spinner' }]);
    await slow;
    expect(shown[1]).toEqual({ chunk: chunk('slow'), arrival: { hash: '', scroll: 7 }, path: '/docs/slow' });
  });

  it('shows an error in the content area when a back/forward load fails', async () => {
    history.pushState({ key: 'm' }, '', '/docs/missing');
    await router.load();
    expect(states).toEqual([{ status: 'loading' }, { status: 'error', message: 'The content of /docs/missing could not be loaded: the server answered 404.' }]);
    expect(shown).toEqual([]);
  });

  it('a newer load wins over an older slow one, which then changes nothing', async () => {
    history.pushState({ key: 's2' }, '', '/docs/slow');
    const slow = router.load();
    history.pushState({ key: 'b2' }, '', '/docs/b');
    await router.load();
    await slow;
    expect(shown.map((s) => s.path)).toEqual(['/docs/b']);
    expect(states).toEqual([{ status: 'loading' }, { status: 'loading' }]); // no spinner from the stale one
  });

  it('a failed back/forward load overtaken by a newer one shows no error', async () => {
    history.pushState({ key: 'sm' }, '', '/docs/slow-missing');
    const stale = router.load();
    history.pushState({ key: 'b3' }, '', '/docs/b');
    await router.load();
    await stale;
    expect(states).toEqual([{ status: 'loading' }, { status: 'loading' }]);
    expect(shown.map((s) => s.path)).toEqual(['/docs/b']);
  });

  it('back or forward within the page on screen restores the scroll position, else goes to the fragment, loading nothing', () => {
    const scroll = vi.spyOn(window, 'scrollTo');
    const into = vi.spyOn(HTMLElement.prototype, 'scrollIntoView');
    pop('/docs/b', { key: 'same-1', scroll: 90 });
    expect(scroll).toHaveBeenCalledWith(0, 90);
    expect(into).not.toHaveBeenCalled();
    scroll.mockClear();
    pop('/docs/b#part', { key: 'same-2' });
    expect(scroll).not.toHaveBeenCalled();
    expect(into.mock.contexts).toEqual([document.getElementById('part')]);
    expect(states).toEqual([]);
    expect(requests).toEqual([]);
  });

  it('saves the scroll position with the history entry when the page is left', async () => {
    window.scrollTo(0, 250);
    dispatchEvent(new Event('scroll'));
    await new Promise((done) => requestAnimationFrame(() => done(undefined)));
    const key = (history.state as { key: string }).key;
    dispatchEvent(new Event('pagehide'));
    expect(history.state).toEqual({ key, scroll: scrollY });
    expect(scrollY).toBe(250);
  });
});

describe('scrolling to a fragment', () => {
  it('finds the target by its decoded id, as written if the escape is malformed, and nothing for an empty one', () => {
    expect(scrollToHash('#part')).toBe(true);
    expect(scrollToHash('#caf%C3%A9')).toBe(true);
    expect(scrollToHash('#caf%C3')).toBe(false);
    expect(scrollToHash('#nowhere')).toBe(false);
    expect(scrollToHash('#')).toBe(false);
    expect(scrollToHash('')).toBe(false);
  });
});
