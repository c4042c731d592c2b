// The search index reduces every code block of a page to the names it calls
// (src/search/section-text.ts calledNames) with /([A-Za-z_$][\w$]*)\s*\(/g.
// On one long identifier with no "(" after it, each start position runs
// [\w$]* to the end and backtracks over it: quadratic. With node on the bare
// expression, 10 KB of "a" took 0.3 s, 20 KB 0.8 s, 40 KB 3.8 s; the 2 MB a
// page may hold is hours. A page whose ```text block is 200 KB of "a" should
// be built (or refused) in seconds, as the same bytes with spaces are (7 s,
// TypeDoc cold); it stayed in its render stage until killed at 25 s. That
// calledNames is the cause is likely, not isolated in the build.
// Fixed: calledNames matches whole identifiers only.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { freshCheckout } from './support/fresh-checkout.ts';

const { checkout: CHECKOUT, timedBuild: timedBuildWithin } = freshCheckout();
const LIMIT_MS = 25_000;
const timedBuild = () => timedBuildWithin(LIMIT_MS);
const page = (code: string): string => `---\ntitle: Code\ndescription: One long code block.\n---\n\n\`\`\`text\n${code}\n\`\`\`\n`;


describe('a code block of one 200 KB identifier', () => {
  it('control: 200 KB of "a " (short words) builds in seconds', async () => {
    writeFileSync(join(CHECKOUT, 'content/docs/code.md'), page('a '.repeat(100_000)));
    const built = await timedBuild();
    expect(built.code, built.output).toBe(0);
  }, 60_000);

  it(`200 KB of "a": the build ends (built or refused) within ${LIMIT_MS / 1000} s`, async () => {
    writeFileSync(join(CHECKOUT, 'content/docs/code.md'), page('a'.repeat(200_000)));
    const built = await timedBuild();
    expect(built.code, `killed after ${built.ms} ms; the stages it printed:\n${built.output}`).not.toBe('killed');
  }, 60_000);
});
