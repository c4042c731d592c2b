// A release's d.ts may declare its classes in other files it re-exports
// (`export * from './certificate'`). The API stage's manifest names every
// file a conversion read, and serve --watch follows those too: an edit of
// 4.0's certificate.d.ts, not the entry, shows on 4.0's class page.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import * as cheerio from 'cheerio';
import { beforeAll, expect, it } from 'vitest';
import { RELEASE_DIR, versionedCheckout } from './support/versioned-checkout.ts';
import { sleep, startWatchCli } from './support/watch-cli.ts';

const site = versionedCheckout();
const declaration = (comment: string): string => `/** ${comment} */\nexport declare class Certificate4 {\n  /** Its version. */\n  version: number;\n}\n`;
/** The class's doc comment as 4.0's page in out/ shows it. */
const classComment = (): string => cheerio.load(readFileSync(join(site.out, 'docs/4.0/api/classes/Certificate4/index.html'), 'utf8'))('.api > .dc p').first().text();

beforeAll(() => {
  writeFileSync(join(site.checkout, RELEASE_DIR, 'build/certificate.d.ts'), declaration('A certificate, declared aside.'));
  writeFileSync(join(site.checkout, RELEASE_DIR, 'build/index.d.ts'), "export * from './certificate';\n");
});

it("shows an edit of a file 4.0's d.ts re-exports on 4.0's class page", async () => {
  const { cli, output, waitFor } = startWatchCli(site.checkout, site.out);
  try {
    await waitFor(/Serving \S+ at http:\/\/127\.0\.0\.1:\d+\//);
    expect(classComment()).toBe('A certificate, declared aside.');
    const mark = output().length;
    writeFileSync(join(site.checkout, RELEASE_DIR, 'build/certificate.d.ts'), declaration('A certificate, as edited aside.'));
    await waitFor(/↻|Rebuild failed/, mark);
    await sleep(1000);
    expect(classComment(), output().slice(mark)).toBe('A certificate, as edited aside.');
  } finally {
    // Wait for it to end: it writes the cache as it closes, and the checkout is removed next.
    const ended = new Promise((done) => cli.once('exit', done));
    if (cli.exitCode === null) cli.kill('SIGINT');
    await ended;
  }
}, 180_000);
