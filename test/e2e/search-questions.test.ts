// The question suite (#30): questions PKI.js users asked in the project's
// issues, each typed as a user would type it into the real search dialog in
// Chromium, with the issue it comes from and the page that answers it on this
// site. An expected href with an anchor must be that section; one without an
// anchor is met by the page or any section of it. The suite must put the
// answer in the top 3 for at least 90% of the questions and first for at
// least 70%; it prints its figures and every miss.
import { beforeAll, describe, expect, it } from 'vitest';
import type { TestPage } from './support/browser.ts';
import { HELD_OUT, heldOutRank, type HeldOut } from './support/held-out.ts';
import { QUESTIONS } from './support/questions.ts';
import { answerExists, openSearch, resultsFor } from './support/search.ts';
import { realSite, serveSite } from './support/site.ts';

const site = serveSite(realSite);

describe('search answers the questions PKI.js users ask', () => {
  let t: TestPage;
  beforeAll(async () => {
    t = await openSearch(site);
  });

  it('has at least 60 questions and 15 held-out ones, each answered by a real page and anchor', () => {
    expect(QUESTIONS.length).toBeGreaterThanOrEqual(60);
    expect(HELD_OUT.length).toBeGreaterThanOrEqual(15);
    for (const [query, , href] of QUESTIONS) expect(answerExists(href), `${query}: ${href}`).toBe(true);
    for (const [query, , hrefs] of HELD_OUT) for (const href of hrefs) expect(answerExists(href), `${query}: ${href}`).toBe(true);
  });

  // The issue's targets (#30): top 3 ≥ 90% and first ≥ 70%, asserted as such. Measured on 27 Nov 2026:
  // 67 and 52 of 70 (95% and 74%), up from 57 and 44 (81% and 62%) once the answering pages named what
  // users type and an identifier no page holds was searched by its parts. With the fourth attack round's
  // prose and 100-character snippets (the first-query budget): 66 and 49 (94% and 70%).
  // Since the fresh-eyes review of 27 Nov 2026 the 18 held-out questions it brought (held-out.ts: 16 in
  // the top 3, 13 first, before any tuning on them) are scored with the suite, under the same targets.
  it('puts the answer in the top 3 for ≥ 90% and first for ≥ 70%', { timeout: 180_000 }, async () => {
    const scored: HeldOut[] = [...QUESTIONS.map(([q, issue, href]): HeldOut => [q, issue, [href]]), ...HELD_OUT];
    let top1 = 0;
    let top3 = 0;
    let none = 0;
    const misses: string[] = [];
    for (const [query, issue, href] of scored) {
      const results = await resultsFor(t, query);
      const rank = heldOutRank(results, href);
      if (rank === 1) top1++;
      if (rank === 0) none++;
      if (rank >= 1 && rank <= 3) top3++;
      else misses.push(`  ${issue} "${query}" → ${href}: ${rank ? `rank ${rank}` : 'not shown'}; shown: ${results.slice(0, 3).join(', ')}`);
    }
    const pct = (n: number) => `${((100 * n) / scored.length).toFixed(0)}%`;
    console.log(
      [
        `question suite: ${scored.length} scored, top-1 ${top1} (${pct(top1)}), top-3 ${top3} (${pct(top3)}), outside the top 3 ${scored.length - top3}, not shown ${none}`,
        ...misses,
      ].join('\n'),
    );
    expect(top3 / scored.length, misses.join('\n')).toBeGreaterThanOrEqual(0.9);
    expect(top1 / scored.length, misses.join('\n')).toBeGreaterThanOrEqual(0.7);
  });
});
