// One writer per output folder: a live holder makes the next one stop with
// its pid; a lock left by a dead process (or unreadable) is taken over.
import { execFile, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { BuildFailure } from '../../../src/diagnostics/diagnostic.ts';
import { isAlive, lockOutDir, lockPath } from '../../../src/output/lock.ts';
import { ROOT } from '../../support/cli.ts';

const TMP = join(ROOT, 'test/.tmp/unit-output-lock');
const OUT = join(TMP, 'out');

/** The pid of a process that has exited. */
function deadPid(): number {
  const pid = spawnSync(process.execPath, ['-e', '']).pid!;
  expect(isAlive(pid)).toBe(false);
  return pid;
}

async function refusal(promise: Promise<unknown>): Promise<BuildFailure> {
  const e = await promise.then(() => undefined, (err: unknown) => err);
  expect(e).toBeInstanceOf(BuildFailure);
  return e as BuildFailure;
}

beforeEach(() => {
  rmSync(TMP, { recursive: true, force: true });
  mkdirSync(TMP, { recursive: true });
});
afterAll(() => rmSync(TMP, { recursive: true, force: true }));
afterEach(() => vi.restoreAllMocks());

describe('the output folder lock', () => {
  it('is a file beside out/ naming its holder, removed on release', async () => {
    const lock = await lockOutDir(OUT);
    expect(JSON.parse(readFileSync(lockPath(OUT), 'utf8'))).toEqual({ pid: process.pid });
    await lock.release();
    expect(readdirSync(TMP)).toEqual([]);
  });

  it('stops a second writer while a live process holds it, naming that pid', async () => {
    const holder = process.ppid; // alive: it runs this test
    writeFileSync(lockPath(OUT), JSON.stringify({ pid: holder }));
    const e = await refusal(lockOutDir(OUT));
    expect(e.diagnostics).toEqual([expect.objectContaining({
      category: 'usage',
      code: 'output/busy',
      message: `Another build (pid ${holder}) is writing ${OUT}, so this one stopped without touching it.`,
      hint: 'Wait for it to finish or stop it (a serve --watch holds its output folder until Ctrl-C), or pass another --out.',
    })]);
    // The holder's lock is untouched and nothing else is left behind.
    expect(JSON.parse(readFileSync(lockPath(OUT), 'utf8'))).toEqual({ pid: holder });
    expect(readdirSync(TMP)).toEqual(['out.lock']);
  });

  it('takes over the lock of a process that no longer runs', async () => {
    writeFileSync(lockPath(OUT), JSON.stringify({ pid: deadPid() }));
    const lock = await lockOutDir(OUT);
    expect(JSON.parse(readFileSync(lockPath(OUT), 'utf8'))).toEqual({ pid: process.pid });
    expect(readdirSync(TMP)).toEqual(['out.lock']); // the stale lock, moved aside to check it, is gone
    await lock.release();
    expect(existsSync(lockPath(OUT))).toBe(false);
  });

  it('takes over a lock naming its own pid (left by an earlier process that had the same pid)', async () => {
    writeFileSync(lockPath(OUT), JSON.stringify({ pid: process.pid }));
    const lock = await lockOutDir(OUT);
    expect(JSON.parse(readFileSync(lockPath(OUT), 'utf8'))).toEqual({ pid: process.pid });
    expect(readdirSync(TMP)).toEqual(['out.lock']);
    await lock.release();
    expect(readdirSync(TMP)).toEqual([]);
  });

  it('takes over a lock whose pid is not a number, even one that reads as a live pid', async () => {
    writeFileSync(lockPath(OUT), JSON.stringify({ pid: String(process.ppid) }));
    const lock = await lockOutDir(OUT);
    expect(JSON.parse(readFileSync(lockPath(OUT), 'utf8'))).toEqual({ pid: process.pid });
    await lock.release();
  });

  it('stops if a live process takes the stale lock between its check and its take-over, leaving that lock in place', async () => {
    const dead = deadPid();
    writeFileSync(lockPath(OUT), JSON.stringify({ pid: dead }));
    // The race placed exactly: the first time this process asks whether the dead holder runs,
    // another process (the parent, alive) has just replaced the stale lock with its own.
    const kill = process.kill.bind(process);
    let raced = false;
    vi.spyOn(process, 'kill').mockImplementation((pid: number, signal?: string | number) => {
      if (pid === dead && !raced) {
        raced = true;
        rmSync(lockPath(OUT));
        writeFileSync(lockPath(OUT), JSON.stringify({ pid: process.ppid }));
      }
      return kill(pid, signal);
    });
    const e = await refusal(lockOutDir(OUT));
    expect(raced).toBe(true);
    expect(e.diagnostics[0]!.message).toBe(`Another build (pid ${process.ppid}) is writing ${OUT}, so this one stopped without touching it.`);
    expect(JSON.parse(readFileSync(lockPath(OUT), 'utf8'))).toEqual({ pid: process.ppid });
    expect(readdirSync(TMP)).toEqual(['out.lock']);
  });

  it('gives up on a lock that exists but cannot be read (a dangling link), leaving it as it is', async () => {
    symlinkSync(join(TMP, 'nowhere'), lockPath(OUT));
    const e = (await lockOutDir(OUT).then(() => undefined, (err: unknown) => err)) as Error;
    expect(e).toBeInstanceOf(Error);
    expect(e.message).toBe(`Could not take ${lockPath(OUT)}: it keeps changing.`);
    expect(readdirSync(TMP)).toEqual(['out.lock']);
  });

  it('a second release of an earlier lock does not free a later lock of the same process', async () => {
    const first = await lockOutDir(OUT);
    await first.release();
    const second = await lockOutDir(OUT);
    await first.release();
    expect(JSON.parse(readFileSync(lockPath(OUT), 'utf8'))).toEqual({ pid: process.pid });
    await second.release();
    expect(readdirSync(TMP)).toEqual([]);
  });

  it('takes over an unreadable lock (a half-written file of a crashed run)', async () => {
    writeFileSync(lockPath(OUT), '{"pi');
    const lock = await lockOutDir(OUT);
    expect(JSON.parse(readFileSync(lockPath(OUT), 'utf8'))).toEqual({ pid: process.pid });
    await lock.release();
  });

  it('does not remove a lock another process took after this one was released', async () => {
    const lock = await lockOutDir(OUT);
    writeFileSync(lockPath(OUT), JSON.stringify({ pid: process.ppid }));
    await lock.release();
    expect(JSON.parse(readFileSync(lockPath(OUT), 'utf8'))).toEqual({ pid: process.ppid });
  });

  it('frees the folder if the process exits without releasing, and stops watching once released', async () => {
    const before = process.listeners('exit');
    const lock = await lockOutDir(OUT);
    const added = process.listeners('exit').filter((l) => !before.includes(l));
    expect(added).toHaveLength(1);
    (added[0] as () => void)(); // what Node runs at exit
    expect(existsSync(lockPath(OUT))).toBe(false);
    expect(() => (added[0] as () => void)()).not.toThrow(); // already gone
    await lock.release();
    expect(process.listeners('exit')).toEqual(before);
  });

  it('leaves a lock another process took after this one was released, even at exit', async () => {
    const before = process.listeners('exit');
    const lock = await lockOutDir(OUT);
    await lock.release();
    expect(process.listeners('exit')).toEqual(before); // nothing left to remove it at exit
    writeFileSync(lockPath(OUT), JSON.stringify({ pid: 1 }));
    await lock.release(); // a second release changes nothing
    expect(JSON.parse(readFileSync(lockPath(OUT), 'utf8'))).toEqual({ pid: 1 });
  });

  it('fails on a lock it cannot read for a reason other than its absence', async () => {
    mkdirSync(lockPath(OUT));
    const e = (await lockOutDir(OUT).then(() => undefined, (err: unknown) => err)) as NodeJS.ErrnoException;
    expect(e.code).toBe('EISDIR');
    expect(readdirSync(TMP)).toEqual(['out.lock']); // its own temporary lock file is gone
  });

  it('lets one process at a time in, among many started at once over a stale lock', async () => {
    writeFileSync(lockPath(OUT), JSON.stringify({ pid: deadPid() }));
    const child = join(TMP, 'child.ts');
    writeFileSync(child, [
      `import { lockOutDir } from ${JSON.stringify(join(ROOT, 'src/output/lock.ts'))};`,
      `const lock = await lockOutDir(${JSON.stringify(OUT)}).catch((e) => e);`,
      "if (!('release' in lock)) { console.log('busy ' + lock.diagnostics[0].message); process.exit(0); }",
      'const start = Date.now();',
      'await new Promise((r) => setTimeout(r, 400));',
      'console.log(`held ${start} ${Date.now()}`);',
      'await lock.release();',
    ].join('\n'));
    const run = () => new Promise<string>((done) => {
      execFile(process.execPath, ['--import', 'tsx', child], { cwd: ROOT }, (err, stdout, stderr) => done(err ? `failed ${stderr}` : stdout.trim()));
    });
    const outcomes = await Promise.all(Array.from({ length: 6 }, run));
    const held = outcomes.filter((o) => o.startsWith('held')).map((o) => o.split(' ').slice(1).map(Number) as [number, number]);
    expect(outcomes.filter((o) => !o.startsWith('held') && !/^busy Another build \(pid \d+\) is writing/.test(o))).toEqual([]);
    expect(held.length).toBeGreaterThan(0);
    // No two holders at the same time.
    held.sort((a, b) => a[0] - b[0]);
    for (let i = 1; i < held.length; i++) expect(held[i]![0]).toBeGreaterThanOrEqual(held[i - 1]![1]);
    expect(readdirSync(TMP).sort()).toEqual(['child.ts']);
  });
});
