// `pkidocs serve --watch` end to end: the real CLI runs in a fixture with its
// own copy of the sources, and the test edits that copy and listens to the
// reload channel as an open page would. Covers live rebuilds of each kind of
// change, coalescing, the error overlay and recovery, and a clean Ctrl-C.
// Every wait is for an event (bounded in time, never a fixed sleep): each
// rebuild's event carries its number and the files it read, so a save waits
// for the rebuild of that file, and each test starts once every earlier
// change has been built (`settle`).
import type { ChildProcess } from 'node:child_process';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { open } from 'node:fs/promises';
import { createServer } from 'node:net';
import * as cheerio from 'cheerio';
import { QUIET_MS } from '../../src/dev/watcher.ts';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { hydrated, launchBrowser, openPage, type BrowserHandle } from '../e2e/support/browser.ts';
import type { Fixture } from './helpers/fixture.ts';
import { SseClient, type SseEvent } from './helpers/sse.ts';
import { startWatching, type WatchSession } from './helpers/watch-session.ts';

let watch: WatchSession;
let site: Fixture;
let cli: ChildProcess;
let url = '';
let events: SseClient;

const INSTALL = 'content/docs/installation.md';
const STEPS = 'content/docs/examples/certificates-and-revocation/first-steps.md';
/** A file no page reads: saving it makes a rebuild that changes nothing. */
const MARKER = 'content/docs/settle.txt';
type Build = { build: number; files: string[] };
type Reload = Build & { paths: string[]; all: boolean };
type Failed = Build & { diagnostics: { code: string; location?: string; message: string; hint?: string }[] };

async function page(path: string): Promise<{ status: number; $: cheerio.CheerioAPI; html: string }> {
  const res = await fetch(`${url}${path}`);
  const html = await res.text();
  return { status: res.status, $: cheerio.load(html), html };
}

const lastBuild = (): number => watch.lastBuild();

/** Rebuilds reported after rebuild number `after`, in order. */
function buildsAfter(after: number): SseEvent[] {
  return events.events.filter((e) => e.event !== 'hello' && (e.data as Build).build > after);
}

/** The first rebuild numbered after `after` that read `rel`, whether it succeeded or failed. */
function rebuildOf(rel: string, after: number): Promise<SseEvent> {
  return events.next(['reload', 'failed'], (d: Build) => d.build > after && d.files.includes(rel), 30_000);
}

/**
 * Saves a file (in one write, as editors do) and returns the rebuild that read
 * it, which must end as `outcome`.
 */
async function save(rel: string, change: (text: string) => string, outcome: 'reload' | 'failed' = 'reload'): Promise<SseEvent> {
  const text = change(await site.read(rel));
  const after = lastBuild();
  writeFileSync(site.path(rel), text);
  const rebuild = await rebuildOf(rel, after);
  expect(rebuild.event, `the rebuild of ${rel}: ${JSON.stringify(rebuild.data)}`).toBe(outcome);
  return rebuild;
}

let settles = 0;
/**
 * Waits until every change made so far has been built: runs never overlap and
 * changes seen during one join the next, so the rebuild that reads a fresh
 * save of MARKER comes after (or includes) all of them. Returns its number.
 */
async function settle(): Promise<number> {
  const after = lastBuild();
  writeFileSync(site.path(MARKER), `settle ${++settles}\n`);
  return ((await rebuildOf(MARKER, after)).data as Build).build;
}

beforeAll(async () => {
  watch = await startWatching('watch');
  ({ site, cli, url, events } = watch);
});

beforeEach(async () => {
  await settle();
});

afterAll(() => watch?.stop());

describe('live rebuilds', () => {
  it('rebuilds an edited page and tells the open pages, with the reload script only in served HTML', async () => {
    const reload = await save(INSTALL, (t) => t.replace('Run the installer.', 'Run the new installer.'));
    expect(reload.data).toMatchObject({ files: [INSTALL], paths: ['/docs/installation'], all: false });
    const served = await page('/docs/installation');
    expect(served.$('p:contains("Run the new installer.")').length).toBe(1);
    expect(served.html).toContain('/__pkidocs/events');
    expect(await site.read('out/docs/installation/index.html')).not.toContain('/__pkidocs/events');
  });

  it('coalesces a burst of saves into one rebuild that sees every change', async () => {
    const before = lastBuild();
    const [install, stepsText] = await Promise.all([site.read(INSTALL), site.read(STEPS)]);
    // One burst, as an editor's "save all" makes it: three saves of two files within a millisecond.
    writeFileSync(site.path(INSTALL), install.replace('new installer', 'burst installer'));
    writeFileSync(site.path(STEPS), stepsText.replace('## Make one', '## Make one now'));
    writeFileSync(site.path(INSTALL), install.replace('new installer', 'final installer'));
    const burst = await events.next(['reload', 'failed'], (d: Build) => d.build > before && (d.files.includes(INSTALL) || d.files.includes(STEPS)), 30_000);
    expect(burst.event).toBe('reload');
    expect((burst.data as Reload).files.sort()).toEqual([INSTALL, STEPS].sort());
    // The real config's 4.0 shares the examples: the edited example is reloaded in both versions.
    expect((burst.data as Reload).paths.sort()).toEqual(['/docs/4.0/examples/certificates-and-revocation/first-steps', '/docs/examples/certificates-and-revocation/first-steps', '/docs/installation']);
    // The next rebuild is the marker's alone: the burst made no second one.
    await settle();
    expect(buildsAfter(before).map((e) => (e.data as Build).files.sort())).toEqual([[INSTALL, STEPS].sort(), [MARKER]]);
    expect((await page('/docs/installation')).$('p:contains("Run the final installer.")').length).toBe(1);
    expect((await page('/docs/examples/certificates-and-revocation/first-steps')).$('h2').first().text()).toBe('Make one now');
  });

  it('never loses the last of two quick saves of one file', async () => {
    const before = lastBuild();
    const text = await site.read(INSTALL);
    // Two saves 30 ms apart, as a format-on-save makes them: chokidar drops the second event of a file within 50 ms.
    writeFileSync(site.path(INSTALL), text.replace('final installer', 'first of two'));
    await new Promise((r) => setTimeout(r, 30));
    writeFileSync(site.path(INSTALL), text.replace('final installer', 'second of two'));
    await settle();
    const installs = buildsAfter(before).filter((e) => (e.data as Build).files.includes(INSTALL));
    expect(installs.map((e) => e.event)).toContain('reload');
    expect((await page('/docs/installation')).$('p:contains("Run the second of two.")').length).toBe(1);
  });

  it('waits for a slow write to finish: no overlay for the half-written page, one reload with the final text', async () => {
    // Truncate, then chunks: 20 ms (inside chokidar's 50 ms throttle, no event), then longer than the
    // quiet window, and so on, so the events fall quiet for a whole window while the file is half-written.
    // Only the identity look at the window's end tells such a file from a finished one, and only if it
    // comes on time: a writer (or a watcher) starved past the window by a loaded machine (load 15: two
    // reloads) makes a pause no watcher can tell from the end. So the write is tried up to three times;
    // any one try that reloads once with the final text shows the wait, and every try is reported.
    const tries: string[] = [];
    for (let attempt = 1; attempt <= 3; attempt++) {
      const before = lastBuild();
      const words = `slowly written installer ${attempt}`;
      const text = (await site.read(INSTALL)).replace(/Run the [^.]*\./, `Run the ${words}.`);
      const handle = await open(site.path(INSTALL), 'r+');
      await handle.truncate(0);
      const chunks = text.match(/[^]{1,25}/g)!; // the first one ends inside the front matter
      for (let i = 0, at = 0; i < chunks.length; at += chunks[i]!.length, i++) {
        await new Promise((r) => setTimeout(r, i % 2 ? QUIET_MS + 20 : 20));
        await handle.write(chunks[i]!, at);
      }
      await handle.close();
      await settle();
      const installs = buildsAfter(before).filter((e) => (e.data as Build).files.includes(INSTALL)).map((e) => e.event);
      const shown = (await page('/docs/installation')).$(`p:contains("Run the ${words}.")`).length;
      tries.push(`try ${attempt}: ${JSON.stringify(installs)}, final text shown: ${shown === 1}`);
      // Whatever the tries, the final text is what the site shows.
      expect(shown, tries.join('\n')).toBe(1);
      if (installs.length === 1 && installs[0] === 'reload') return;
    }
    expect.fail(`No try reloaded once:\n${tries.join('\n')}`);
  });

  it('re-renders every page after a template edit, without running TypeDoc', async () => {
    const reload = await save('templates/layout/Footer.tsx', (t) => t.replace('</footer>', '<p className="footer__note">Edited footer</p></footer>'));
    expect((reload.data as Reload).all).toBe(true);
    for (const path of ['/docs/installation', '/docs/api/classes/Certificate', '/']) {
      expect((await page(path)).$('.footer__note').text()).toBe('Edited footer');
    }
    const line = (await watch.waitForOutput(/^↻ templates\/layout\/Footer\.tsx → .*$/m))[0];
    expect(line).toContain('render');
    expect(line).not.toMatch(/\bapi\b/);
  });

  it('reloads the API pages alone, with the edit on them, after an API page template edit', async () => {
    const reload = await save('templates/api/ItemPage.tsx', (t) => t.replace('<span className="kd">', '<span className="kd" data-watch-edit="">'));
    const { paths, all } = reload.data as Reload;
    expect(all).toBe(false);
    // Every item page of each documented version's API, and no other page.
    expect(paths).toContain('/docs/api/classes/Certificate');
    expect(paths).toContain('/docs/4.0/api/classes/Certificate');
    expect(paths.every((p) => /^\/docs\/(4\.0\/)?api\/(classes|interfaces|enumerations)\//.test(p))).toBe(true);
    for (const path of ['/docs/api/classes/Certificate', '/docs/4.0/api/classes/Certificate']) {
      expect((await page(path)).$('.kd[data-watch-edit]')).toHaveLength(1);
    }
    expect((await page('/docs/installation')).status).toBe(200);
  });

  it('re-renders every page after a config edit, and the home page after a page module edit', async () => {
    const config = await save('content/site.config.ts', (t) => t.replace("copyright: 'PKI.js", "copyright: 'Edited: PKI.js"));
    expect((config.data as Reload).all).toBe(true);
    expect((await page('/docs/installation')).$('.footer__copyright').text()).toMatch(/^Edited: PKI\.js/);
    const home = await save('content/pages/index.tsx', (t) => t.replace("'Fixture home'", "'Edited home'"));
    expect((home.data as Reload).paths).toContain('/');
    expect((await page('/')).$('main h1').first().text()).toBe('Edited home');
  });

  it('re-runs the API stage when the type definitions change', async () => {
    const dts = 'node_modules/pkijs/build/index.d.ts';
    const reload = await save(dts, (t) => `${t}/** A class added while watching. */\nexport declare class AddedLater {\n    /** Its name. */\n    name: string;\n}\n`);
    expect((reload.data as Reload).all).toBe(true);
    const added = await page('/docs/api/classes/AddedLater');
    expect(added.status).toBe(200);
    expect(added.$('h1').first().text()).toContain('AddedLater');
  }, 60_000);
});

describe('errors while watching', () => {
  it('shows bad front matter in the overlay, keeps serving the last good page, and clears it on the fix', async () => {
    const failed = await save(INSTALL, (t) => t.replace('title: Installation', 'title: [unclosed'), 'failed');
    const [problem] = (failed.data as Failed).diagnostics;
    expect(problem).toMatchObject({ code: 'content/bad-front-matter' });
    expect(problem!.location).toMatch(/^content\/docs\/installation\.md:\d+/);
    expect(watch.output()).toContain('content/bad-front-matter');
    const stale = await page('/docs/installation');
    expect([stale.status, stale.$('article h1, main h1').first().text()]).toEqual([200, 'Installation']);
    // A page opened now learns about the problem as soon as it connects.
    const late = await SseClient.connect(`${url}/__pkidocs/events`);
    expect((late.events[0]!.data as Failed).diagnostics[0]?.code).toBe('content/bad-front-matter');
    late.close();
    const fixed = await save(INSTALL, (t) => t.replace('title: [unclosed', 'title: Installing'));
    expect((fixed.data as Reload).all || (fixed.data as Reload).paths.includes('/docs/installation')).toBe(true);
    expect((await page('/docs/installation')).$('article h1, main h1').first().text()).toBe('Installing');
  });

  it('locates a template that throws at its line, and recovers when it is fixed', async () => {
    const footer = 'templates/layout/Footer.tsx';
    const good = await site.read(footer);
    const start = /export function Footer\([^)]*\)[^{]*\{/.exec(good)!;
    const line = good.slice(0, start.index).split('\n').length + 1;
    const failed = await save(footer, (t) => t.replace(start[0], `${start[0]}\n  throw new Error('the footer broke');`), 'failed');
    const [problem] = (failed.data as Failed).diagnostics;
    expect(problem!.message).toContain('the footer broke');
    expect(problem!.location).toMatch(new RegExp(`^templates/layout/Footer\\.tsx:${line}:\\d+$`));
    // The fix restores the last good site: the reload event clears the overlay, with nothing to reload.
    await save(footer, () => good);
    expect((await page('/docs/installation')).$('.footer__note').text()).toBe('Edited footer');
  });

  it('shows a syntax error in client code with its location, and recovers when it is fixed', async () => {
    const main = 'client/main.tsx';
    const good = await site.read(main);
    const failed = await save(main, (t) => `${t}\nconst broken = ;\n`, 'failed');
    const [problem] = (failed.data as Failed).diagnostics;
    expect(problem!.code).toBe('dev/syntax-error');
    expect(problem!.location).toBe(`client/main.tsx:${good.split('\n').length + 1}:16`);
    // The fix restores the last good bundle: nothing to reload, but the overlay clears.
    const reload = await save(main, () => good);
    expect(reload.data).toMatchObject({ paths: [], all: false });
  });
});

describe('in the browser', () => {
  let browser: BrowserHandle;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('reloads the page being read where the reader was, and shows then clears the error overlay', async () => {
    const filler = Array.from({ length: 80 }, (_, i) => `Filler paragraph ${i}.`).join('\n\n');
    await save(INSTALL, (t) => `${t}\n${filler}\n`);
    const { page, errors } = await openPage(browser);
    await page.goto(`${url}/docs/installation`);
    await hydrated(page);
    await page.evaluate(() => window.scrollTo(0, 1500));
    const y = await page.evaluate(() => scrollY);
    expect(y).toBeGreaterThan(1000);

    const reloaded = page.waitForEvent('load');
    await save(INSTALL, (t) => t.replace('Filler paragraph 3.', 'Edited paragraph 3.'));
    await reloaded;
    await hydrated(page);
    await expect.poll(() => page.evaluate(() => document.body.textContent!.includes('Edited paragraph 3.'))).toBe(true);
    await expect.poll(() => page.evaluate(() => scrollY)).toBe(y);

    const title = /^title: (.*)$/m.exec(await site.read(INSTALL))![1]!;
    await save(INSTALL, (t) => t.replace(`title: ${title}`, 'title: [broken'), 'failed');
    const overlay = page.locator('#__pkidocs-overlay');
    await overlay.waitFor();
    expect(await overlay.textContent()).toMatch(/content\/docs\/installation\.md:\d+.*content\/bad-front-matter/s);
    await save(INSTALL, (t) => t.replace('title: [broken', `title: ${title}`));
    await overlay.waitFor({ state: 'detached' });
    expect(errors()).toEqual([]);
    await page.context().close();
  });
});

describe('stopping', () => {
  it('stops on Ctrl-C: exit code 0, the port released, no process left behind', async () => {
    const children = childPids(cli.pid!);
    const exited = new Promise<number | null>((resolve) => cli.once('exit', (code) => resolve(code)));
    cli.kill('SIGINT');
    expect(await exited).toBe(0);
    expect(watch.output()).toContain('Stopped');
    const port = Number(new URL(url).port);
    await expect(listenOn(port)).resolves.toBeUndefined();
    // esbuild's helper may take a moment to go once stopped: wait for it, but only so long.
    await expect.poll(() => children.filter(alive), { timeout: 5_000 }).toEqual([]);
  });
});

/** Processes whose parent is `pid` (esbuild's service, for one), from /proc. */
function childPids(pid: number): number[] {
  return readdirSync('/proc').filter((d) => /^\d+$/.test(d)).flatMap((d) => {
    try {
      const stat = readFileSync(`/proc/${d}/stat`, 'utf8');
      return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]) === pid ? [Number(d)] : [];
    } catch {
      return [];
    }
  });
}

/** Running, that is: not gone and not a zombie waiting for init to reap it. */
function alive(pid: number): boolean {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2)[0] !== 'Z';
  } catch {
    return false;
  }
}

function listenOn(port: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const probe = createServer().once('error', reject).listen(port, '127.0.0.1', () => probe.close(() => resolve()));
  });
}
