// The cache correctness matrix: every kind of edit, each followed by a warm
// `pkidocs build` into the same out/ (caches and the previous out/ reused),
// must leave out/ byte-identical to a `--no-cache` build of the same tree.
// Two throw-away checkouts (bin, src, templates, client, a small site, and a
// small pkijs 3.3.2 whose d.ts can be edited): "warm" keeps its caches and its
// out/ from edit to edit, "ref" gets the same tree copied over and builds from
// nothing each time. Every file of both out/ folders is compared.
import { appendFileSync, cpSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, unlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT, type CliResult } from '../support/cli.ts';
import { makeCheckout, run } from '../support/warm-checkout.ts';
import { fixtureConfig, fixtureHome } from '../support/fixture-site.ts';

const TMP = join(ROOT, 'test/.tmp/cache-matrix');
const WARM = join(TMP, 'warm');
const REF = join(TMP, 'ref');
const WARM_OUT = join(TMP, 'out-warm');
const REF_OUT = join(TMP, 'out-ref');

const CONFIG = fixtureConfig('Matrix', 'Every edit, then a warm build');
const doc = (title: string, body: string, position: number): string => `---\ntitle: ${title}\ndescription: About ${title.toLowerCase()}.\nsidebar_position: ${position}\n---\n\n${body}\n`;
const DOCS: Record<string, string> = {
  'installation.md': doc('Installation', '## Install it\n\nRun `npm install pkijs`, then read the [guide](./guide.md#first-steps).', 1),
  'guide.md': doc('Guide', '## First steps\n\nMake a `Certificate`:\n\n```ts include=./snippet.ts#make\n```\n\n## Next steps\n\nSee [installation](./installation.md#install-it).', 2),
  'snippet.ts': 'import { Certificate } from "pkijs";\n// #region make\nconst certificate = new Certificate();\n// #endregion make\nexport { certificate };\n',
  'extra.md': doc('Extra', 'A page nobody links to, deleted later.', 3),
  // A generated table: its Markdown twin holds the rows as rendered.
  'codes.md': doc('Codes', '## The codes\n\n```table rows=./codes-data.ts#codes\nCode = `code`\nMeaning = meaning\n```', 5),
  'codes-data.ts': "export const codes = [{ code: 'E1', meaning: 'The first code.' }];\n",
};
const HOME = fixtureHome('Matrix home');
const DTS = `/** An X.509 certificate. */
export declare class Certificate {
  /** The version field. */
  version: number;
  /** Checks the signature. */
  verify(issuer?: Certificate): Promise<boolean>;
}
/** Parameters of a certificate. */
export interface CertificateParameters {
  /** See {@link Certificate.version}. */
  version?: number;
}
/** Kinds of things. */
export declare enum Kind {
  A = 0,
  B = 1
}
`;

function writeSite(dir: string): void {
  const pkg = join(dir, 'node_modules/pkijs');
  mkdirSync(join(pkg, 'build'), { recursive: true });
  writeFileSync(join(pkg, 'package.json'), JSON.stringify({ name: 'pkijs', version: '3.3.2', types: 'build/index.d.ts' }));
  writeFileSync(join(pkg, 'README.md'), '# pkijs\n\nA small stand-in of the library.\n');
  writeFileSync(join(pkg, 'build/index.d.ts'), DTS);
  mkdirSync(join(dir, 'content/docs'), { recursive: true });
  mkdirSync(join(dir, 'content/pages'), { recursive: true });
  mkdirSync(join(dir, 'content/static'), { recursive: true });
  writeFileSync(join(dir, 'content/site.config.ts'), CONFIG);
  for (const [name, text] of Object.entries(DOCS)) writeFileSync(join(dir, 'content/docs', name), text);
  writeFileSync(join(dir, 'content/pages/index.tsx'), HOME);
  writeFileSync(join(dir, 'content/static/logo.svg'), '<svg xmlns="http://www.w3.org/2000/svg" width="8" height="8"/>\n');
}

/** Every file under a folder, relative to it. */
function files(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' }).filter((f) => statSync(join(dir, f)).isFile()).sort();
}

/** The trees an edit can touch, copied from the warm checkout to the reference one. */
function syncReference(): void {
  for (const part of ['content', 'templates', 'client', 'node_modules/pkijs']) {
    rmSync(join(REF, part), { recursive: true, force: true });
    cpSync(join(WARM, part), join(REF, part), { recursive: true });
  }
}

/** A warm build of the warm checkout and a --no-cache build of the same tree; out/ must match file for file, byte for byte. */
async function expectWarmEqualsCold(): Promise<CliResult> {
  const warm = await run(WARM, ['build', '--out', WARM_OUT]);
  expect(warm.code, warm.stderr).toBe(0);
  syncReference();
  const ref = await run(REF, ['build', '--no-cache', '--out', REF_OUT]);
  expect(ref.code, ref.stderr).toBe(0);
  const warmFiles = files(WARM_OUT);
  expect(warmFiles).toEqual(files(REF_OUT));
  const differing = warmFiles.filter((f) => !readFileSync(join(WARM_OUT, f)).equals(readFileSync(join(REF_OUT, f))));
  expect(differing).toEqual([]);
  return warm;
}

const edit = (file: string, from: string | RegExp, to: string): void => {
  const path = join(WARM, file);
  const before = readFileSync(path, 'utf8');
  const after = before.replace(from, to);
  expect(after, `the edit of ${file} changes it`).not.toBe(before);
  writeFileSync(path, after);
};

/** The publish stage's files: how many, and how many of them were linked unchanged. */
const published = (r: CliResult): { files: number; linked: number } => {
  const m = /publish\s+\d+ ms\s+(\d+) files[^\n(]*(?:\((\d+) unchanged, linked\))?/.exec(r.stderr);
  return { files: Number(m?.[1]), linked: Number(m?.[2] ?? 0) };
};

/** The number of pages the render stage reports. */
const renderedPages = (r: CliResult): number => Number(/render\s+\d+ ms\s+(\d+)(?: of \d+)? pages?/.exec(r.stderr)?.[1]);

beforeAll(async () => {
  rmSync(TMP, { recursive: true, force: true });
  for (const dir of [WARM, REF]) {
    makeCheckout(dir);
    writeSite(dir);
  }
  await expectWarmEqualsCold();
});

afterAll(() => {
  if (!process.env.KEEP_MATRIX) rmSync(TMP, { recursive: true, force: true });
});

describe('a warm build after an edit equals a --no-cache build', () => {
  it('with nothing changed, rendering no page again, publishing nothing again and writing nothing (out/ is left as it is)', async () => {
    const warm = await expectWarmEqualsCold();
    expect(renderedPages(warm)).toBe(0);
    expect(warm.stderr).toMatch(/✓ write .*wrote nothing: .* already held this site \([\d.]+ MB\)/);
    expect(warm.stdout).toMatch(/wrote nothing: .* already held this site \([\d.]+ MB\)/);
    expect(warm.stdout).not.toMatch(/wrote [\d.]+ MB/);
    const { files, linked } = published(warm);
    expect(files).toBeGreaterThan(10);
    expect(linked).toBe(files);
  });

  it('after a page of out/ was edited by hand: undone; a stray file put there: named and refused', async () => {
    writeFileSync(join(WARM_OUT, 'stray.html'), 'not ours');
    // A file the manifest does not list may be the user's: the build names it and touches nothing.
    const refused = await run(WARM, ['build', '--out', WARM_OUT]);
    expect(refused.code).toBe(64);
    expect(refused.stderr).toMatch(/stray\.html/);
    expect(readFileSync(join(WARM_OUT, 'stray.html'), 'utf8')).toBe('not ours');
    rmSync(join(WARM_OUT, 'stray.html'));
    writeFileSync(join(WARM_OUT, 'index.html'), 'edited by hand');
    const warm = await expectWarmEqualsCold();
    expect(warm.stderr).not.toMatch(/wrote nothing/);
  });

  it('after a Markdown body edit, rendering that page only and publishing the other pages\' twins not again', async () => {
    appendFileSync(join(WARM, 'content/docs/guide.md'), '\nOne more paragraph, with a [link](./installation.md).\n');
    const warm = await expectWarmEqualsCold();
    expect(renderedPages(warm)).toBe(1);
    // The API twins (the globals page and Certificate, CertificateParameters, Kind) and the other docs
    // pages' twins (installation, codes, extra); the guide's twin, llms.txt and llms-full.txt are made again.
    expect(published(warm).linked).toBe(7);
    expect(readFileSync(join(WARM_OUT, 'docs/guide.md'), 'utf8')).toContain('One more paragraph');
  });

  it('after a front-matter title edit (every sidebar changes)', async () => {
    edit('content/docs/installation.md', 'title: Installation', 'title: Installing');
    await expectWarmEqualsCold();
  });

  it('after a data module edit (a generated table in a page and its twin)', async () => {
    edit('content/docs/codes-data.ts', "meaning: 'The first code.' }", "meaning: 'The first code.' }, { code: 'E2', meaning: 'The second code.' }");
    await expectWarmEqualsCold();
    expect(readFileSync(join(WARM_OUT, 'docs/codes.md'), 'utf8')).toMatch(/\| `E2` \| The second code\. \|/);
  });

  it('after a README edit', async () => {
    appendFileSync(join(WARM, 'node_modules/pkijs/README.md'), '\nA new paragraph of the README.\n');
    await expectWarmEqualsCold();
  });

  it('after a code include edit', async () => {
    edit('content/docs/snippet.ts', 'new Certificate()', 'new Certificate({ version: 2 })');
    await expectWarmEqualsCold();
  });

  it('after a template edit', async () => {
    edit('templates/layout/Footer.tsx', /(<footer[^>]*>)/, '$1<span className="matrix-edit">edited</span>');
    await expectWarmEqualsCold();
  });

  it('after a client code edit, publishing nothing again (no twin holds an asset URL)', async () => {
    appendFileSync(join(WARM, 'client/main.tsx'), "\ndocument.documentElement.dataset.matrix = 'edited';\n");
    const warm = await expectWarmEqualsCold();
    expect(published(warm).linked).toBe(published(warm).files);
  });

  it('after a config edit', async () => {
    edit('content/site.config.ts', 'Every edit, then a warm build', 'A new tagline');
    await expectWarmEqualsCold();
  });

  it('after the site url is set (every twin links absolute URLs; a sitemap appears)', async () => {
    edit('content/site.config.ts', "title: 'Matrix',", "title: 'Matrix', url: 'https://matrix.example',");
    await expectWarmEqualsCold();
    expect(readFileSync(join(WARM_OUT, 'docs/api/globals.md'), 'utf8')).toContain('(https://matrix.example/docs/api/');
    expect(files(WARM_OUT)).toContain('sitemap.xml');
  });

  it('after a d.ts edit', async () => {
    appendFileSync(join(WARM, 'node_modules/pkijs/build/index.d.ts'), '/** A new class. */\nexport declare class Crl {\n  /** Its issuer. */\n  issuer: string;\n}\n');
    await expectWarmEqualsCold();
    expect(files(WARM_OUT).some((f) => /Crl/.test(f))).toBe(true);
  });

  it('after an API site note is added', async () => {
    mkdirSync(join(WARM, 'content/api-notes'), { recursive: true });
    writeFileSync(join(WARM, 'content/api-notes/Certificate.md'), '## verify()\n\nPass the issuer, or the check is only of the signature over the bytes.\n');
    await expectWarmEqualsCold();
  });

  it('after a page is deleted', async () => {
    unlinkSync(join(WARM, 'content/docs/extra.md'));
    await expectWarmEqualsCold();
  });

  it('after a page is added', async () => {
    writeFileSync(join(WARM, 'content/docs/added.md'), doc('Added', 'A new page, linking to the [guide](./guide.md#next-steps).', 4));
    await expectWarmEqualsCold();
  });

  it('after a static file edit and a new static file', async () => {
    writeFileSync(join(WARM, 'content/static/logo.svg'), '<svg xmlns="http://www.w3.org/2000/svg" width="16" height="16"/>\n');
    writeFileSync(join(WARM, 'content/static/robots.txt'), 'User-agent: *\n');
    await expectWarmEqualsCold();
  });

  it('after a static file is removed (the generated robots.txt comes back)', async () => {
    unlinkSync(join(WARM, 'content/static/robots.txt'));
    await expectWarmEqualsCold();
    expect(readFileSync(join(WARM_OUT, 'robots.txt'), 'utf8')).toMatch(/^User-agent: \*\nAllow: \//);
  });
});

describe('the page cache and the previous out/ are checked before use', () => {
  it('an output file changed by hand is written again, not linked', async () => {
    const page = join(WARM_OUT, 'docs/guide/index.html');
    writeFileSync(page, readFileSync(page, 'utf8').replace('<title>', '<title>hand-edited '));
    await expectWarmEqualsCold();
  });

  it('a published file changed or removed by hand is written again, not linked', async () => {
    appendFileSync(join(WARM_OUT, 'llms.txt'), 'hand-edited\n');
    unlinkSync(join(WARM_OUT, 'docs/guide.md'));
    appendFileSync(join(WARM_OUT, 'docs/api/classes/Certificate.md'), 'hand-edited\n');
    const warm = await expectWarmEqualsCold();
    // Every API twin but the edited one, and every docs twin but the removed one, is still linked.
    expect(published(warm).linked).toBe(7);
  });

  it('a damaged page cache, output manifest and bundle cache are reported and replaced', async () => {
    const cacheDir = join(WARM, '.pkidocs-cache');
    writeFileSync(join(cacheDir, 'pages.json'), '{"format": 1, "pages": {"/": {"key": 1}}}');
    writeFileSync(join(cacheDir, 'out-manifest.json'), '{"format": 1, "out": "x", "fil');
    writeFileSync(join(cacheDir, 'bundle.json'), '{"key": "k", "inputs": [], "bundle": {"script": 1}}');
    const warm = await expectWarmEqualsCold();
    expect(warm.stderr).toMatch(/The page cache .*pages\.json is not usable \(wrong shape\)/);
    expect(warm.stderr).toMatch(/The output manifest .*out-manifest\.json is not usable \(not JSON\)/);
    expect(warm.stderr).toMatch(/The bundle cache .*bundle\.json is not usable \(wrong shape\)/);
    const again = await expectWarmEqualsCold();
    expect(again.stderr).not.toMatch(/not usable/);
    expect(renderedPages(again)).toBe(0);
  });

  it('a page cache whose links point past its table of hrefs is reported and replaced', async () => {
    const file = join(WARM, '.pkidocs-cache/pages.json');
    const data = JSON.parse(readFileSync(file, 'utf8')) as { hrefs: string[]; pages: Record<string, { hrefs: number[] }> };
    // Every page's links are indexes into one table; this one points one past its end.
    data.pages['/']!.hrefs.push(data.hrefs.length);
    writeFileSync(file, JSON.stringify(data));
    const warm = await expectWarmEqualsCold();
    expect(warm.stderr).toMatch(/The page cache .*pages\.json is not usable \(wrong shape\)/);
    expect(renderedPages(warm)).toBeGreaterThan(0);
    expect(renderedPages(await expectWarmEqualsCold())).toBe(0);
  });
});

/** Every file of a folder with its inode and bytes. */
const snapshot = (dir: string): Map<string, { ino: number; bytes: Buffer }> =>
  new Map(files(dir).map((f) => [f, { ino: statSync(join(dir, f)).ino, bytes: readFileSync(join(dir, f)) }]));

/**
 * The pages (HTML documents and navigation chunks) of WARM_OUT whose bytes differ from the snapshot's,
 * and those whose bytes are the same but were written again (a new inode: not linked from the previous out/).
 */
function pageChanges(before: ReturnType<typeof snapshot>): { changed: string[]; rewritten: string[] } {
  const pages = files(WARM_OUT).filter((f) => f.endsWith('.html') || f.startsWith('_pkidocs/chunks/'));
  const changed = pages.filter((f) => !before.get(f)?.bytes.equals(readFileSync(join(WARM_OUT, f))));
  const rewritten = pages.filter((f) => !changed.includes(f) && before.get(f)!.ino !== statSync(join(WARM_OUT, f)).ino);
  return { changed, rewritten };
}

const DTS_FILE = 'node_modules/pkijs/build/index.d.ts';
const RELEASE_4 = 'content/versions/pkijs-4.0/node_modules/pkijs';
const page = (path: string): string => readFileSync(join(WARM_OUT, path, 'index.html'), 'utf8');
const chunkAndPage = (path: string): string[] => [`_pkidocs/chunks/${path}.json`, `${path}/index.html`];

describe('a d.ts edit renders only the pages whose output changes', () => {
  it('a doc comment edit: the one page that shows it; every other page linked from the previous out/, byte for byte', async () => {
    const before = snapshot(WARM_OUT);
    edit(DTS_FILE, 'Checks the signature.', 'Checks the signature with the issuer key.');
    const warm = await expectWarmEqualsCold();
    expect(renderedPages(warm)).toBe(1);
    expect(pageChanges(before)).toEqual({ changed: chunkAndPage('docs/api/classes/Certificate'), rewritten: [] });
    expect(page('docs/api/classes/Certificate')).toContain('Checks the signature with the issuer key.');
  });

  it('a class that inherits a member is added', async () => {
    appendFileSync(join(WARM, DTS_FILE), '/** A certificate that anchors trust. */\nexport declare class RootCertificate extends Certificate {\n  /** Whether it is trusted. */\n  trusted: boolean;\n}\n');
    await expectWarmEqualsCold();
    expect(page('docs/api/classes/RootCertificate')).toContain('verify');
  });

  it('a signature edit: every page that shows it, an inherited member\'s too', async () => {
    const before = snapshot(WARM_OUT);
    edit(DTS_FILE, 'verify(issuer?: Certificate): Promise<boolean>;', 'verify(issuer?: Certificate, notAfterDate?: Date): Promise<boolean>;');
    const warm = await expectWarmEqualsCold();
    const shown = ['docs/api/classes/Certificate', 'docs/api/classes/RootCertificate'];
    expect(pageChanges(before)).toEqual({ changed: shown.flatMap(chunkAndPage).sort(), rewritten: [] });
    expect(renderedPages(warm)).toBe(2);
    for (const path of shown) expect(page(path)).toContain('notAfterDate');
  });

  it('with a second version (4.0.0 under /docs/4.0) whose d.ts is the same: no version mark', async () => {
    // 4.0.0 under /docs/4.0, from a release whose d.ts is 3.3.2's as it is now: no mark yet.
    const release = join(WARM, RELEASE_4);
    mkdirSync(join(release, 'build'), { recursive: true });
    writeFileSync(join(release, 'package.json'), JSON.stringify({ name: 'pkijs', version: '4.0.0', types: 'build/index.d.ts' }));
    writeFileSync(join(release, 'README.md'), '# pkijs\n\nRelease 4.\n');
    cpSync(join(WARM, DTS_FILE), join(release, 'build/index.d.ts'));
    mkdirSync(join(WARM, 'content/docs/4.0'), { recursive: true });
    writeFileSync(join(WARM, 'content/docs/4.0/installation.md'), doc('Installing 4.0', 'Install release 4.', 1));
    edit('content/site.config.ts', "versions: [{ name: 'current', label: 'Next' }]", `versions: [{ name: '4.0.0', label: '4.0', path: '4.0', library: { version: '4.0.0', dir: '${RELEASE_4}' } }, { name: 'current', label: 'Next' }]`);
    await expectWarmEqualsCold();
    expect(page('docs/4.0/api/classes/Certificate')).not.toContain('Signature changed in 4.0');
  });

  it('with two versions, a doc comment edit of one renders none of the other\'s pages', async () => {
    const before = snapshot(WARM_OUT);
    edit(DTS_FILE, 'Whether it is trusted.', 'Whether it is trusted by default.');
    const warm = await expectWarmEqualsCold();
    expect(pageChanges(before)).toEqual({ changed: chunkAndPage('docs/api/classes/RootCertificate'), rewritten: [] });
    expect(renderedPages(warm)).toBe(1);
  });

  it('with two versions, a signature edit of the older one renders its pages, and the newer one\'s where a version mark changes', async () => {
    const before = snapshot(WARM_OUT);
    edit(DTS_FILE, 'verify(issuer?: Certificate, notAfterDate?: Date): Promise<boolean>;', 'verify(issuer?: Certificate): Promise<boolean>;');
    const warm = await expectWarmEqualsCold();
    const { changed, rewritten } = pageChanges(before);
    expect(rewritten).toEqual([]);
    const marked = changed.filter((f) => f.startsWith('docs/4.0/') && f.endsWith('.html'));
    expect(marked.length).toBeGreaterThan(0);
    for (const f of marked) expect(readFileSync(join(WARM_OUT, f), 'utf8')).toContain('Signature changed in 4.0');
    expect(page('docs/4.0/api/classes/Certificate')).toContain('Signature changed in 4.0');
    expect(renderedPages(warm)).toBe(changed.length / 2);
  });
});
