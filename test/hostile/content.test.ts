// Hostile content through the real CLI. Content can never read outside the
// repository (includes stay in the content folder, links out are errors),
// run code (JavaScript front matter, <script>, on*= handlers, javascript:
// URLs; a table's data module runs sandboxed, without fs), leave a code
// without its explanation, loop (folder and file link loops), hang (a FIFO) or take a layout id.
// Each failing case exits with its code and a message naming the file (and
// line), and the previous out/ stays exactly as it was.
//
// Fixtures git can store live in test/fixtures/hostile/<case>/ with a
// case.json; links, FIFOs, vanished files, names git or some systems cannot
// hold and huge pages are made at run time under test/.tmp/hostile-content/.
import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, lstatSync, mkdirSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import * as cheerio from 'cheerio';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ExitCode } from '../../src/cli/exit-codes.ts';
import { MARKER, MARKER_TEXT } from '../../src/output/out-dir.ts';
import { CONTENT_ID, DATA_ID, MAIN_CONTENT_ID, ROOT_ID } from '../../src/shared/reserved-ids.ts';
import { ROOT, runCli } from '../support/cli.ts';

const FIXTURES = join(ROOT, 'test/fixtures/hostile');
const VALID = join(ROOT, 'test/fixtures/sites/valid');
const TMP = join(ROOT, 'test/.tmp/hostile-content');
const OUT = join(TMP, 'out');
const SENTINEL = '<p>the previous build</p>';
const FRONT_MATTER_RAN = join(ROOT, 'test/.tmp/hostile-content-front-matter-ran');

/** The fixture cases of this file (test/fixtures/hostile holds other files' cases too). */
const FIXTURE_CASES = [
  'include-etc-passwd', 'include-proc-environ', 'front-matter-js', 'raw-html-script', 'raw-html-event-handler',
  'raw-html-javascript-url', 'markdown-link-javascript', 'page-over-size-limit', 'heading-layout-ids',
  'table-data-module-reads-fs', 'table-unexplained-code',
  'api-note-unknown-item', 'api-note-unknown-member',
];

beforeAll(() => {
  rmSync(TMP, { recursive: true, force: true });
  mkdirSync(TMP, { recursive: true });
});
afterAll(() => {
  rmSync(TMP, { recursive: true, force: true });
  rmSync(FRONT_MATTER_RAN, { force: true });
});

/** A previous build in out/, with the marker that lets a build replace it. */
beforeEach(() => {
  rmSync(OUT, { recursive: true, force: true });
  mkdirSync(OUT, { recursive: true });
  writeFileSync(join(OUT, MARKER), MARKER_TEXT);
  writeFileSync(join(OUT, 'index.html'), SENTINEL);
});

async function build(configFile: string) {
  const result = await runCli(['build', '--config', configFile, '--out', OUT]);
  return { ...result, output: result.stderr + result.stdout };
}

function expectPreviousOut(): void {
  expect(readdirSync(OUT).sort()).toEqual([MARKER, 'index.html']);
  expect(readFileSync(join(OUT, 'index.html'), 'utf8')).toBe(SENTINEL);
  expect(readdirSync(TMP).filter((f) => f.startsWith('out.'))).toEqual([]);
}

/** Every file under a folder, as found (links not followed). */
function walk(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' }).map((rel) => join(dir, rel));
}

describe('hostile content fixtures', () => {
  it.each(FIXTURE_CASES)('%s', async (name) => {
    const expected = JSON.parse(readFileSync(join(FIXTURES, name, 'case.json'), 'utf8')) as { exit: number; message: string };
    rmSync(FRONT_MATTER_RAN, { force: true });
    const { code, output } = await build(join(FIXTURES, name, 'site.config.ts'));
    expect(output).toMatch(new RegExp(expected.message));
    expect(code).toBe(expected.exit);
    // Nothing read outside leaks into the output, and no front matter ran.
    expect(output).not.toMatch(/root:x:0:0|PATH=/);
    expect(existsSync(FRONT_MATTER_RAN)).toBe(false);
    if (expected.exit !== ExitCode.Ok) {
      expect(output).toMatch(/Build failed: 1 problem found/);
      expectPreviousOut();
    }
  });

  it('heading-layout-ids: headings keep their slugs, only the reserved prefix is escaped, and each id is on the page once', async () => {
    const { code } = await build(join(FIXTURES, 'heading-layout-ids/site.config.ts'));
    expect(code).toBe(ExitCode.Ok);
    const $ = cheerio.load(readFileSync(join(OUT, 'docs/installation/index.html'), 'utf8'));
    expect($('h2').map((_, e) => $(e).attr('id')).get()).toEqual(['content', 'main-content', '___pkidocs', 'root']);
    const ids = $('[id]').map((_, e) => $(e).attr('id')).get();
    expect(ids.filter((id, i) => ids.indexOf(id) !== i)).toEqual([]);
    for (const id of [CONTENT_ID, MAIN_CONTENT_ID, ROOT_ID, DATA_ID]) expect($(`[id="${id}"]`).length).toBe(1);
  });
});

/** A copy of the valid fixture site under test/.tmp, changed by `make`, for cases git cannot store. */
function site(name: string, make: (dir: string) => void, configExtra = ''): string {
  const dir = join(TMP, 'sites', name);
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  cpSync(join(VALID, 'docs'), join(dir, 'docs'), { recursive: true });
  // No JSX: test/.tmp is outside the project's tsconfig.
  mkdirSync(join(dir, 'pages'));
  writeFileSync(join(dir, 'pages/index.tsx'), "import { createElement as h } from 'react';\nexport default function Home() { return h('h1', null, 'Fixture home'); }\n");
  const schema = relative(dir, join(ROOT, 'src/config/define.ts'));
  const base = relative(dir, join(ROOT, 'test/fixtures/sites/base.config.ts'));
  writeFileSync(join(dir, 'site.config.ts'), `import { defineConfig } from '${schema}';\nimport { base } from '${base}';\n\nexport default defineConfig({ ...base${configExtra} });\n`);
  make(dir);
  return join(dir, 'site.config.ts');
}

const PAGE = '---\ntitle: Other\ndescription: Another page.\n---\n\nText.\n';
const rel = (p: string): string => relative(ROOT, p).replace(/[.?#()[\]]/g, '\\$&');

interface RuntimeCase {
  name: string;
  make: (dir: string) => void;
  /** The message, given the site folder. */
  message: (dir: string) => RegExp;
  problems?: number;
}

const RUNTIME_CASES: RuntimeCase[] = [
  {
    name: 'docs-symlink-loop-self',
    make: (dir) => symlinkSync('.', join(dir, 'docs/self')),
    message: (dir) => new RegExp(`${rel(join(dir, 'docs/self'))} error ${rel(join(dir, 'docs/self'))} is a symbolic link to ${rel(join(dir, 'docs'))}, a folder that contains it: following it would loop forever\\. \\[content/link-loop\\]`),
  },
  {
    name: 'docs-symlink-loop-self-and-up',
    make: (dir) => {
      symlinkSync('.', join(dir, 'docs/self'));
      symlinkSync('../docs', join(dir, 'docs/up'));
    },
    message: (dir) => new RegExp(`${rel(join(dir, 'docs/self'))} error [^\\n]*loop forever[^]*${rel(join(dir, 'docs/up'))} error [^\\n]*loop forever`),
    problems: 2,
  },
  {
    name: 'docs-file-link-loop',
    make: (dir) => {
      symlinkSync('b.md', join(dir, 'docs/a.md'));
      symlinkSync('a.md', join(dir, 'docs/b.md'));
    },
    message: (dir) => new RegExp(`${rel(join(dir, 'docs/a.md'))} error [^\\n]*a\\.md is a symbolic link to b\\.md, which leads back to itself \\(a loop of links\\)\\.`),
    problems: 2,
  },
  {
    name: 'docs-link-outside-repository',
    make: (dir) => symlinkSync('/etc/passwd', join(dir, 'docs/passwd.md')),
    message: (dir) => new RegExp(`${rel(join(dir, 'docs/passwd.md'))} error [^\\n]*passwd\\.md is a symbolic link to /etc/passwd, which is outside the repository\\. Nothing outside the repository is read\\. \\[content/link-outside\\]`),
  },
  {
    name: 'docs-folder-link-outside-repository',
    make: (dir) => symlinkSync('/etc', join(dir, 'docs/etc')),
    message: (dir) => new RegExp(`${rel(join(dir, 'docs/etc'))} error [^\\n]*etc is a symbolic link to /etc, which is outside the repository`),
  },
  {
    name: 'static-link-outside-repository',
    make: (dir) => {
      mkdirSync(join(dir, 'static'));
      symlinkSync('/etc/passwd', join(dir, 'static/passwd.txt'));
    },
    message: (dir) => new RegExp(`${rel(join(dir, 'static/passwd.txt'))} error [^\\n]*passwd\\.txt is a symbolic link to /etc/passwd, which is outside the repository`),
  },
  {
    name: 'docs-fifo',
    make: (dir) => execFileSync('mkfifo', [join(dir, 'docs/pipe.md')]),
    message: (dir) => new RegExp(`${rel(join(dir, 'docs/pipe.md'))} error [^\\n]*pipe\\.md is a named pipe \\(FIFO\\), not a regular file, so it cannot be read as content\\. \\[content/not-a-file\\]`),
  },
  {
    name: 'static-fifo',
    make: (dir) => {
      mkdirSync(join(dir, 'static'));
      execFileSync('mkfifo', [join(dir, 'static/pipe')]);
    },
    message: (dir) => new RegExp(`${rel(join(dir, 'static/pipe'))} error [^\\n]*pipe is a named pipe \\(FIFO\\), so it cannot be copied to the site\\.`),
  },
  {
    // Deleted between listing and reading: a listed name whose file is gone is what the reader sees.
    name: 'docs-listed-file-gone',
    make: (dir) => symlinkSync('deleted.md', join(dir, 'docs/gone.md')),
    message: (dir) => new RegExp(`${rel(join(dir, 'docs/gone.md'))} error [^\\n]*gone\\.md is a symbolic link to deleted\\.md, which does not exist\\. \\[content/broken-link\\]`),
  },
  {
    name: 'docs-hash-in-file-name',
    make: (dir) => writeFileSync(join(dir, 'docs/c#sharp.md'), PAGE),
    message: (dir) => new RegExp(`${rel(join(dir, 'docs/c#sharp.md'))} error The page's path "c#sharp" contains "#", which cannot be part of a URL path \\(it would start the fragment\\)\\. \\[content/bad-file-name\\]`),
  },
  {
    name: 'docs-question-mark-in-file-name',
    make: (dir) => writeFileSync(join(dir, 'docs/why?.md'), PAGE),
    message: (dir) => new RegExp(`${rel(join(dir, 'docs/why?.md'))} error The page's path "why\\?" contains "\\?", which cannot be part of a URL path \\(it would start the query\\)\\.`),
  },
  {
    name: 'page-module-hash-in-file-name',
    make: (dir) => writeFileSync(join(dir, 'pages/c#.tsx'), 'export default function Page() { return null; }\n'),
    message: (dir) => new RegExp(`${rel(join(dir, 'pages/c#.tsx'))} error The page's path "/c#" contains "#", which cannot be part of a URL path`),
  },
  {
    name: 'docs-names-differing-only-in-case',
    make: (dir) => writeFileSync(join(dir, 'docs/Installation.md'), PAGE),
    // Both files named, in either order.
    message: (dir) => new RegExp(`docs/[Ii]nstallation\\.md error Two pages have paths that differ only in case(?=[^\\n]*\\(${rel(join(dir, 'docs/installation.md'))}\\))(?=[^\\n]*\\(${rel(join(dir, 'docs/Installation.md'))}\\))[^\\n]*: on macOS and Windows they are one file, and one page would be lost\\. \\[routes/case-collision\\]`),
  },
];

describe('hostile content made at run time', () => {
  it.each(RUNTIME_CASES)('$name', async ({ name, make, message, problems = 1 }) => {
    let dir = '';
    const config = site(name, (d) => {
      dir = d;
      make(d);
    });
    const { code, output } = await build(config);
    expect(output).toMatch(message(dir));
    expect(output).toMatch(new RegExp(`Build failed: ${problems} problems? found`));
    expect(output).not.toMatch(/root:x:0:0|\n\s+at /);
    expect(code).toBe(ExitCode.Content);
    expectPreviousOut();
  }, 60_000);

  it('a 20 MB page is refused at once by the default 2 MB limit, before it is read', async () => {
    const config = site('docs-page-20-mb', (dir) => writeFileSync(join(dir, 'docs/huge.md'), `${PAGE}${'Lorem ipsum dolor sit amet. '.repeat(20e6 / 28)}\n`));
    const started = performance.now();
    const { code, output } = await build(config);
    expect(output).toMatch(/docs\/huge\.md error [^\n]*huge\.md is 2000\d{4} bytes, more than the limit of 2000000 bytes \(limits\.maxPageBytes\)\. \[content\/too-large\]/);
    expect(code).toBe(ExitCode.Content);
    expect(performance.now() - started).toBeLessThan(30_000);
    expectPreviousOut();
  }, 60_000);

  it('a static link to a file inside the repository is copied as a regular file (and links to it resolve); out/ holds no link', async () => {
    const config = site('static-link-inside-repository', (dir) => {
      mkdirSync(join(dir, 'static/img'), { recursive: true });
      writeFileSync(join(dir, 'shared-logo.svg'), '<svg xmlns="http://www.w3.org/2000/svg" id="shared"/>');
      symlinkSync('../../shared-logo.svg', join(dir, 'static/img/logo.svg'));
      // The link check knows the linked file as a static file.
      writeFileSync(join(dir, 'docs/other.md'), `${PAGE}\nThe [logo](/img/logo.svg).\n`);
    });
    const { code, output } = await build(config);
    expect(output).toMatch(/Built \d+ pages/);
    expect(code).toBe(ExitCode.Ok);
    expect(readFileSync(join(OUT, 'img/logo.svg'), 'utf8')).toBe('<svg xmlns="http://www.w3.org/2000/svg" id="shared"/>');
    expect(walk(OUT).filter((p) => lstatSync(p).isSymbolicLink())).toEqual([]);
    expect(dirname(join(OUT, 'img/logo.svg'))).toBe(join(OUT, 'img'));
  });
});
