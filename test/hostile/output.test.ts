// --out through the real CLI: a folder pkidocs may not replace is refused
// with exit 64 and every file in it stays; a build killed between the two
// renames of its swap is put right by the next run; leftovers of dead runs
// are swept; two builds at once never leave a broken out/.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { basename, dirname, join, relative } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ExitCode } from '../../src/cli/exit-codes.ts';
import { MARKER } from '../../src/output/out-dir.ts';
import { ROOT, runCli } from '../support/cli.ts';

const TMP = join(ROOT, 'test/.tmp/hostile-output');
const OUT = join(TMP, 'site');
const CONFIG = join(ROOT, 'test/fixtures/sites/valid/site.config.ts');
const build = (out: string, env: Record<string, string> = {}) => runCli(['build', '--config', CONFIG, '--out', out], env);

/** Every file and folder under `dir` (relative), for before/after comparisons. */
function listing(dir: string, skip: (rel: string) => boolean = () => false): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' }).filter((rel) => !skip(rel)).sort();
}

/** A site's files, content-hashed asset names reduced to their stem (other work may edit client code meanwhile). */
const siteListing = (dir: string): string[] => listing(dir).map((rel) => rel.replace(/^(_pkidocs\/[a-z]+)-\w+\.(js|css|json)$/, '$1-#.$2'));

/** Folders and files beside `out` that a build made (temp site, previous site, lock). */
const besideOut = (out = OUT): string[] => readdirSync(dirname(out)).filter((f) => f.startsWith(`${basename(out)}.`)).sort();

let reference: string[];

beforeAll(async () => {
  rmSync(TMP, { recursive: true, force: true });
  mkdirSync(TMP, { recursive: true });
  // What a complete build of the fixture site writes: every later out/ must equal it.
  const first = await build(OUT);
  expect(first.stdout).toMatch(/Built \d+ pages/);
  expect(first.code).toBe(ExitCode.Ok);
  reference = siteListing(OUT);
  expect(reference).toContain(MARKER);
  expect(reference).toContain('docs/installation/index.html');
});

afterAll(() => rmSync(TMP, { recursive: true, force: true }));

describe('folders pkidocs refuses to replace', () => {
  // Other work may add files to the checkout meanwhile; nothing may disappear.
  const volatile = (rel: string): boolean => /^(node_modules|\.git\/objects|\.pkidocs-cache|test\/\.tmp|out)(\/|$)/.test(rel) || rel.includes('node_modules/');
  const topLevel = (dir: string): string[] => readdirSync(dir).sort();

  it.each([
    ['.', ROOT, `Refusing to use ${ROOT} as the output folder: it is the repository root.`, () => topLevel(ROOT)],
    ['the repository parent', dirname(ROOT), `Refusing to use ${dirname(ROOT)} as the output folder: it contains the repository (${ROOT}).`, () => topLevel(dirname(ROOT))],
    ['content', join(ROOT, 'content'), `Refusing to use ${join(ROOT, 'content')} as the output folder: it is the content folder, where the site config lives.`, () => listing(join(ROOT, 'content'))],
    ['src', join(ROOT, 'src'), `Refusing to use ${join(ROOT, 'src')} as the output folder: it is the project's src/ folder.`, () => listing(join(ROOT, 'src'))],
    ['.git', join(ROOT, '.git'), `Refusing to use ${join(ROOT, '.git')} as the output folder: it is the project's .git/ folder.`, () => listing(join(ROOT, '.git'), volatile)],
  ])('--out %s: exit 64, a clear message, every file still there', async (given, out, message, list) => {
    const before = list();
    // What sits beside the folder already (a user's `<parent>.tar`, say) is theirs: only new entries count.
    const beside = besideOut(out);
    // The default config (content/site.config.ts): nothing is read before the refusal.
    const { code, stderr } = await runCli(['build', '--out', given === '.' || given === 'content' ? given : out]);
    expect(code).toBe(ExitCode.Usage);
    expect(stderr).toContain(message);
    expect(stderr).toContain('pkidocs replaces the output folder as a whole, so everything in it would be deleted. [output/protected-folder]');
    expect(stderr).toContain('→ Pass --out a folder of its own: a missing or empty one, or one pkidocs wrote before (the default is out).');
    expect(stderr).not.toMatch(/✓ write/);
    expect(list()).toEqual(expect.arrayContaining(before));
    expect(besideOut(out)).toEqual(beside);
  });

  it('--out content with a config elsewhere refuses the content folder of that config (the folder it lives in)', async () => {
    const dir = dirname(CONFIG);
    const before = listing(dir);
    const { code, stderr } = await build(dir);
    expect(code).toBe(ExitCode.Usage);
    expect(stderr).toContain(`Refusing to use ${dir} as the output folder: it is the content folder, where the site config lives.`);
    expect(listing(dir)).toEqual(before);
  });

  it('a link to the repository is refused as a link, naming where it leads', async () => {
    const link = join(TMP, 'link-to-repo');
    symlinkSync(ROOT, link);
    const before = readdirSync(ROOT).sort();
    const { code, stderr } = await build(link);
    expect(code).toBe(ExitCode.Usage);
    expect(stderr).toContain(`Refusing to use ${link} as the output folder: it is a symbolic link to ${ROOT}.`);
    expect(stderr).toContain(`[output/link]`);
    expect(stderr).toContain(`pass it itself: --out ${ROOT}`);
    expect(readdirSync(ROOT)).toEqual(expect.arrayContaining(before));
  });

  it('a non-empty folder without the marker: exit 64, every file as it was', async () => {
    const mine = join(TMP, 'my-notes');
    mkdirSync(join(mine, 'drafts'), { recursive: true });
    writeFileSync(join(mine, 'index.html'), 'my own page');
    writeFileSync(join(mine, 'drafts/plan.md'), 'the plan');
    const { code, stderr } = await build(mine);
    expect(code).toBe(ExitCode.Usage);
    expect(stderr).toContain(`error Refusing to use ${mine} as the output folder: it holds files that pkidocs did not write (there is no ${MARKER} file in it). pkidocs replaces the output folder as a whole, so everything in it would be deleted. [output/not-ours]`);
    expect(stderr).toContain('→ If it is an old site you no longer need, delete it yourself; otherwise pass --out a missing or empty folder.');
    expect(listing(mine)).toEqual(['drafts', 'drafts/plan.md', 'index.html']);
    expect(readFileSync(join(mine, 'drafts/plan.md'), 'utf8')).toBe('the plan');
    expect(besideOut(mine)).toEqual([]);
  });

  it('serve and serve --watch refuse the same folders before listening', async () => {
    const serve = await runCli(['serve', '--out', '.', '--port', '0']);
    expect(serve.code).toBe(ExitCode.Usage);
    expect(serve.stderr).toContain(`Refusing to use ${ROOT} as the output folder: it is the repository root.`);
    expect(serve.stderr).not.toContain('Serving');
    const watch = await runCli(['serve', '--watch', '--out', 'content', '--port', '0']);
    expect(watch.code).toBe(ExitCode.Usage);
    expect(watch.stderr).toContain('it is the content folder, where the site config lives.');
    const mine = join(TMP, 'watch-notes');
    mkdirSync(mine);
    writeFileSync(join(mine, 'keep.txt'), 'keep');
    const unmarked = await runCli(['serve', '--watch', '--config', CONFIG, '--out', mine, '--port', '0']);
    expect(unmarked.code).toBe(ExitCode.Usage);
    expect(unmarked.stderr).toContain('[output/not-ours]');
    expect(listing(mine)).toEqual(['keep.txt']);
  });
});

describe('crashes and concurrent builds', () => {
  it('a build killed between its two renames: the next run restores out/, then builds', async () => {
    // A build with something to write (one with nothing changed leaves out/ as it is, and never renames).
    rmSync(join(OUT, 'robots.txt'));
    const previous = siteListing(OUT);
    const crashed = await build(OUT, { PKIDOCS_TEST_CRASH: 'between-renames' });
    expect(crashed.stdout).not.toMatch(/Built \d+ pages/); // killed with SIGKILL, no clean-up ran
    expect(existsSync(OUT)).toBe(false);
    const left = besideOut();
    expect(left).toEqual([expect.stringMatching(/^site\.lock$/), expect.stringMatching(/^site\.old-[0-9a-f]{16}$/), expect.stringMatching(/^site\.tmp-[0-9a-f]{16}$/)]);
    const token = left[1]!.slice('site.old-'.length);
    const { pid } = JSON.parse(readFileSync(join(TMP, 'site.lock'), 'utf8')) as { pid: number; token: string };
    expect(JSON.parse(readFileSync(join(TMP, 'site.lock'), 'utf8'))).toMatchObject({ token });
    expect(siteListing(join(TMP, left[1]!))).toEqual(previous); // the previous site, whole, beside the missing out/

    const next = await build(OUT);
    expect(next.code).toBe(ExitCode.Ok);
    expect(next.stderr).toContain(`Restored ${OUT} from site.old-${token}, left by a build (pid ${pid}) that stopped between its two renames.`);
    expect(next.stderr).toContain(`Removed site.tmp-${token}, left by a build (pid ${pid}) that did not finish.`);
    expect(siteListing(OUT)).toEqual(reference);
    expect(besideOut()).toEqual([]);
  });

  it('a temp folder of a dead run is swept by the next build', async () => {
    const dead = spawnSync(process.execPath, ['-e', '']).pid!;
    // The dead run's lock names its token, and so its temporary folder.
    const token = '5eed5eed5eed5eed';
    writeFileSync(`${OUT}.lock`, JSON.stringify({ pkidocs: 'output-lock', pid: dead, token }));
    const tmp = `${OUT}.tmp-${token}`;
    mkdirSync(join(tmp, 'docs'), { recursive: true });
    writeFileSync(join(tmp, MARKER), '');
    writeFileSync(join(tmp, 'docs/half-written.html'), '<p');
    const { code, stderr } = await build(OUT);
    expect(code).toBe(ExitCode.Ok);
    expect(stderr).toContain(`Removed site.tmp-${token}, left by a build (pid ${dead}) that did not finish.`);
    expect(besideOut()).toEqual([]);
    expect(siteListing(OUT)).toEqual(reference);
  });

  it('two builds at once: each ends well or reports the other; out/ is one complete site, nothing left beside it', async () => {
    const results = await Promise.all([build(OUT), build(OUT)]);
    for (const r of results) {
      if (r.code !== ExitCode.Ok) {
        expect(r.code).toBe(ExitCode.Usage);
        expect(r.stderr).toMatch(new RegExp(`Another build \\(pid \\d+\\) is writing ${OUT.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}, so this one stopped without touching it\\. \\[output/busy\\]`));
      }
    }
    expect(results.some((r) => r.code === ExitCode.Ok)).toBe(true);
    expect(siteListing(OUT)).toEqual(reference);
    expect(besideOut()).toEqual([]);
    expect(relative(TMP, OUT)).toBe('site');
  });
});
