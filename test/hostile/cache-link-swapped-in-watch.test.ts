// bin/cli-bundle.js checks a linked .pkidocs-cache once, when the CLI
// starts. serve --watch runs for hours, and a `git pull` meanwhile can
// replace the cache folder with a link (git keeps links) to a folder of the
// user. The cache chokepoints (src/shared/cache-io.ts) bound writes by the
// cache folder's own real path, so the rebuild the pull triggers writes the
// cache into that folder.
import { mkdirSync, readdirSync, renameSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { freshCheckout } from './support/fresh-checkout.ts';
import { sleep, startWatchCli } from './support/watch-cli.ts';

const { tmp: TMP, checkout: CHECKOUT, out: OUT, cache: CACHE } = freshCheckout();
const PROJECT = join(TMP, 'my-project');
const home = (text: string): string => `import { createElement as h } from 'react';\nexport default function Home() { return h('h1', null, '${text}'); }\n`;

describe('.pkidocs-cache replaced by a link while serve --watch runs', () => {
  it('the rebuild writes nothing into the folder the link leads to', async () => {
    mkdirSync(PROJECT, { recursive: true });
    writeFileSync(join(PROJECT, 'notes.txt'), 'mine');
    const { cli, output, waitFor } = startWatchCli(CHECKOUT, OUT);
    try {
      await waitFor(/Serving \S+ at http:\/\/127\.0\.0\.1:\d+\//);
      // The pull: the cache folder goes, a link to the user's project takes its place, a page changes.
      renameSync(CACHE, join(TMP, 'old-cache'));
      symlinkSync(PROJECT, CACHE);
      const mark = output().length;
      writeFileSync(join(CHECKOUT, 'content/pages/index.tsx'), home('Changed home'));
      writeFileSync(join(CHECKOUT, 'content/docs/installation.md'), '---\ntitle: Installation\ndescription: How to install.\n---\n\nInstall it, changed.\n');
      await waitFor(/↻|Rebuild failed/, mark);
      await sleep(2000);
      expect(readdirSync(PROJECT), output()).toEqual(['notes.txt']);
    } finally {
      cli.kill('SIGINT');
    }
  }, 180_000);
});
