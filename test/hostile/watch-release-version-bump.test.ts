// The config pins each documented release: "a different installed version
// fails the build" (README), exit 2 on a cold build. serve --watch follows the
// files each API conversion read, the release's package.json among them, and
// converts again when it changes, but checks the installed version only when
// the config is reloaded: after 4.0's package.json said 4.0.1, the rebuild
// passed and 4.0's pages said "pkijs 4.0.1" under a footer of 4.0.0. (The
// default release's package.json, 3.3.2 → 3.3.3, goes the same way.)
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { RELEASE_DIR, versionedCheckout } from './support/versioned-checkout.ts';
import { sleep, startWatchCli } from './support/watch-cli.ts';

const site = versionedCheckout();

it("refuses a release whose installed version moved off the config's while serving", async () => {
  const pkg = join(site.checkout, RELEASE_DIR, 'package.json');
  const original = readFileSync(pkg, 'utf8');
  const { cli, output, waitFor } = startWatchCli(site.checkout, site.out);
  try {
    await waitFor(/Serving \S+ at http:\/\/127\.0\.0\.1:\d+\//);
    const mark = output().length;
    writeFileSync(pkg, original.replace('"4.0.0"', '"4.0.1"'));
    await waitFor(/↻|Rebuild failed/, mark);
    await sleep(1000);
    expect(readFileSync(join(site.out, 'docs/4.0/api/pkijs/index.html'), 'utf8')).not.toContain('4.0.1');
    expect(output().slice(mark)).toMatch(/Rebuild failed/);
    expect(output().slice(mark)).toContain('4.0.1');
  } finally {
    writeFileSync(pkg, original);
    // Wait for it to end: it writes the cache as it closes, and the checkout is removed next.
    const ended = new Promise((done) => cli.once('exit', done));
    if (cli.exitCode === null) cli.kill('SIGINT');
    await ended;
  }
}, 180_000);
