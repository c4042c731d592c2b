// serve --watch, adding or removing a docs version in the config. A config
// edit reloads the config but not the API models when the default library's
// entry stays the same (src/site/inputs.ts: apiDirty), so the rebuild kept
// the versions' models of the config it started with:
// - a version removed: routes looked up the removed version's config entry
//   and the rebuild threw "Cannot read properties of undefined (reading
//   'path')", until the server was restarted;
// - a version added: no model of it, so none of its API pages came;
// - a version's path edited (4.0 → v4, its Markdown moved along): its API
//   stayed at /docs/4.0/api and the rebuild failed on 12 broken links.
// A cold build of each config passes.
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { RELEASE_DIR, siteConfig, versionedCheckout } from './support/versioned-checkout.ts';
import { sleep, startWatchCli } from './support/watch-cli.ts';

const site = versionedCheckout();
const ONE_VERSION = siteConfig(`[{ name: '3.3.2', label: '3.3.2', path: '' }]`);

async function editWhileServing(from: string, to: string, check: () => void, alongWith?: () => void): Promise<void> {
  writeFileSync(join(site.checkout, 'content/site.config.ts'), from);
  const { cli, output, waitFor } = startWatchCli(site.checkout, site.out);
  try {
    await waitFor(/Serving \S+ at http:\/\/127\.0\.0\.1:\d+\//);
    const mark = output().length;
    writeFileSync(join(site.checkout, 'content/site.config.ts'), to);
    await waitFor(/↻|Rebuild failed/, mark);
    await sleep(1000);
    let last = mark;
    if (alongWith) {
      // Files moved with the config: judge only a rebuild that sees both (an edit made after them).
      alongWith();
      await sleep(3000);
      last = output().length;
      writeFileSync(join(site.checkout, 'content/docs/installation.md'), `${readFileSync(join(site.checkout, 'content/docs/installation.md'), 'utf8')}\nEdited.\n`);
      await waitFor(/↻|Rebuild failed/, last);
      await sleep(1000);
    }
    expect(output().slice(last)).not.toMatch(/Rebuild failed|threw/);
    check();
  } finally {
    // Wait for it to end: it writes the cache as it closes, and the checkout is removed next.
    const ended = new Promise((done) => cli.once('exit', done));
    if (cli.exitCode === null) cli.kill('SIGINT');
    await ended;
  }
}

it('drops a docs version removed from the config while serving', async () => {
  await editWhileServing(siteConfig(), ONE_VERSION, () => {
    expect(existsSync(join(site.out, 'docs/4.0/api/classes/Certificate4/index.html'))).toBe(false);
  });
}, 180_000);

it('adds the API pages of a docs version added to the config while serving', async () => {
  await editWhileServing(ONE_VERSION, siteConfig(), () => {
    expect(readFileSync(join(site.out, 'docs/4.0/api/classes/Certificate4/index.html'), 'utf8')).toContain('Certificate4');
  });
}, 180_000);

it("moves a docs version's pages when its path is edited while serving", async () => {
  const v4 = siteConfig(`[
      { name: '4.0.0', label: '4.0', path: 'v4', library: { version: '4.0.0', dir: '${RELEASE_DIR}' } },
      { name: '3.3.2', label: '3.3.2', path: '' },
    ]`);
  const [from, to] = [join(site.checkout, 'content/docs/4.0/installation.md'), join(site.checkout, 'content/docs/v4/installation.md')];
  try {
    await editWhileServing(siteConfig(), v4, () => {
      expect(readFileSync(join(site.out, 'docs/v4/api/classes/Certificate4/index.html'), 'utf8')).toContain('Certificate4');
    }, () => {
      mkdirSync(join(site.checkout, 'content/docs/v4'), { recursive: true });
      renameSync(from, to);
    });
  } finally {
    if (existsSync(to)) renameSync(to, from);
  }
}, 180_000);
