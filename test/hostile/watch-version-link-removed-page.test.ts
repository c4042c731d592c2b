// A 3.3.2 page's version links (dropdown, canonical) name its copy in 4.0
// where one exists, and a warm CLI build keys each page by them. serve
// --watch re-renders, after a Markdown page comes or goes, the Markdown pages
// only (and every page when the site data changed): a 4.0 note at
// /docs/4.0/api/classes/Certificate3 ("removed in 4.0", a page of no
// sidebar) deleted while serving kept 3.3.2's API page of Certificate3 as
// it was, its canonical link and dropdown entry leading to the deleted page:
// the link check then failed the rebuild ("links/missing-page … on
// /docs/api/classes/Certificate3", blamed on 3.3.2's d.ts), so the deleted
// page was served on, and no edit of any file could fix it but a restart.
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import * as cheerio from 'cheerio';
import { expect, it } from 'vitest';
import { versionedCheckout } from './support/versioned-checkout.ts';
import { sleep, startWatchCli } from './support/watch-cli.ts';

const site = versionedCheckout();
const NOTE = 'content/docs/4.0/api/classes/Certificate3.md';
const COPY = '/docs/4.0/api/classes/Certificate3';

/** Where 3.3.2's page of Certificate3 leads: its canonical link and its dropdown's 4.0 entry. */
function links(): { canonical?: string; dropdown?: string } {
  const $ = cheerio.load(readFileSync(join(site.out, 'docs/api/classes/Certificate3/index.html'), 'utf8'));
  return { canonical: $('link[rel=canonical]').attr('href'), dropdown: $('a[data-version="4.0.0"]').attr('href') };
}

it("leads 3.3.2's page to no 4.0 page deleted while serving", async () => {
  mkdirSync(join(site.checkout, 'content/docs/4.0/api/classes'), { recursive: true });
  writeFileSync(join(site.checkout, NOTE), '---\ntitle: Certificate3\ndescription: Removed in 4.0.\n---\n\nCertificate3 was removed in 4.0: use Certificate4.\n');
  const { cli, output, waitFor } = startWatchCli(site.checkout, site.out);
  try {
    await waitFor(/Serving \S+ at http:\/\/127\.0\.0\.1:\d+\//);
    expect(links()).toEqual({ canonical: `https://example.org${COPY}`, dropdown: COPY });
    const mark = output().length;
    rmSync(join(site.checkout, NOTE));
    await waitFor(/↻|Rebuild failed/, mark);
    await sleep(1000);
    expect(existsSync(join(site.out, COPY.slice(1), 'index.html')), output().slice(mark)).toBe(false);
    const now = links();
    expect(now.canonical).toBe('https://example.org/docs/api/classes/Certificate3');
    expect(now.dropdown).not.toBe(COPY);
  } finally {
    // Wait for it to end: it writes the cache as it closes, and the checkout is removed next.
    const ended = new Promise((done) => cli.once('exit', done));
    if (cli.exitCode === null) cli.kill('SIGINT');
    await ended;
  }
}, 180_000);
