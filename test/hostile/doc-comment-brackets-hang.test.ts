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
import { execFile } from 'node:child_process';
import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DTS, freshCheckout } from './support/fresh-checkout.ts';

const { checkout: CHECKOUT, out: OUT, pkg: PKG } = freshCheckout();
const LIMIT_MS = 25_000;

/** `pkidocs build` through the real CLI, killed (SIGKILL) after LIMIT_MS: its exit code, or 'killed', and the time it took. */
const timedBuild = (): Promise<{ code: number | 'killed'; ms: number; output: string }> => new Promise((done) => {
  rmSync(OUT, { recursive: true, force: true });
  const start = Date.now();
  execFile(process.execPath, [join(CHECKOUT, 'bin/pkidocs.js'), 'build', '--out', OUT], { cwd: CHECKOUT, env: { ...process.env, NO_COLOR: '1' }, timeout: LIMIT_MS, killSignal: 'SIGKILL', maxBuffer: 1 << 26 }, (err, stdout, stderr) => {
    const e = err as (Error & { code?: number; killed?: boolean }) | null;
    done({ code: e ? (e.killed ? 'killed' : (e.code ?? 1)) : 0, ms: Date.now() - start, output: stderr + stdout });
  });
});

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
