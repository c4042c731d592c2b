// content/static/ may link to a folder of the repository, but never into its
// hidden or installed parts (.git, .env, .pkidocs-cache, node_modules: keys,
// tokens, caches): src/content/walk.ts refuses a link whose target lies in
// one. The check looks at the link's target only. A link to a plain folder of
// a monorepo (packages/shared) is followed, and every file in it is listed,
// that folder's own .env and .git included, so they are published.
import { existsSync, mkdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { freshCheckout } from './support/fresh-checkout.ts';

const fresh = freshCheckout();
const TOKEN = 'ghp_k9linkedfolder000000000000000000000';

describe('a static link to a folder of the repository that holds hidden files', () => {
  it("that folder's .env and .git/config are not published", async () => {
    const shared = join(fresh.checkout, 'packages/shared');
    mkdirSync(join(shared, 'assets'), { recursive: true });
    mkdirSync(join(shared, '.git'), { recursive: true });
    writeFileSync(join(shared, 'assets/logo.txt'), 'a logo\n');
    writeFileSync(join(shared, '.env'), `API_TOKEN=${TOKEN}\n`);
    writeFileSync(join(shared, '.git/config'), `[remote "origin"]\n\turl = https://x-access-token:${TOKEN}@github.com/o/r.git\n`);
    mkdirSync(join(fresh.checkout, 'content/static'), { recursive: true });
    symlinkSync('../../packages/shared', join(fresh.checkout, 'content/static/shared'));
    const { output } = await fresh.build();
    for (const file of ['shared/.env', 'shared/.git/config']) {
      const published = join(fresh.out, file);
      expect(existsSync(published) && readFileSync(published, 'utf8').includes(TOKEN), `${file}\n${output}`).toBe(false);
    }
    expect(fresh.filesHolding(TOKEN)).toEqual([]);
  }, 180_000);
});
