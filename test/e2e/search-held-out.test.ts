// Held-out questions (fresh-eyes review of #30), typed into the real search
// dialog in Chromium: the page of this site that answers each one must be in
// the top 3. The suite's 70 questions were tuned on; these were not. Measured
// on 27 Nov 2026: 16 of 18 in the top 3, 13 first. The two misses are pages
// the site has and the engine ranks badly:
// - "set extended key usage on certificate" (#171): "Choose the extensions"
//   names ExtKeyUsage, but nothing connects "extended key usage" to it, so
//   sections that say "key usage" in passing come first;
// - "require pkijs" (#152): "Import it" says `require`, but every section
//   holding "pkijs" and a word starting "require" (required, requires) holds
//   both query words and outranks it.
import { beforeAll, describe, expect, it } from 'vitest';
import type { TestPage } from './support/browser.ts';
import { HELD_OUT, heldOutRank } from './support/held-out.ts';
import { answerExists, openSearch, resultsFor } from './support/search.ts';
import { realSite, serveSite } from './support/site.ts';

const site = serveSite(realSite);

describe('search answers held-out questions of PKI.js users', () => {
  let t: TestPage;
  beforeAll(async () => {
    t = await openSearch(site);
  });

  it('has at least 15 held-out questions, each answered by a real page and anchor', () => {
    expect(HELD_OUT.length).toBeGreaterThanOrEqual(15);
    for (const [query, , hrefs] of HELD_OUT) for (const href of hrefs) expect(answerExists(href), `${query}: ${href}`).toBe(true);
  });

  it('puts the answering page in the top 3 for every held-out question', { timeout: 120_000 }, async () => {
    let top1 = 0;
    const misses: string[] = [];
    for (const [query, issue, hrefs] of HELD_OUT) {
      const results = await resultsFor(t, query);
      const rank = heldOutRank(results, hrefs);
      if (rank === 1) top1++;
      if (rank < 1 || rank > 3) misses.push(`${issue} "${query}" → ${hrefs.join(' or ')}: ${rank ? `rank ${rank}` : 'not shown'}; shown: ${results.slice(0, 3).join(', ')}`);
    }
    console.log(`held-out: ${HELD_OUT.length} questions, top-1 ${top1}, top-3 ${HELD_OUT.length - misses.length}\n${misses.join('\n')}`);
    expect(misses).toEqual([]);
  });
});
