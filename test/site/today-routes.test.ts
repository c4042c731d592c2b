// Versioned docs must not move a page of today's site: every URL the site had
// while it documented 3.3.2 alone (test/fixtures/routes-3.3.2.txt, its sitemap
// then) is still a page of the real site, with its Markdown twin, in the sitemap.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../support/cli.ts';
import { siteOut } from '../support/site.ts';

const TODAY = readFileSync(join(ROOT, 'test/fixtures/routes-3.3.2.txt'), 'utf8').split('\n').filter((l) => l && !l.startsWith('#'));

describe("today's URLs", () => {
  it('lists the 434 pages of the 3.3.2 site', () => {
    expect(TODAY).toHaveLength(434);
    expect(TODAY).toContain('/docs/installation');
    expect(TODAY).toContain('/docs/api/classes/Certificate');
  });

  it('are all still pages, with their twins, in the sitemap', () => {
    const out = siteOut();
    const sitemap = new Set([...readFileSync(join(out, 'sitemap.xml'), 'utf8').matchAll(/<loc>https?:\/\/[^/<]+([^<]*)<\/loc>/g)].map((m) => m[1]));
    const missing = TODAY.filter((path) => {
      const page = join(out, path, 'index.html');
      const twin = path === '/' ? join(out, 'index.md') : join(out, `${path}.md`);
      return !existsSync(page) || !existsSync(twin) || !sitemap.has(path);
    });
    expect(missing).toEqual([]);
  });
});
