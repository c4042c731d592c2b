// serve --watch, editing the config's label of a docs version: a config edit
// re-renders every page, but the API render contexts (and the marks in them,
// src/site/body-input.ts siteMarks) were reused whenever the API model object
// was the same (render-stage.ts: prev.api === api), and a config edit does
// not load the models again. So the dropdown said "4.0 LTS" while every mark
// of the 4.0 pages still said "New in 4.0", until the server was restarted.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import * as cheerio from 'cheerio';
import { expect, it } from 'vitest';
import { RELEASE_DIR, siteConfig, versionedCheckout } from './support/versioned-checkout.ts';
import { sleep, startWatchCli } from './support/watch-cli.ts';

const site = versionedCheckout();
const page = (): cheerio.CheerioAPI => cheerio.load(readFileSync(join(site.out, 'docs/4.0/api/classes/Certificate4/index.html'), 'utf8'));
const marks = (): string[] => page()('.vm').map((_, m) => page()(m).text()).get();

it("shows a version's edited label in its marks while serving", async () => {
  const { cli, output, waitFor } = startWatchCli(site.checkout, site.out);
  try {
    await waitFor(/Serving \S+ at http:\/\/127\.0\.0\.1:\d+\//);
    expect(marks()).toEqual(['New in 4.0']);
    const mark = output().length;
    writeFileSync(join(site.checkout, 'content/site.config.ts'), siteConfig(`[
      { name: '4.0.0', label: '4.0 LTS', path: '4.0', library: { version: '4.0.0', dir: '${RELEASE_DIR}' } },
      { name: '3.3.2', label: '3.3.2', path: '' },
    ]`));
    await waitFor(/↻|Rebuild failed/, mark);
    await sleep(1000);
    expect(page()('[data-slot=versions] summary').text()).toBe('4.0 LTS');
    expect(marks()).toEqual(['New in 4.0 LTS']);
  } finally {
    // Wait for it to end: it writes the cache as it closes, and the checkout is removed next.
    const ended = new Promise((done) => cli.once('exit', done));
    if (cli.exitCode === null) cli.kill('SIGINT');
    await ended;
  }
}, 180_000);
