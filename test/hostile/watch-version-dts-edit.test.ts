// serve --watch rebuilds the API when the default library's d.ts changes:
// the watcher follows that one entry file (changes.ts watchedPaths), and it
// ignores every node_modules folder. Each other docs version's release lives
// in content/versions/<name>/node_modules/pkijs, so an edit of 4.0's d.ts
// was never seen: a Markdown edit of 4.0 then rebuilt the site, and the 4.0
// class page still showed the old doc comment, with no word of it.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import * as cheerio from 'cheerio';
import { expect, it } from 'vitest';
import { RELEASE_DIR, versionedCheckout } from './support/versioned-checkout.ts';
import { sleep, startWatchCli } from './support/watch-cli.ts';

const site = versionedCheckout();
/** The class's doc comment as 4.0's page in out/ shows it. */
const classComment = (): string => cheerio.load(readFileSync(join(site.out, 'docs/4.0/api/classes/Certificate4/index.html'), 'utf8'))('.api > .dc p').first().text();

it("shows an edit of 4.0's d.ts on 4.0's class page", async () => {
  const { cli, output, waitFor } = startWatchCli(site.checkout, site.out);
  try {
    await waitFor(/Serving \S+ at http:\/\/127\.0\.0\.1:\d+\//);
    expect(classComment()).toBe('A certificate of release 4.');
    writeFileSync(join(site.checkout, RELEASE_DIR, 'build/index.d.ts'), '/** A certificate, as edited. */\nexport declare class Certificate4 {\n  /** Its version. */\n  version: number;\n}\n');
    // Time for the watcher to see the edit and rebuild, then a rebuild that surely runs.
    await sleep(3000);
    const mark = output().length;
    writeFileSync(join(site.checkout, 'content/docs/4.0/installation.md'), '---\ntitle: Installing 4.0\ndescription: How to install release 4.\n---\n\nInstall release 4, edited.\n');
    await waitFor(/↻|Rebuild failed/, mark);
    await sleep(1000);
    expect(readFileSync(join(site.out, 'docs/4.0/installation/index.html'), 'utf8')).toContain('Install release 4, edited.');
    expect(classComment()).toBe('A certificate, as edited.');
  } finally {
    // Wait for it to end: it writes the cache as it closes, and the checkout is removed next.
    const ended = new Promise((done) => cli.once('exit', done));
    if (cli.exitCode === null) cli.kill('SIGINT');
    await ended;
  }
}, 180_000);
