// What `pkidocs build` prints, as a newcomer meets it: the result on stdout and
// everything else on stderr, a warm build that says it wrote nothing, link
// counts that say what they count, the help agreeing with the README, and a
// live status line on a terminal only.
import { spawn } from 'node:child_process';
import { appendFileSync, cpSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ExitCode } from '../../src/cli/exit-codes.ts';
import { ROOT, runCli, type CliResult } from '../support/cli.ts';

const TMP = join(ROOT, 'test/.tmp/cli-output');
const CONFIG = join(ROOT, 'test/fixtures/sites/valid/site.config.ts');
const SUMMARY_LINE = /^Built (\d+) pages \((\d+) rendered, (\d+) reused\), checked (\d+) links \(every href on every page, repeats included\), (.*)\. Done in [\d.]+ s\.$/;
const SUMMARY = /^Built (\d+) pages \((\d+) rendered, (\d+) reused\), checked (\d+) links \(every href on every page, repeats included\), (.*)\. Done in [\d.]+ s\.\n$/;
/** A copy of the valid fixture, as deep in the tree as the original, so one page of it can be edited. */
const SITE = join(TMP, 'sites/valid');

const build = (out: string, ...args: string[]): Promise<CliResult> => runCli(['build', '--config', CONFIG, '--out', out, ...args]);

beforeAll(() => {
  rmSync(TMP, { recursive: true, force: true });
  mkdirSync(TMP, { recursive: true });
  cpSync(join(ROOT, 'test/fixtures/sites/valid'), SITE, { recursive: true });
  writeFileSync(join(SITE, 'site.config.ts'), "export { default } from '../../../../fixtures/sites/valid/site.config.ts';\n");
  // Static files are written too, and count as written.
  mkdirSync(join(SITE, 'static/files'), { recursive: true });
  writeFileSync(join(SITE, 'static/files/notes.txt'), 'Static notes.\n');
  writeFileSync(join(SITE, 'static/licence.txt'), 'BSD-3-Clause\n');
});

/** The files a build put in out/: all of them but the tool's marker and manifest. */
function filesIn(out: string): string[] {
  return readdirSync(out, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile() && !(e.parentPath === out && ['.pkidocs-out', '.pkidocs-manifest.json'].includes(e.name)))
    .map((e) => join(e.parentPath, e.name));
}
const sizeOf = (files: string[]): number => files.reduce((n, f) => n + statSync(f).size, 0);
afterAll(() => rmSync(TMP, { recursive: true, force: true }));

describe('pkidocs build output', () => {
  let cold: CliResult;
  let warm: CliResult;
  let edited: CliResult;
  const copy = (...args: string[]): Promise<CliResult> => runCli(['build', '--config', join(SITE, 'site.config.ts'), '--out', join(TMP, 'out'), ...args]);
  let coldFiles: string[];
  beforeAll(async () => {
    cold = await copy('--no-cache');
    coldFiles = filesIn(join(TMP, 'out'));
    warm = await copy();
    appendFileSync(join(SITE, 'docs/installation.md'), '\nOne more sentence.\n');
    edited = await copy();
  }, 600_000);

  it('puts the one result line on stdout and the stages on stderr, so build > build.log keeps the result', () => {
    expect(cold.code).toBe(ExitCode.Ok);
    expect(cold.stdout).toMatch(SUMMARY);
    expect(cold.stderr).not.toContain('Built');
    for (const stage of ['config', 'api', 'render', 'links', 'write']) expect(cold.stderr).toMatch(new RegExp(`^✓ ${stage} +\\d+ ms`, 'm'));
    expect(cold.stdout).not.toContain('✓');
  });

  it('says what a cold build wrote, and that a warm build with nothing changed wrote nothing', () => {
    const [, pages, rendered, reused, , wrote] = SUMMARY.exec(cold.stdout)!;
    expect([Number(rendered), Number(reused)]).toEqual([Number(pages), 0]);
    expect(wrote).toMatch(new RegExp(`^wrote \\d+ files \\([\\d.]+ MB\\) to ${join(TMP, 'out')}$`));
    const [, warmPages, warmRendered, warmReused, , warmWrote] = SUMMARY.exec(warm.stdout)!;
    expect([Number(warmPages), Number(warmRendered), Number(warmReused)]).toEqual([Number(pages), 0, Number(pages)]);
    expect(warmWrote).toMatch(new RegExp(`^wrote nothing: ${join(TMP, 'out')} already held this site \\([\\d.]+ MB\\)$`));
    expect(warm.stderr).toMatch(/^✓ write .*wrote nothing: .* already held this site \([\d.]+ MB\)$/m);
    expect(warm.stderr).toMatch(new RegExp(`^✓ render .* 0 of ${pages} pages \\(${pages} reused from the cache\\)$`, 'm'));
    expect(warm.stdout + warm.stderr).not.toMatch(/wrote [\d.]+ MB|[\d.]+ MB to /);
  });

  it('after a one-page edit, says how little it wrote and how much it linked unchanged', () => {
    const [, pages, rendered, reused, , wrote] = SUMMARY.exec(edited.stdout)!;
    expect([Number(rendered), Number(reused)]).toEqual([1, Number(pages) - 1]);
    const out = join(TMP, 'out');
    const [, files, , linked, , all] = new RegExp(`^wrote (\\d+) files \\(([\\d.]+ (?:kB|MB))\\) to ${out} and linked (\\d+) unchanged files \\(([\\d.]+ MB)\\) from the previous site, ([\\d.]+) MB in all$`).exec(wrote!) ?? [];
    expect(Number(files)).toBeLessThan(Number(linked) / 10);
    expect(Number(all)).toBeGreaterThan(0);
    expect(edited.stderr).toMatch(new RegExp(`^✓ render .* 1 of ${pages} pages \\(${Number(pages) - 1} reused from the cache\\)$`, 'm'));
    expect(edited.stderr).toContain(`✓ write`);
    expect(edited.stderr).toMatch(/ 1 Markdown page, 1 page module$/m);
  });

  it('counts every file it puts in out/, static files included, in the files and bytes it says', () => {
    expect(coldFiles.map((f) => f.slice(join(TMP, 'out').length))).toEqual(expect.arrayContaining(['/files/notes.txt', '/licence.txt']));
    const [, files] = /^wrote (\d+) files/.exec(SUMMARY.exec(cold.stdout)![5]!)!;
    expect(Number(files)).toBe(coldFiles.length);
    const out = join(TMP, 'out');
    const [, written, , linked, , all] = /^wrote (\d+) files \(([\d.]+) (?:kB|MB)\) to .* and linked (\d+) unchanged files \(([\d.]+) MB\) from the previous site, ([\d.]+) MB in all$/.exec(SUMMARY.exec(edited.stdout)![5]!)!;
    expect(Number(written) + Number(linked)).toBe(filesIn(out).length);
    expect(Number(all)).toBe(Number((sizeOf(filesIn(out)) / 1e6).toFixed(1)));
  });

  it('names what its link count counts, as check names its own', () => {
    expect(cold.stderr).toMatch(/^✓ links .* \d+ links \(every href, repeats included\) on \d+ pages$/m);
    const [, , , , links] = SUMMARY.exec(cold.stdout)!;
    expect(Number(links)).toBeGreaterThan(0);
  });
});

describe('pkidocs build --help', () => {
  it('describes --no-cache in the words of the README', async () => {
    const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
    const row = /^\| `--no-cache` \| (.+) \|$/m.exec(readme)![1]!.replaceAll('`', '');
    const help = (await runCli(['build', '--help'])).stdout;
    const described = /--no-cache\s+([\s\S]*?)(?:\n\s*-|\n\s*$)/.exec(help)![1]!.replace(/\s+/g, ' ').trim();
    expect(described).toBe(row);
  });

  it('describes every option of every command in the README\'s CLI table, in the words of its --help', async () => {
    const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
    const plain = (text: string): string => text.replaceAll('`', '').replace(/\s*\(default:? [^)]*\)/g, '').replace(/\s+/g, ' ');
    const rows = [...readme.matchAll(/^\| (`--[^|]+) \| (.+) \|$/gm)].map(([, flags, cell]) => ({ flags: flags!, cell: plain(cell!) }));
    for (const command of ['build', 'serve', 'check']) {
      const help = (await runCli([command, '--help'])).stdout;
      const options = help.slice(help.indexOf('Options:')).split(/\n(?= {2}-)/).slice(1);
      for (const option of options) {
        const [, flag, words] = /^\s*(--[\w-]+)(?: <\w+>)?\s+([\s\S]+)$/.exec(option) ?? [];
        if (!flag || flag === '--help') continue;
        const row = rows.find((r) => r.flags.includes(`\`${flag}`));
        expect(row, `${command} ${flag} has no row in the README's CLI table`).toBeDefined();
        expect(row!.cell, `${command} ${flag}`).toContain(plain(words!).trim());
      }
    }
  });
});

/** ESC, the start of a terminal control sequence. */
const ESC = String.fromCharCode(0x1b);

describe('the live status line', () => {
  it('shows the running stage and its elapsed time on a terminal, and nothing of it on a pipe', async () => {
    // script(1) gives the CLI a pseudo-terminal, as a user's shell would.
    const command = [process.execPath, join(ROOT, 'bin/pkidocs.js'), 'build', '--config', CONFIG, '--out', join(TMP, 'tty')].map((a) => `'${a}'`).join(' ');
    const tty = await new Promise<string>((done, failed) => {
      const child = spawn('script', ['-qefc', command, '/dev/null'], { cwd: ROOT, env: { ...process.env, NO_COLOR: '1', TERM: 'xterm' }, stdio: ['ignore', 'pipe', 'inherit'] });
      let text = '';
      child.stdout.on('data', (chunk: Buffer) => (text += chunk.toString()));
      child.on('error', failed);
      child.on('close', (code) => (code === 0 ? done(text) : failed(new Error(`script exited ${code}:\n${text}`))));
    });
    expect(tty).toMatch(new RegExp(`\r${ESC}\\[K[⠋⠙⠹⠸⠼⠴⠦⠧⠇⠏] [^\r\n]*\\bapi \\d+\\.\\d s[^\r\n]*\\(\\d+ stages? done\\)`));
    // Rendering blocks the timer: the line still moves, drawn by the render loop's progress calls.
    expect(tty).toMatch(new RegExp(`\r${ESC}\\[K[⠋⠙⠹⠸⠼⠴⠦⠧⠇⠏] [^\r\n]*\\brender \\d+/\\d+ pages \\d+\\.\\d s`));
    // The status line is erased before any other line is written: each stage line and the result start clean.
    const shown = tty.split(/\r?\n/).map((line) => line.split(`\r${ESC}[K`).at(-1)!);
    expect(shown.filter((line) => line.includes('✓ ')).every((line) => line.startsWith('✓ '))).toBe(true);
    expect(shown.filter((line) => /^✓ (api|render|write) /.test(line))).toHaveLength(3);
    expect(shown.filter((line) => line.includes('Built '))).toEqual([expect.stringMatching(SUMMARY_LINE)]);
    const piped = await build(join(TMP, 'piped'));
    expect(piped.code).toBe(ExitCode.Ok);
    expect(piped.stderr + piped.stdout).not.toMatch(new RegExp(`[\r${ESC}⠋⠙⠹⠸⠼⠴⠦⠧⠇⠏]`));
  }, 300_000);
});
