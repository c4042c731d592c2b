// serve --watch checks a changed static HTML file in the content stage, then
// (site/write-changes.ts) stages its copy in out/ once the pages are
// rendered. It must publish the text it checked, as a full build does: a
// copy made again from the source publishes a file rewritten in between
// unchecked, and the rebuild that rewrite triggers fails on it, so the
// watcher keeps serving that "last good" site, script included.
// The test drives the order of events itself, with no race to win: the
// dev server's test hook PKIDOCS_TEST_PAUSE=checked holds a rebuild once the
// watcher has decided to keep it (its files did not change again within the
// quiet window), after its checks and before its output is staged. The file
// is rewritten there, every time, then the rebuild goes on.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, openPage, type BrowserHandle } from '../e2e/support/browser.ts';
import { freshCheckout } from './support/fresh-checkout.ts';

const { checkout: CHECKOUT, out: OUT } = freshCheckout();
const STATIC = join(CHECKOUT, 'content/static');
const PAGE = join(STATIC, 'page.html');
/** Where the held rebuild waits; it goes on once the file is gone (src/output/test-pause.ts). */
const HELD = `${OUT}.paused`;
const plain = (text: string): string => `<!doctype html><title>plain</title><p>${text}</p>\n`;
const EVIL = '<!doctype html><title>plain</title><script>document.title = "PWNED"</script>\n';
const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));

describe('serve --watch publishes only the static files it checked', () => {
  let browser: BrowserHandle;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser.close());

  it('a static HTML file rewritten with a <script> after its check, before its write: not in out/, and runs no script', async () => {
    mkdirSync(STATIC, { recursive: true });
    writeFileSync(PAGE, plain('one'));
    const env = { ...process.env, NO_COLOR: '1', PKIDOCS_TEST_PAUSE: 'checked' };
    const cli = spawn(process.execPath, [join(CHECKOUT, 'bin/pkidocs.js'), 'serve', '--watch', '--port', '0', '--out', OUT], { cwd: CHECKOUT, env });
    let output = '';
    cli.stdout.on('data', (c: Buffer) => (output += c.toString()));
    cli.stderr.on('data', (c: Buffer) => (output += c.toString()));
    /** Waits for an event (a line, the hold); the bound only ends a run that went wrong. */
    const waitUntil = async <T>(what: string, found: () => T | undefined): Promise<T> => {
      for (const end = Date.now() + 240_000; Date.now() < end && cli.exitCode === null; await sleep(25)) {
        const result = found();
        if (result !== undefined) return result;
      }
      throw new Error(`No ${what} in the output:\n${output}`);
    };
    const line = (pattern: RegExp, from: number): Promise<number> => waitUntil(String(pattern), () => {
      const at = output.slice(from).search(pattern);
      return at < 0 ? undefined : from + at;
    });
    try {
      const url = (await waitUntil('Serving line', () => output.match(/Serving \S+ at (http:\/\/127\.0\.0\.1:\d+)\//) ?? undefined))[1]!;
      const mark = output.length;
      writeFileSync(PAGE, plain('two'));
      // The rebuild of that save is kept (page.html checked as "two") and held before its write.
      await waitUntil('held rebuild', () => (existsSync(HELD) ? true : undefined));
      writeFileSync(PAGE, EVIL);
      rmSync(HELD);
      // The held rebuild publishes, then the one the rewrite triggers refuses page.html.
      const kept = await line(/↻ content\/static\/page\.html → /, mark);
      const refused = await line(/page\.html[^\n]*<script>[^\n]*\[content\/active-static-file\]/, mark);
      await line(/Rebuild failed/, refused);
      expect(kept).toBeLessThan(refused);

      const published = readFileSync(join(OUT, 'page.html'), 'utf8');
      const { page, context } = await openPage(browser);
      try {
        await page.goto(`${url}/page.html`);
        await page.waitForLoadState('load');
        const title = await page.evaluate(() => document.title);
        expect({ published, title }).toEqual({ published: plain('two'), title: 'plain' });
      } finally {
        await context.close();
      }
    } finally {
      rmSync(HELD, { force: true });
      cli.kill('SIGINT');
      await new Promise((r) => (cli.exitCode !== null ? r(undefined) : cli.once('exit', r)));
      if (process.env.SHOW_WATCH_OUTPUT) console.log(output);
    }
  }, 400_000);
});
