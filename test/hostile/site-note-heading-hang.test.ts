// Site notes (content/api-notes/<Item>.md) are content. Their section headings
// are found line by line with /^##\s+(.+?)\s*$/ (src/content/api-notes.ts):
// on "## a", a long run of spaces, then "b", the lazy (.+?) stops at every
// space and \s* runs over the rest of the run before $ fails: quadratic. With
// node on the bare expression, 10 KB of spaces took 0.19 s, 20 KB 0.69 s,
// 40 KB 3.7 s; the 2 MB a page may hold is hours. A note with such a 200 KB
// line should be refused (there is no member "a ... b") in seconds, as the
// same line with "x" for the spaces is.
// Fixed: a note heading is read without a regex (src/content/api-notes.ts).
import { spawn } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { freshCheckout } from './support/fresh-checkout.ts';

const { checkout: CHECKOUT, out: OUT, timedBuild: timedBuildWithin } = freshCheckout();
const LIMIT_MS = 25_000;
const timedBuild = () => timedBuildWithin(LIMIT_MS);
const NOTES = join(CHECKOUT, 'content/api-notes');
const note = (filler: string): string => `A note about the certificate.\n\n## a${filler.repeat(200_000)}b\n\nText.\n`;


describe('a site note whose heading line is 200 KB long', () => {
  it('control: "## a", 200 KB of "x", "b": refused in seconds, exit 3', async () => {
    mkdirSync(NOTES, { recursive: true });
    writeFileSync(join(NOTES, 'Certificate.md'), note('x'));
    const built = await timedBuild();
    expect(built.code, built.output).toBe(3);
  }, 60_000);

  it(`"## a", 200 KB of spaces, "b": the build ends within ${LIMIT_MS / 1000} s`, async () => {
    mkdirSync(NOTES, { recursive: true });
    writeFileSync(join(NOTES, 'Certificate.md'), note(' '));
    const built = await timedBuild();
    expect(built.code, `killed after ${built.ms} ms; the stages it printed:\n${built.output}`).not.toBe('killed');
  }, 60_000);

  it('"## a", 200 KB of spaces, "b": Ctrl-C twice stops the build (the README: 130, or at once on the second)', async () => {
    mkdirSync(NOTES, { recursive: true });
    writeFileSync(join(NOTES, 'Certificate.md'), note(' '));
    rmSync(OUT, { recursive: true, force: true });
    const child = spawn(process.execPath, [join(CHECKOUT, 'bin/pkidocs.js'), 'build', '--out', OUT], { cwd: CHECKOUT, env: { ...process.env, NO_COLOR: '1' }, stdio: ['ignore', 'ignore', 'pipe'] });
    const exited = new Promise<number | string>((done) => child.on('exit', (code, signal) => done(code ?? signal ?? 'none')));
    const after = (ms: number) => new Promise<'still running'>((done) => setTimeout(() => done('still running'), ms));
    // Ctrl-C once the notes are being read (the config stage is done, the content stage reads them), not before.
    let stderr = '';
    await new Promise<void>((done) => child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
      if (stderr.includes('config')) done();
    }));
    await after(3_000);
    child.kill('SIGINT');
    await after(1_000);
    child.kill('SIGINT');
    const outcome = await Promise.race([exited, after(10_000)]);
    if (outcome === 'still running') child.kill('SIGKILL');
    await exited;
    expect(outcome).not.toBe('still running');
  }, 60_000);
});
