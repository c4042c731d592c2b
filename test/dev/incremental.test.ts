// Incremental rebuilds give exactly what a full build gives. After each edit
// of a fixture site (page body, title, description, code include, a generated
// table's data module, a site note on an API page, new and
// deleted pages, static files, client code and styles), out/ is compared file by file
// with a fresh full build of the same sources; failed rebuilds leave out/ as
// it was and are retried with the next change.
import { lstat, mkdir, readFile, rm, stat, symlink, unlink } from 'node:fs/promises';
import { relative } from 'node:path';
import * as cheerio from 'cheerio';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chunkFile } from '../../src/shared/paths.ts';
import { SiteBuilder } from '../../src/site/builder.ts';
import { recordingReporter } from '../../src/cli/reporter.ts';
import { BuildFailure } from '../../src/diagnostics/diagnostic.ts';
import { createFixture, type Fixture } from './helpers/fixture.ts';
import { expectSameAsFullBuild } from './helpers/same-as-full.ts';

let site: Fixture;
let builder: SiteBuilder;

const INSTALL = 'content/docs/installation.md';
const STEPS = 'content/docs/examples/certificates-and-revocation/first-steps.md';

async function edit(rel: string, change: (text: string) => string) {
  await site.write(rel, change(await site.read(rel)));
  return builder.update([site.path(rel)]);
}

async function failure(promise: Promise<unknown>): Promise<BuildFailure> {
  const e = await promise.then(() => undefined, (err: unknown) => err);
  expect(e).toBeInstanceOf(BuildFailure);
  return e as BuildFailure;
}

const heading = async (rel: string): Promise<string> => cheerio.load(await readFile(site.path(`out/${rel}`), 'utf8'))('main h1, article h1').first().text();

beforeAll(async () => {
  site = await createFixture('incremental');
  builder = new SiteBuilder({ root: site.root, configFile: site.configFile, outDir: site.outDir, reporter: recordingReporter(), incremental: true });
  await builder.build();
});

afterAll(async () => {
  await builder?.close();
  await site?.remove();
});

describe('incremental rebuilds', () => {
  it('re-renders only the edited page when its body changes', async () => {
    const result = await edit(INSTALL, (t) => t.replace('Run the installer.', 'Run the installer twice.'));
    expect(result.changedPaths).toEqual(['/docs/installation']);
    expect(result.assetsChanged).toBe(false);
    expect(result.pages).toBe(1);
    expect(cheerio.load(await site.read('out/docs/installation/index.html'))('p:contains("twice")').length).toBe(1);
    await expectSameAsFullBuild(site);
  });

  it('re-renders the pages of a code include when the included file changes', async () => {
    const result = await edit('content/docs/examples/certificates-and-revocation/first-steps.ts', (t) => t.replace('new Certificate()', 'new Certificate({ serialNumber: 7 })'));
    // The real config's 4.0 shares the examples: both renderings of the page show the new code.
    expect(result.changedPaths.sort()).toEqual(['/docs/4.0/examples/certificates-and-revocation/first-steps', '/docs/examples/certificates-and-revocation/first-steps']);
    await expectSameAsFullBuild(site);
  });

  it('re-renders the page of a generated table when its data module, or a file it imports, changes', async () => {
    await site.write('content/docs/table-base.ts', "export const base = '1.2';\n");
    await site.write('content/docs/table-rows.ts', "import { base } from './table-base.ts';\nexport const rows = [{ oid: `${base}.3` }];\n");
    await site.write('content/docs/tables.md', '---\ntitle: Tables\ndescription: A generated table.\n---\n\n```table rows=./table-rows.ts#rows\nOID = `oid`\n```\n');
    await builder.update(['content/docs/table-base.ts', 'content/docs/table-rows.ts', 'content/docs/tables.md'].map((f) => site.path(f)));
    const cell = async () => cheerio.load(await site.read('out/docs/tables/index.html'))('table.data-table td').text();
    expect(await cell()).toBe('1.2.3');
    const result = await edit('content/docs/table-base.ts', (t) => t.replace("'1.2'", "'1.5'"));
    expect(result.changedPaths).toEqual(['/docs/tables']);
    expect(await cell()).toBe('1.5.3');
    await expectSameAsFullBuild(site);
  });

  it('re-renders only the API page a site note is about when the note is added, edited or removed', async () => {
    const NOTE = 'content/api-notes/Certificate.md';
    await mkdir(site.path('content/api-notes'), { recursive: true });
    await site.write(NOTE, 'A note on the class.\n\n## serialNumber\n\nPositive, at most 20 bytes.\n');
    const added = await builder.update([site.path(NOTE)]);
    expect(added.changedPaths).toEqual(['/docs/api/classes/Certificate']);
    const $ = cheerio.load(await site.read('out/docs/api/classes/Certificate/index.html'));
    expect($('h3#serialnumber').next('.am').find('aside.nt').text()).toContain('at most 20 bytes');
    await expectSameAsFullBuild(site);
    const edited = await edit(NOTE, (t) => t.replace('20 bytes', '20 octets'));
    expect(edited.changedPaths).toEqual(['/docs/api/classes/Certificate']);
    await expectSameAsFullBuild(site);
    await unlink(site.path(NOTE));
    const removed = await builder.update([site.path(NOTE)]);
    expect(removed.changedPaths).toEqual(['/docs/api/classes/Certificate']);
    expect(cheerio.load(await site.read('out/docs/api/classes/Certificate/index.html'))('aside.nt')).toHaveLength(0);
    await expectSameAsFullBuild(site);
  });

  it('updates the section cards when a description changes', async () => {
    const result = await edit(STEPS, (t) => t.replace('description: Make a certificate.', 'description: Make your first certificate.'));
    expect(result.changedPaths.sort()).toEqual([
      '/docs/4.0/examples/certificates-and-revocation', '/docs/4.0/examples/certificates-and-revocation/first-steps',
      '/docs/examples/certificates-and-revocation', '/docs/examples/certificates-and-revocation/first-steps',
    ]);
    await expectSameAsFullBuild(site);
  });

  it('re-renders every page when a title changes the shared sidebar data', async () => {
    const result = await edit(STEPS, (t) => t.replace('title: First steps', 'title: Getting started'));
    expect(result.assetsChanged).toBe(true);
    await expectSameAsFullBuild(site);
  });

  it('gives every page and chunk the new base URL when the config changes it, and takes it back', async () => {
    const CONFIG = 'content/site.config.ts';
    const moved = await edit(CONFIG, (t) => t.replace("baseUrl: '/',", "baseUrl: '/PKI.js/',"));
    expect(moved.changedPaths).toContain('/docs/installation');
    // The content link, in the page and in its navigation chunk.
    expect(await readFile(site.path('out/docs/installation/index.html'), 'utf8')).toContain('href="/PKI.js/docs/api/classes/Certificate"');
    expect(await readFile(site.path(`out/${chunkFile('/docs/installation')}`), 'utf8')).toContain('href=\\"/PKI.js/docs/api/classes/Certificate\\"');
    await expectSameAsFullBuild(site);
    await edit(CONFIG, (t) => t.replace("baseUrl: '/PKI.js/',", "baseUrl: '/',"));
    expect(await readFile(site.path('out/docs/installation/index.html'), 'utf8')).toContain('href="/docs/api/classes/Certificate"');
    await expectSameAsFullBuild(site);
  });

  it('rewrites a changed page where it is, and never writes through a link put in its place', async () => {
    const page = site.path('out/docs/installation/index.html');
    const inode = (await stat(page)).ino;
    await edit(INSTALL, (t) => t.replace('Run the installer twice.', 'Run the installer once.'));
    expect((await stat(page)).ino).toBe(inode);
    // A link to a file outside out/ where the page was: replaced by the page, the file it led to untouched.
    const outside = site.path('outside.html');
    await site.write('outside.html', 'not the site’s');
    await unlink(page);
    await symlink(outside, page);
    await edit(INSTALL, (t) => t.replace('Run the installer once.', 'Run the installer twice.'));
    expect(await site.read('outside.html')).toBe('not the site’s');
    expect((await lstat(page)).isSymbolicLink()).toBe(false);
    await expectSameAsFullBuild(site);
  });

  it('adds and removes pages', async () => {
    await site.write('content/docs/examples/certificates-and-revocation/second.md', '---\ntitle: Second\ndescription: Another one.\nsidebar_position: 2\n---\n\n## Again\n\nMore.\n');
    const added = await builder.update([site.path('content/docs/examples/certificates-and-revocation/second.md')]);
    expect(added.changedPaths).toContain('/docs/examples/certificates-and-revocation/second');
    await expectSameAsFullBuild(site);
    await unlink(site.path('content/docs/examples/certificates-and-revocation/second.md'));
    await builder.update([site.path('content/docs/examples/certificates-and-revocation/second.md')]);
    await expectSameAsFullBuild(site);
  });

  it('gives every page the new script or stylesheet URL after a client or style edit, rendering none', async () => {
    const style = await edit('templates/styles/base.css', (t) => `${t}\n.fixture-edit { color: red; }\n`);
    expect([style.assetsChanged, style.pages]).toEqual([true, 0]);
    await expectSameAsFullBuild(site);
    const script = await edit('client/main.tsx', (t) => `${t}\nconsole.debug('fixture edit');\n`);
    expect([script.assetsChanged, script.pages]).toEqual([true, 0]);
    await expectSameAsFullBuild(site);
  });

  // Config and page-module edits need fresh module imports, which vitest's
  // module loader does not give: test/dev/watch.test.ts covers them in the real CLI.
  it('copies new static files and removes deleted ones', async () => {
    await site.write('content/static/robots.txt', 'User-agent: *\n');
    await builder.update([site.path('content/static/robots.txt')]);
    expect(await site.read('out/robots.txt')).toBe('User-agent: *\n');
    await expectSameAsFullBuild(site);
    await unlink(site.path('content/static/robots.txt'));
    await builder.update([site.path('content/static/robots.txt')]);
    await expectSameAsFullBuild(site);
  });
});

describe('failed rebuilds', () => {
  it('stops at a page it cannot write, leaves out/ as it was, and writes the whole site with the next run', async () => {
    // A folder where the page was: its rewrite fails, and so does putting the old page back.
    const page = site.path('out/docs/installation/index.html');
    const home = site.path('out/index.html');
    const homeBefore = await site.read('out/index.html');
    await unlink(page);
    await mkdir(page);
    const e = await edit(INSTALL, (t) => t.replace('Run the installer twice.', 'Run the installer thrice.')).then(() => undefined, (err: unknown) => err as Error);
    expect(e?.message).toMatch(/could not be put back as they were \(docs\/installation\/index\.html\): the next build writes the whole site again/);
    expect(await site.read('out/index.html')).toBe(homeBefore);
    await rm(page, { recursive: true });
    const inode = (await stat(home)).ino;
    await edit(INSTALL, (t) => t.replace('Run the installer thrice.', 'Run the installer twice.'));
    // Written whole, through a temporary folder: even the unchanged home page is a new file.
    expect((await stat(home)).ino).not.toBe(inode);
    await expectSameAsFullBuild(site);
    // And the run after that rewrites only what changed, in place, again.
    const again = (await stat(home)).ino;
    await edit(INSTALL, (t) => `${t}\nOne more line.\n`);
    expect((await stat(home)).ino).toBe(again);
    await expectSameAsFullBuild(site);
  });

  it('leaves out/ as it was on a broken link and reports it at its line; the fix goes through', async () => {
    const e = await failure(edit(INSTALL, (t) => t.replace('Run the installer twice.', 'Run the [installer](/docs/nowhere).')));
    expect(e.diagnostics.map((d) => [d.code, relative(site.root, d.file ?? ''), d.line])).toEqual([['links/missing-page', INSTALL, 9]]);
    expect(await site.read('out/docs/installation/index.html')).not.toContain('/docs/nowhere');
    await edit(INSTALL, (t) => t.replace('[installer](/docs/nowhere)', '[installer](/docs/installation#import)'));
    await expectSameAsFullBuild(site);
  });

  it('keeps failing while a broken file stays broken, even when another file is fixed or edited', async () => {
    const broken = await failure(edit(INSTALL, (t) => t.replace('title: Installation', 'title: [unclosed')));
    expect(broken.diagnostics[0]).toMatchObject({ code: 'content/bad-front-matter', file: site.path(INSTALL) });
    // Another file changes; the broken one was not touched again, but it is still broken.
    const still = await failure(edit(STEPS, (t) => `${t}\nOne more line.\n`));
    expect(still.diagnostics[0]?.code).toBe('content/bad-front-matter');
    expect(await heading('docs/installation/index.html')).toBe('Installation');
    await edit(INSTALL, (t) => t.replace('title: [unclosed', 'title: Setting up'));
    expect(await heading('docs/installation/index.html')).toBe('Setting up');
    await expectSameAsFullBuild(site);
  });
});
