// The package's doc comments are content, yet a member's comment of 180 KB of
// "[" (a d.ts a package may ship) keeps the render stage busy past 25 s, where
// the same length of "x" renders in 0.1 s (60 KB of "[" took 9.5 s: the
// growth is quadratic). A likely cause, not isolated in the build: the search
// rows' summary (src/search/api-rows.ts docSummary) strips links with
// /!?\[([^\]]*)\]\([^)]*\)/g, which from every "[" scans to the end for a "]";
// with node on the bare expression, 10 KB of "[" took 0.24 s, 20 KB 1.1 s,
// 40 KB 2.7 s. Its neighbours (/`+([^`]*)`+/g, /<[^>]+>/g) have the same
// shape. A build should end, built or refused, in seconds (the whole d.ts of
// pkijs 3.3.2 is 356 KB).
// Fixed: the summary's link and tag patterns stop at the next opening bracket.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DTS, freshCheckout } from './support/fresh-checkout.ts';

const { pkg: PKG, timedBuild: timedBuildWithin } = freshCheckout();
const LIMIT_MS = 25_000;
const timedBuild = () => timedBuildWithin(LIMIT_MS);


/** The fixture d.ts with 180 KB of `char` in the doc comment of Certificate#version. */
const commented = (char: string): string => DTS.replace('/** Its version. */', `/** Its version ${char.repeat(180_000)} */`);

describe('a doc comment of the package made of 180 KB of one character', () => {
  it('control: of "x", the build ends well in seconds', async () => {
    writeFileSync(join(PKG, 'build/index.d.ts'), commented('x'));
    const built = await timedBuild();
    expect(built.code, built.output).toBe(0);
  }, 60_000);

  it(`of "[": the build ends (built or refused) within ${LIMIT_MS / 1000} s`, async () => {
    writeFileSync(join(PKG, 'build/index.d.ts'), commented('['));
    const built = await timedBuild();
    expect(built.code, `killed after ${built.ms} ms; the stages it printed:\n${built.output}`).not.toBe('killed');
  }, 60_000);
});
