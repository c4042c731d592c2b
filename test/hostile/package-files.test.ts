// The documented package's files are content: its type definitions' doc
// comments may not pull a file of the machine into the site ({@include},
// {@includeCode}, @document are switched off), and its README is read inside
// the package folder like a Markdown page (a README linked to /etc/passwd was
// published; a `readme.md` or no README crashed the build with ENOENT).
// Each case builds a throw-away checkout whose node_modules links every
// package of the real one except pkijs, a small fake of 3.3.2 made here.
import { execFile } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ROOT, type CliResult } from '../support/cli.ts';
import { FIXTURE_CONFIG, FIXTURE_HOME } from '../support/fixture-site.ts';

const TMP = join(ROOT, 'test/.tmp/hostile-package-files');
const CHECKOUT = join(TMP, 'checkout');
const PKG = join(CHECKOUT, 'node_modules/pkijs');
const OUT = join(TMP, 'out');
const PASSWD = readFileSync('/etc/passwd', 'utf8');
/** A line of /etc/passwd that no page would hold otherwise. */
const PASSWD_LINE = PASSWD.split('\n')[0]!;

const SITE_CONFIG = FIXTURE_CONFIG;
const HOME = FIXTURE_HOME;
/** From build/ of the fake package up to the file system's root, whatever the depth of the checkout. */
const UP = '../'.repeat(join(PKG, 'build').split('/').length - 1);
const dts = (comment: string): string => `/**\n * A certificate.\n * ${comment}\n */\nexport declare class Certificate {\n  /** Its version. */\n  version: number;\n}\n/** A kind. */\nexport declare enum Kind {\n  A = 0\n}\n/** Its parameters. */\nexport interface CertificateParameters {\n  version?: number;\n}\n`;

function run(args: string[]): Promise<CliResult> {
  return new Promise((done) => {
    execFile(process.execPath, [join(CHECKOUT, 'bin/pkidocs.js'), ...args], { cwd: CHECKOUT, env: { ...process.env, NO_COLOR: '1' }, maxBuffer: 1 << 26 }, (err, stdout, stderr) => {
      done({ code: err ? ((err as { code?: number }).code ?? 1) : 0, stdout, stderr });
    });
  });
}
const build = async () => {
  rmSync(OUT, { recursive: true, force: true });
  const r = await run(['build', '--out', OUT]);
  return { ...r, output: r.stderr + r.stdout };
};

/** Every file of out/ as text, joined: what the site publishes (pages, twins, chunks, llms-full.txt). */
const published = (): string => readdirSync(OUT, { recursive: true, withFileTypes: true })
  .filter((e) => e.isFile())
  .map((e) => readFileSync(join(e.parentPath, e.name), 'utf8'))
  .join('\n');

beforeAll(() => {
  rmSync(TMP, { recursive: true, force: true });
  mkdirSync(join(CHECKOUT, 'node_modules'), { recursive: true });
  for (const part of ['bin', 'src', 'templates', 'client', 'package.json', 'tsconfig.json']) cpSync(join(ROOT, part), join(CHECKOUT, part), { recursive: true });
  for (const name of readdirSync(join(ROOT, 'node_modules'))) {
    if (name !== 'pkijs') symlinkSync(join(ROOT, 'node_modules', name), join(CHECKOUT, 'node_modules', name));
  }
  mkdirSync(join(CHECKOUT, 'content/docs'), { recursive: true });
  mkdirSync(join(CHECKOUT, 'content/pages'), { recursive: true });
  writeFileSync(join(CHECKOUT, 'content/site.config.ts'), SITE_CONFIG);
  writeFileSync(join(CHECKOUT, 'content/docs/installation.md'), '---\ntitle: Installation\ndescription: How to install.\n---\n\nInstall it.\n');
  writeFileSync(join(CHECKOUT, 'content/pages/index.tsx'), HOME);
});
afterAll(() => rmSync(TMP, { recursive: true, force: true }));

/** A fresh fake pkijs 3.3.2: its type definitions and, unless told otherwise, a README.md. */
beforeEach(() => {
  rmSync(PKG, { recursive: true, force: true });
  mkdirSync(join(PKG, 'build'), { recursive: true });
  writeFileSync(join(PKG, 'package.json'), JSON.stringify({ name: 'pkijs', version: '3.3.2', types: 'build/index.d.ts' }));
  writeFileSync(join(PKG, 'build/index.d.ts'), dts('Plain.'));
  writeFileSync(join(PKG, 'README.md'), '# PKIjs\n\nThe fake README of this test.\n');
});

describe('the package folder is content', () => {
  it.each([
    ['{@include}', `{@include ${UP}etc/passwd}`],
    ['{@includeCode}', `{@includeCode ${UP}etc/passwd}`],
    ['@document', `@document ${UP}etc/passwd`],
  ])('%s in a doc comment reads no file: the build fails (exit 3) naming the tag, and nothing of the file is published', async (tag, comment) => {
    writeFileSync(join(PKG, 'build/index.d.ts'), dts(comment));
    const { code, output } = await build();
    expect(output).toContain(`error TypeDoc: ${tag} ${UP}etc/passwd in the doc comment of Certificate (node_modules/pkijs/build/index.d.ts) was not followed: pkidocs reads no file a doc comment names (the type definitions are content). [api/typedoc]`);
    expect(output).not.toContain(PASSWD_LINE);
    expect(code).toBe(3);
    expect(existsSync(OUT)).toBe(false);
  }, 120_000);

  it('a doc comment without such tags builds, and its page holds the comment', async () => {
    const { code, output } = await build();
    expect(output).toMatch(/Built \d+ pages/);
    expect(code).toBe(0);
    const site = published();
    expect(site).toContain('A certificate.');
    expect(site).toContain('The fake README of this test.');
  }, 120_000);

  it('a README linked to /etc/passwd fails the build (exit 3), naming the link, and publishes nothing of it', async () => {
    rmSync(join(PKG, 'README.md'));
    symlinkSync('/etc/passwd', join(PKG, 'README.md'));
    const { code, output } = await build();
    expect(output).toMatch(/node_modules\/pkijs\/README\.md error [^\n]*README\.md is a symbolic link to \/etc\/passwd, which is outside the pkijs package folder\. Nothing outside the pkijs package folder is read\. \[content\/link-outside\]/);
    expect(output).not.toContain(PASSWD_LINE);
    expect(code).toBe(3);
    expect(existsSync(OUT)).toBe(false);
  }, 120_000);

  it('prints the warnings of the API stage (an export left out), and still builds', async () => {
    // A renamed re-export is a Reference, a kind the reference leaves out: it was left out without a word.
    writeFileSync(join(PKG, 'build/index.d.ts'), `${dts('Plain.')}export { Certificate as Cert };\n`);
    const { code, output } = await build();
    expect(output).toContain('warning The export Cert is a Reference, a kind the API reference does not document, so it is left out. [api/unsupported-export]');
    expect(code).toBe(0);
  }, 120_000);

  it('a README named readme.md is the API page', async () => {
    rmSync(join(PKG, 'README.md'));
    writeFileSync(join(PKG, 'readme.md'), '# pkijs\n\nA lower-case readme.\n');
    const { code, output } = await build();
    expect(output).toMatch(/Built \d+ pages/);
    expect(code).toBe(0);
    expect(readFileSync(join(OUT, 'docs/api/pkijs/index.html'), 'utf8')).toContain('A lower-case readme.');
  }, 120_000);

  it('a package without a README builds, and its page says so', async () => {
    rmSync(join(PKG, 'README.md'));
    const { code, output } = await build();
    expect(output).toMatch(/Built \d+ pages/);
    expect(code).toBe(0);
    expect(readFileSync(join(OUT, 'docs/api/pkijs/index.html'), 'utf8')).toContain('The package pkijs ships no README; its API follows in the sidebar.');
  }, 120_000);
});
