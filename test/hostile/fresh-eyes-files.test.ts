// Attacks of a reviewer with fresh eyes on the files around a build: links
// in .pkidocs-cache/ (content, per README's trust model) make a build delete
// or overwrite a user's file outside out/. Each runs the real CLI on a
// throw-away checkout (support/fresh-checkout.ts):
// - .pkidocs-cache/modules as a link to another folder: the build compiles
//   into that folder and deletes every file of it older than a day;
// - links planted at highlight.jsonl's temporary names (<pid>.tmp, one per
//   possible process id): the rewrite goes through the link into a user's file,
//   and so does the TypeDoc child's save of the compiler's V8 code cache.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, symlinkSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { freshCheckout } from './support/fresh-checkout.ts';

const { tmp: TMP, checkout: CHECKOUT, build } = freshCheckout();

describe('fresh eyes: a linked .pkidocs-cache/modules loses no file', () => {
  const CACHE = join(CHECKOUT, '.pkidocs-cache');
  const VICTIM = join(TMP, 'users-folder');
  beforeEach(() => {
    rmSync(CACHE, { recursive: true, force: true });
    rmSync(VICTIM, { recursive: true, force: true });
  });
  afterAll(() => rmSync(CACHE, { recursive: true, force: true }));

  it('.pkidocs-cache/modules linked to a folder of the user: its files stay, and nothing is written there', async () => {
    mkdirSync(VICTIM, { recursive: true });
    writeFileSync(join(VICTIM, 'notes.txt'), 'a file of the user, three days old\n');
    const threeDaysAgo = new Date(Date.now() - 3 * 24 * 3600 * 1000);
    utimesSync(join(VICTIM, 'notes.txt'), threeDaysAgo, threeDaysAgo);
    mkdirSync(CACHE, { recursive: true });
    symlinkSync(VICTIM, join(CACHE, 'modules'));
    await build();
    expect(existsSync(join(VICTIM, 'notes.txt'))).toBe(true);
    expect(readdirSync(VICTIM)).toEqual(['notes.txt']);
  }, 180_000);
});

describe('fresh eyes: links in .pkidocs-cache overwrite no file', () => {
  const CACHE = join(CHECKOUT, '.pkidocs-cache');
  const VICTIM = join(TMP, 'users-file.txt');
  const TEXT = 'a file of the user\n';
  afterAll(() => rmSync(CACHE, { recursive: true, force: true }));

  it('highlight.jsonl.<pid>.tmp linked to a file of the user: build --no-cache leaves that file as it was', async () => {
    rmSync(CACHE, { recursive: true, force: true });
    mkdirSync(CACHE, { recursive: true });
    writeFileSync(VICTIM, TEXT);
    // The build's process id is not known in advance; a cache can hold a link for every id from the next one on.
    const pidMax = Number(readFileSync('/proc/sys/kernel/pid_max', 'utf8'));
    const next = spawnSync(process.execPath, ['-e', '']).pid!;
    for (let i = 0; i < Math.min(pidMax, 20_000); i++) symlinkSync(VICTIM, join(CACHE, `highlight.jsonl.${((next + i) % pidMax) + 1}.tmp`));
    await build('--no-cache');
    expect(readFileSync(VICTIM, 'utf8')).toBe(TEXT);
  }, 180_000);

  it('typescript-<key>.v8cache.<pid>.tmp linked to a file of the user: the TypeDoc child leaves that file as it was', async () => {
    rmSync(CACHE, { recursive: true, force: true });
    expect((await build()).code).toBe(0); // writes .pkidocs-cache/cli-<key>/typescript-<key>.v8cache
    writeFileSync(VICTIM, TEXT);
    const dir = join(CACHE, readdirSync(CACHE).find((n) => /^cli-[0-9a-f]{16}$/.test(n))!);
    const v8cache = readdirSync(dir).find((n) => n.endsWith('.v8cache'))!;
    rmSync(join(dir, v8cache)); // no code cache: the child saves one at exit
    for (const n of readdirSync(CACHE)) if (n.startsWith('api-')) rmSync(join(CACHE, n)); // and TypeDoc runs
    const pidMax = Number(readFileSync('/proc/sys/kernel/pid_max', 'utf8'));
    const next = spawnSync(process.execPath, ['-e', '']).pid!;
    for (let i = 0; i < Math.min(pidMax, 20_000); i++) symlinkSync(VICTIM, join(dir, `${v8cache}.${((next + i) % pidMax) + 1}.tmp`));
    await build();
    // As hex: what overwrites it is V8's binary code cache.
    expect(readFileSync(VICTIM).toString('hex').slice(0, 80)).toBe(Buffer.from(TEXT).toString('hex'));
  }, 180_000);
});
