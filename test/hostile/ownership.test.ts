// The second hostile review (#27), items 1–7 and 15: pkidocs writes and
// deletes only what it provably made. Each case is what the review did.
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ExitCode } from '../../src/cli/exit-codes.ts';
import { own, removeOwned, writeOwned } from '../../src/output/guard.ts';
import { lockOutDir, lockPath } from '../../src/output/lock.ts';
import { contentsProblem, MARKER } from '../../src/output/out-dir.ts';
import { ROOT, runCli } from '../support/cli.ts';

const TMP = join(ROOT, 'test/.tmp/hostile-ownership');
const OUT = join(TMP, 'site');
const CONFIG = join(ROOT, 'test/fixtures/sites/valid/site.config.ts');
const build = (out: string, env: Record<string, string> = {}) => runCli(['build', '--config', CONFIG, '--out', out], env);
const besideOut = (out = OUT): string[] => readdirSync(dirname(out)).filter((f) => f.startsWith(`${basename(out)}.`)).sort();
let first: Awaited<ReturnType<typeof build>>;

beforeAll(async () => {
  // A run killed mid-test can leave its read-only bind or tmpfs mounted here: unmount first.
  for (const line of readFileSync('/proc/self/mounts', 'utf8').split('\n')) {
    const point = line.split(' ')[1]?.replace(/\\040/g, ' ');
    if (point?.startsWith(`${TMP}/`)) execFileSync('umount', ['-l', point]);
  }
  rmSync(TMP, { recursive: true, force: true });
  mkdirSync(join(TMP, 'site.old-1'), { recursive: true });
  // A user's backup named like a leftover of a crashed build (item 3).
  writeFileSync(join(TMP, 'site.old-1/notes.txt'), 'my notes');
  writeFileSync(join(TMP, 'site.old-1', MARKER), '');
  first = await build(OUT);
});
afterAll(() => rmSync(TMP, { recursive: true, force: true }));

describe('item 1: docs.path and the writer', () => {
  it('refuses docs.path "/../content/docs" (exit 2) and writes nothing into content/', async () => {
    const site = join(TMP, 'escape');
    execFileSync('cp', ['-r', dirname(CONFIG), site]);
    writeFileSync(join(site, 'site.config.ts'), [
      `import { defineConfig } from ${JSON.stringify(join(ROOT, 'src/config/define.ts'))};`,
      `import { base } from ${JSON.stringify(join(ROOT, 'test/fixtures/sites/base.config.ts'))};`,
      "export default defineConfig({ ...base, docs: { ...base.docs, path: '/../content/docs' } });",
    ].join('\n'));
    const before = readdirSync(site, { recursive: true }).sort();
    const { code, stderr } = await runCli(['build', '--config', join(site, 'site.config.ts'), '--out', join(TMP, 'escape-out')]);
    expect(code).toBe(ExitCode.Config);
    expect(stderr).toContain('docs.path');
    expect(stderr).toContain('no ".", ".." or empty segment');
    expect(readdirSync(site, { recursive: true }).sort()).toEqual(before);
    expect(existsSync(join(TMP, 'content'))).toBe(false);
  });

  it('the write and the delete chokepoints refuse a path outside the owned folder: "..", and a link planted in out/', async () => {
    const out = join(TMP, 'guarded');
    const outside = join(TMP, 'outside');
    mkdirSync(out, { recursive: true });
    mkdirSync(outside, { recursive: true });
    writeFileSync(join(outside, 'keep.txt'), 'not pkidocs’s');
    symlinkSync(outside, join(out, 'docs'));
    const forget = await own(out, '0123456789abcdef');
    try {
      for (const path of [join(out, '../outside/keep.txt'), join(out, 'docs/keep.txt'), join(out, 'docs/new.html')]) {
        await expect(writeOwned(path, 'overwritten')).rejects.toThrow(/pkidocs refused to write .* it lies outside the output folders this build owns/);
        await expect(removeOwned(path)).rejects.toThrow(/pkidocs refused to delete .* Nothing was deleted there/);
      }
      await writeOwned(join(out, 'index.html'), 'inside');
    } finally {
      forget();
    }
    expect(readdirSync(outside)).toEqual(['keep.txt']);
    expect(readFileSync(join(outside, 'keep.txt'), 'utf8')).toBe('not pkidocs’s');
    // Once forgotten (the lock released), nothing is owned any more.
    await expect(writeOwned(join(out, 'index.html'), 'after')).rejects.toThrow(/refused/);
  });
});

describe('items 2 and 5: the lock', () => {
  it.each([
    ['a site.lock file of another tool', (p: string) => writeFileSync(p, '# lock file of another tool\nversion = 3\n')],
    ['a folder', (p: string) => mkdirSync(p)],
  ])('%s at <out>.lock is refused with exit 64, never deleted', async (_what, plant) => {
    const out = join(TMP, 'locked');
    plant(lockPath(out));
    const { code, stderr } = await build(out);
    expect(code).toBe(ExitCode.Usage);
    expect(stderr).toContain(`${lockPath(out)}, where pkidocs keeps the lock of ${out}, is not a pkidocs lock`);
    expect(stderr).not.toContain('EISDIR');
    expect(existsSync(lockPath(out))).toBe(true);
    rmSync(lockPath(out), { recursive: true });
  });

  it('{"pid":1} (a live pid that is not pkidocs) no longer blocks; a live holder\'s refusal says how to clear the lock', async () => {
    const out = join(TMP, 'pid-one');
    writeFileSync(lockPath(out), '{"pid":1}');
    const lock = await lockOutDir(out);
    expect(JSON.parse(readFileSync(lockPath(out), 'utf8'))).toMatchObject({ pkidocs: 'output-lock', pid: process.pid, started: expect.stringMatching(/^\d+$/), token: lock.token });
    const second = await lockOutDir(out).catch((e: { diagnostics: { hint: string }[] }) => e.diagnostics[0]!.hint);
    expect(second).toContain(`delete ${lockPath(out)} to clear the lock`);
    await lock.release();
  });

  it('Ctrl-C during a build: exit 130, the temporary site removed, the lock released, out/ as it was', async () => {
    const before = readFileSync(join(OUT, 'index.html'), 'utf8');
    rmSync(join(OUT, 'robots.txt')); // something to write
    const child = spawn(process.execPath, [join(ROOT, 'bin/pkidocs.js'), 'build', '--config', CONFIG, '--out', OUT], { cwd: ROOT, env: { ...process.env, NO_COLOR: '1', PKIDOCS_TEST_PAUSE: 'before-swap' } });
    let stderr = '';
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    const exited = new Promise<number | null>((done) => child.on('exit', (code) => done(code)));
    await expect.poll(() => existsSync(`${OUT}.paused`), { timeout: 240_000, interval: 50 }).toBe(true);
    expect(besideOut().some((f) => f.startsWith('site.tmp-'))).toBe(true);
    child.kill('SIGINT');
    expect(await exited).toBe(130);
    expect(stderr).toContain(`Stopping (SIGINT): removing what this build wrote beside ${OUT} and releasing its lock`);
    expect(besideOut().filter((f) => f !== 'site.old-1' && f !== 'site.paused')).toEqual([]);
    expect(readFileSync(join(OUT, 'index.html'), 'utf8')).toBe(before);
    rmSync(`${OUT}.paused`, { force: true });
  }, 300_000);
});

describe('items 3 and 4: what is not provably ours', () => {
  it('a backup named site.old-1 beside out/ is named and kept by a build', () => {
    expect(first.code).toBe(ExitCode.Ok);
    expect(first.stderr).toContain(`Left ${join(TMP, 'site.old-1')} alone`);
    expect(readFileSync(join(TMP, 'site.old-1/notes.txt'), 'utf8')).toBe('my notes');
  });

  it('an older pkidocs site holding .git/, CNAME and notes is refused (exit 64 category), naming them, not emptied', async () => {
    const old = join(TMP, 'legacy');
    for (const f of ['index.html', '404.html', '_pkidocs/chunks/a.json', '.git/HEAD', 'CNAME', 'notes.txt']) {
      mkdirSync(dirname(join(old, f)), { recursive: true });
      writeFileSync(join(old, f), f);
    }
    const next = new Set(['index.html', '404.html', 'docs/x/index.html']);
    const problem = await contentsProblem(old, next);
    expect(problem).toMatchObject({ category: 'usage', code: 'output/unknown-entries' });
    expect(problem!.message).toContain('it holds 3 entries that this build does not write (the folder is from an older pkidocs, which kept no list of its files): .git/, CNAME, notes.txt');
    expect(readdirSync(old).sort()).toEqual(['.git', '404.html', 'CNAME', '_pkidocs', 'index.html', 'notes.txt']);
  });

  it('a file added to a built out/ stops the next build (exit 64), named, and stays', async () => {
    writeFileSync(join(OUT, 'CNAME'), 'docs.example.org');
    const { code, stderr } = await build(OUT);
    expect(code).toBe(ExitCode.Usage);
    expect(stderr).toContain('it holds an entry that its .pkidocs-manifest.json does not list: CNAME');
    expect(readFileSync(join(OUT, 'CNAME'), 'utf8')).toBe('docs.example.org');
    rmSync(join(OUT, 'CNAME'));
  });
});

describe('items 6 and 7: a cache that cannot be written, a full disk', () => {
  const root = process.getuid?.() === 0;
  it('a read-only .pkidocs-cache: one line naming the cache folder, out/ truly left as it was', async () => {
    const cache = join(ROOT, '.pkidocs-cache');
    mkdirSync(cache, { recursive: true });
    const out = join(TMP, 'ro-cache');
    // As root, permissions do not stop a write: the folder is mounted read-only over itself instead.
    if (root) execFileSync('sh', ['-c', `mount --bind "${cache}" "${cache}" && mount -o remount,ro,bind "${cache}"`]);
    else execFileSync('chmod', ['-R', 'a-w', cache]);
    let result: Awaited<ReturnType<typeof build>>;
    try {
      result = await runCli(['build', '--no-cache', '--config', CONFIG, '--out', out]);
    } finally {
      if (root) execFileSync('umount', [cache]);
      else execFileSync('chmod', ['-R', 'u+w', cache]);
    }
    expect(result.code).toBe(ExitCode.Unexpected);
    expect(result.stderr).toMatch(new RegExp(`Build failed: The cache folder ${cache.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')} cannot be written \\((EROFS|EACCES) at `));
    expect(result.stderr).toContain(`The build stopped before replacing ${out}, which was left as it was.`);
    expect(result.stderr).not.toMatch(/\n\s+at /); // no stack
    expect(existsSync(out)).toBe(false);
    expect(besideOut(out)).toEqual([]);
  });

  it.runIf(root)('a full disk: one line naming the folder written and the space needed; nothing left', async () => {
    const small = join(TMP, 'small-disk');
    mkdirSync(small, { recursive: true });
    execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=2m', 'tmpfs', small]);
    try {
      const out = join(small, 'site');
      const { code, stderr } = await build(out);
      expect(code).toBe(ExitCode.Unexpected);
      expect(stderr).toMatch(new RegExp(`The disk is full while writing the site into ${small.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}/site\\.tmp-[0-9a-f]{16}: the site needs about \\d+\\.\\d MB there, [\\d.]+ MB free once the partial copy is removed\\. \\[output/disk-full\\]`));
      expect(stderr).not.toContain('unexpected error');
      expect(stderr).not.toMatch(/\n\s+at /);
      expect(readdirSync(small)).toEqual([]);
    } finally {
      execFileSync('umount', [small]);
    }
  });
});

describe('item 15: check compares out/ with the manifest first', () => {
  it(': > index.html, a lost page and an extra file: exit 4, each named, no crawl', async () => {
    writeFileSync(join(OUT, 'index.html'), '');
    rmSync(join(OUT, 'docs/installation/index.html'));
    writeFileSync(join(OUT, 'extra.html'), 'x');
    const { code, stderr } = await runCli(['check', '--out', OUT]);
    expect(code).toBe(ExitCode.BrokenLinks);
    expect(stderr).toContain(`${join(OUT, 'index.html')} is empty (the build wrote`);
    expect(stderr).toContain(`${join(OUT, 'docs/installation/index.html')} is missing`);
    expect(stderr).toContain(`${join(OUT, 'extra.html')} is not part of the built site (an extra file)`);
    expect(stderr).toContain('No link was checked.');
    expect(stderr).not.toMatch(/Checked \d+ links/);
  });
});
