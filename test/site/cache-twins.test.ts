// Edits after which a warm `pkidocs build` must still write what a
// `--no-cache` build writes, aimed at the publish stage's reuse (Markdown
// twins linked from the previous out/) and at what the page cache's
// recorded dependencies leave out. The cache-matrix approach: a "warm"
// checkout keeps its caches and out/, a "ref" one builds from nothing.
import { execFileSync } from 'node:child_process';
import { cpSync, lstatSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT, type CliResult } from '../support/cli.ts';
import { makeCheckout, run } from '../support/warm-checkout.ts';
import { fixtureConfig, fixtureHome } from '../support/fixture-site.ts';

const TMP = join(ROOT, 'test/.tmp/cache-twins');
const WARM = join(TMP, 'warm');
const REF = join(TMP, 'ref');
const WARM_OUT = join(TMP, 'out-warm');
const REF_OUT = join(TMP, 'out-ref');

const doc = (title: string, body: string, position: number): string => `---\ntitle: ${title}\ndescription: About ${title.toLowerCase()}.\nsidebar_position: ${position}\n---\n\n${body}\n`;
const DOCS: Record<string, string> = {
  'installation.md': doc('Installation', '## Install it\n\nRun `npm install pkijs`.', 1),
  'guide.md': doc('Guide', '## First steps\n\n```ts include=./snippet.ts#make\n```', 2),
  'snippet.ts': 'import { Certificate } from "pkijs";\n// #region make\nconst certificate = new Certificate();\n// #endregion make\nexport { certificate };\n',
  'codes.md': doc('Codes', '## The codes\n\n```table rows=./codes-data.ts#codes\nCode = `code`\nMeaning = meaning\n```', 3),
  // The table's rows come from a module the data module imports without an extension.
  'codes-data.ts': "import { more } from './more';\nexport const codes = [{ code: 'E1', meaning: 'The first code.' }, ...more];\n",
  'more.ts': "export const more = [{ code: 'E2', meaning: 'From more.ts.' }];\n",
};
const DTS = '/** An X.509 certificate. */\nexport declare class Certificate {\n  /** The version field. */\n  version: number;\n}\n';

function twinsCheckout(dir: string): void {
  makeCheckout(dir);
  const pkg = join(dir, 'node_modules/pkijs');
  mkdirSync(join(pkg, 'build'), { recursive: true });
  writeFileSync(join(pkg, 'package.json'), JSON.stringify({ name: 'pkijs', version: '3.3.2', types: 'build/index.d.ts' }));
  writeFileSync(join(pkg, 'README.md'), '# pkijs\n\nA small stand-in of the library.\n');
  writeFileSync(join(pkg, 'build/index.d.ts'), DTS);
  for (const sub of ['docs', 'pages', 'static']) mkdirSync(join(dir, 'content', sub), { recursive: true });
  writeFileSync(join(dir, 'content/site.config.ts'), fixtureConfig('Twins', 'Warm twins'));
  for (const [name, text] of Object.entries(DOCS)) writeFileSync(join(dir, 'content/docs', name), text);
  writeFileSync(join(dir, 'content/pages/index.tsx'), fixtureHome('Twins home'));
  writeFileSync(join(dir, 'content/static/logo.svg'), '<svg xmlns="http://www.w3.org/2000/svg" width="8" height="8"/>\n');
}

function files(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' }).filter((f) => statSync(join(dir, f)).isFile()).sort();
}

/** The content (links kept as links) and the stand-in package, copied to the reference checkout. */
function syncReference(): void {
  for (const part of ['content', 'node_modules/pkijs']) {
    rmSync(join(REF, part), { recursive: true, force: true });
    cpSync(join(WARM, part), join(REF, part), { recursive: true, verbatimSymlinks: true });
  }
}

/** Out/ folders that differ: the names of the files whose bytes differ, or the two file lists. */
async function warmEqualsCold(out = WARM_OUT): Promise<{ warm: CliResult; differing: string[] }> {
  const warm = await run(WARM, ['build', '--out', out]);
  expect(warm.code, warm.stderr).toBe(0);
  syncReference();
  const ref = await run(REF, ['build', '--no-cache', '--out', REF_OUT]);
  expect(ref.code, ref.stderr).toBe(0);
  expect(files(out)).toEqual(files(REF_OUT));
  return { warm, differing: files(out).filter((f) => !readFileSync(join(out, f)).equals(readFileSync(join(REF_OUT, f)))) };
}

/** After a test that found warm != cold: caches and out/ from nothing, so the next test starts true. */
async function heal(): Promise<void> {
  rmSync(join(WARM, '.pkidocs-cache'), { recursive: true, force: true });
  rmSync(WARM_OUT, { recursive: true, force: true });
  expect((await run(WARM, ['build', '--out', WARM_OUT])).code).toBe(0);
}

/** Warm equals cold, the reference's `file` holding `text` (the edit took); the warm checkout healed before the verdict. */
async function expectWarmEqualsColdShowing(file: string, text: string): Promise<void> {
  const { differing } = await warmEqualsCold();
  expect(readFileSync(join(REF_OUT, file), 'utf8')).toContain(text);
  await heal();
  expect(differing).toEqual([]);
}

/**
 * The home page (a page module) shows `name`, imported from content/shared/<specifier>;
 * `before` and then `after` write files there (file name to the text it exports).
 * Warm equals cold both times, and the second home shows after's last text.
 */
async function homeImportChanged(name: string, specifier: string, before: Record<string, string>, after: Record<string, string>): Promise<void> {
  const write = (files: Record<string, string>): void => {
    for (const [file, text] of Object.entries(files)) writeFileSync(join(WARM, 'content/shared', file), `export const ${name} = '${text}';\n`);
  };
  mkdirSync(join(WARM, 'content/shared'), { recursive: true });
  write(before);
  writeFileSync(join(WARM, 'content/pages/index.tsx'), `import { createElement as h } from 'react';\nimport { ${name} } from '../shared/${specifier}';\nexport default function Home() { return h('h1', null, ${name}); }\n`);
  expect((await warmEqualsCold()).differing).toEqual([]);
  write(after);
  await expectWarmEqualsColdShowing('index.md', Object.values(after).at(-1)!);
}

beforeAll(async () => {
  rmSync(TMP, { recursive: true, force: true });
  twinsCheckout(WARM);
  twinsCheckout(REF);
  expect((await warmEqualsCold()).differing).toEqual([]);
}, 240_000);

afterAll(() => {
  if (!process.env.KEEP_MATRIX) rmSync(TMP, { recursive: true, force: true });
});

describe('a warm build equals a --no-cache build', () => {
  it('after a static file takes a docs twin\'s path, and is removed again', async () => {
    mkdirSync(join(WARM, 'content/static/docs'), { recursive: true });
    writeFileSync(join(WARM, 'content/static/docs/guide.md'), '# My own twin\n');
    expect((await warmEqualsCold()).differing).toEqual([]);
    rmSync(join(WARM, 'content/static/docs'), { recursive: true });
    expect((await warmEqualsCold()).differing).toEqual([]);
  });

  it('after a front-matter edit is undone (A, B, A)', async () => {
    const file = join(WARM, 'content/docs/installation.md');
    const a = readFileSync(file, 'utf8');
    writeFileSync(file, a.replace('About installation.', 'About installing.'));
    expect((await warmEqualsCold()).differing).toEqual([]);
    writeFileSync(file, a);
    expect((await warmEqualsCold()).differing).toEqual([]);
  });

  it('after a build into another out/ with the same cache, then an edit, back into the first', async () => {
    const other = join(TMP, 'out-other');
    expect((await warmEqualsCold(other)).differing).toEqual([]);
    writeFileSync(join(WARM, 'content/docs/guide.md'), doc('Guide', '## First steps\n\nNo code now.', 2));
    expect((await warmEqualsCold(other)).differing).toEqual([]);
    expect((await warmEqualsCold()).differing).toEqual([]);
  });

  it('after a page is moved to another folder (its twin and every link change)', async () => {
    mkdirSync(join(WARM, 'content/docs/more'), { recursive: true });
    renameSync(join(WARM, 'content/docs/guide.md'), join(WARM, 'content/docs/more/guide.md'));
    writeFileSync(join(WARM, 'content/docs/more/guide.md'), readFileSync(join(WARM, 'content/docs/more/guide.md'), 'utf8').replace('./snippet.ts', '../snippet.ts'));
    writeFileSync(join(WARM, 'content/docs/codes.md'), readFileSync(join(WARM, 'content/docs/codes.md'), 'utf8') + '\nSee [the guide](./more/guide.md).\n');
    expect((await warmEqualsCold()).differing).toEqual([]);
  });

  it('with the checkout, its cache and out/ copied to another path, then a data module edit', async () => {
    const moved = join(TMP, 'moved');
    const movedOut = join(TMP, 'out-moved');
    cpSync(WARM, moved, { recursive: true, verbatimSymlinks: true });
    cpSync(WARM_OUT, movedOut, { recursive: true, preserveTimestamps: true });
    writeFileSync(join(moved, 'content/docs/codes-data.ts'), "import { more } from './more';\nexport const codes = [{ code: 'E1', meaning: 'Moved.' }, ...more];\n");
    const warm = await run(moved, ['build', '--out', movedOut]);
    expect(warm.code, warm.stderr).toBe(0);
    cpSync(join(moved, 'content'), join(WARM, 'content'), { recursive: true, verbatimSymlinks: true, force: true });
    syncReference();
    expect((await run(REF, ['build', '--no-cache', '--out', REF_OUT])).code).toBe(0);
    expect(files(movedOut)).toEqual(files(REF_OUT));
    expect(files(movedOut).filter((f) => !readFileSync(join(movedOut, f)).equals(readFileSync(join(REF_OUT, f))))).toEqual([]);
    rmSync(moved, { recursive: true, force: true });
    rmSync(movedOut, { recursive: true, force: true });
    expect((await warmEqualsCold()).differing).toEqual([]); // the warm checkout catches up with the edit
  });

  it('after a file that takes over a data module import is added (more.tsx beside more.ts)', async () => {
    // esbuild resolves `./more` to .tsx before .ts: the table now shows more.tsx's rows.
    writeFileSync(join(WARM, 'content/docs/more.tsx'), "export const more = [{ code: 'E3', meaning: 'From more.tsx.' }];\n");
    await expectWarmEqualsColdShowing('docs/codes.md', 'From more.tsx.');
  });

  it('after a file a page module imports from outside content/pages is edited', async () => {
    await homeImportChanged('hero', 'hero.ts', { 'hero.ts': 'First hero' }, { 'hero.ts': 'Second hero' });
  });

  it('after a file that takes over a page module import is added (banner.tsx beside banner.ts)', async () => {
    // The compiled module is reused by its inputs; `../shared/banner` now names another file.
    await homeImportChanged('banner', 'banner', { 'banner.ts': 'From banner.ts' }, { 'banner.tsx': 'From banner.tsx' });
  });

  it('after a symlinked folder a data module imports from is pointed elsewhere', async () => {
    for (const [dir, text] of [['a', 'From folder a.'], ['b', 'From folder b.']]) {
      mkdirSync(join(WARM, 'content/data-' + dir), { recursive: true });
      writeFileSync(join(WARM, `content/data-${dir}/rows.ts`), `export const more = [{ code: 'E9', meaning: '${text}' }];\n`);
    }
    symlinkSync('../data-a', join(WARM, 'content/docs/data'));
    writeFileSync(join(WARM, 'content/docs/codes-data.ts'), "import { more } from './data/rows.ts';\nexport const codes = [{ code: 'E1', meaning: 'The first code.' }, ...more];\n");
    expect((await warmEqualsCold()).differing).toEqual([]);
    rmSync(join(WARM, 'content/docs/data'));
    symlinkSync('../data-b', join(WARM, 'content/docs/data'));
    await expectWarmEqualsColdShowing('docs/codes.md', 'From folder b.');
  });

  it('after a twin of out/ is moved away and a symlink to it put in its place', async () => {
    // The moved file keeps its inode, size and mtime: the link's target matches the manifest's entry.
    const away = join(TMP, 'elsewhere.md');
    renameSync(join(WARM_OUT, 'docs/codes.md'), away);
    symlinkSync(away, join(WARM_OUT, 'docs/codes.md'));
    writeFileSync(join(WARM, 'content/docs/installation.md'), doc('Installation', '## Install it\n\nRun `npm install pkijs` now.', 1));
    const { differing } = await warmEqualsCold();
    // A --no-cache build writes a file; out/ must not hold a link to a file outside it.
    const linked = lstatSync(join(WARM_OUT, 'docs/codes.md')).isSymbolicLink();
    await heal();
    expect(differing).toEqual([]);
    expect(linked).toBe(false);
  });

  it('after the site baseUrl is set (the search index names it)', async () => {
    const config = join(WARM, 'content/site.config.ts');
    writeFileSync(config, readFileSync(config, 'utf8').replace("title: 'Twins',", "title: 'Twins', baseUrl: '/a/',"));
    await expectWarmEqualsColdShowing('_pkidocs/search-index.json', '"base":"/a/"');
  });

  it('after an API twin of out/ is edited by hand, its size, inode and mtime kept', async () => {
    // mtime put back to the nanosecond by touch -r through a stamp file (utimes' float seconds may miss by a few ns).
    const path = join(WARM_OUT, 'docs/api/classes/Certificate.md');
    const stamp = join(mkdtempSync(join(tmpdir(), 'pkidocs-stamp-')), 'stamp');
    writeFileSync(stamp, '');
    execFileSync('touch', ['-r', path, stamp]);
    const inode = statSync(path).ino;
    const text = readFileSync(path, 'utf8');
    expect(text).toContain('certificate');
    writeFileSync(path, text.replace('certificate', 'CERTIFICATE'), { flag: 'r+' });
    execFileSync('touch', ['-r', stamp, path]);
    rmSync(dirname(stamp), { recursive: true });
    expect(statSync(path).ino).toBe(inode);
    writeFileSync(join(WARM, 'content/docs/installation.md'), doc('Installation', '## Install it\n\nRun `npm install pkijs` first.', 1));
    const { differing } = await warmEqualsCold();
    await heal();
    expect(differing).toEqual([]);
  });
});
