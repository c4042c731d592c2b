// Watch mode keeps the search index current: a Markdown edit changes the
// index (and only the edited page), a d.ts edit adds the new export and its
// members; out/ stays what a full build of the same sources writes.
import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordingReporter } from '../../src/cli/reporter.ts';
import { build } from '../../src/site/build.ts';
import { SiteBuilder } from '../../src/site/builder.ts';
import { expandIndex, type SearchIndexData } from '../../src/shared/search-index.ts';
import { createFixture, type Fixture } from './helpers/fixture.ts';

let site: Fixture;
let builder: SiteBuilder;

const INDEX = 'out/_pkidocs/search-index.json';
const records = async (dir = 'out') => expandIndex(JSON.parse(await readFile(site.path(`${dir}/_pkidocs/search-index.json`), 'utf8')) as SearchIndexData);

beforeAll(async () => {
  site = await createFixture('search-index');
  builder = new SiteBuilder({ root: site.root, configFile: site.configFile, outDir: site.outDir, reporter: recordingReporter(), incremental: true });
  await builder.build();
});

afterAll(async () => {
  await builder?.close();
  await site?.remove();
});

describe('the search index in watch mode', () => {
  it('holds the fixture\'s exports, members and sections after the first build', async () => {
    const hrefs = (await records()).map((r) => r.href);
    expect(hrefs).toEqual(expect.arrayContaining(['/docs/api/classes/Certificate', '/docs/api/classes/Certificate#serialnumber', '/docs/installation#install']));
  });

  it('follows a Markdown edit, rewriting only the edited page and the index', async () => {
    await site.write('content/docs/installation.md', (await site.read('content/docs/installation.md')).replace('Run the installer.', 'Run the zanzibar installer.'));
    const result = await builder.update([site.path('content/docs/installation.md')]);
    expect(result.changedPaths).toEqual(['/docs/installation']);
    expect((await records()).find((r) => r.href === '/docs/installation#install')!.text).toContain('zanzibar');
  });

  it('follows a d.ts edit: the new export and its member are found', async () => {
    const dts = 'node_modules/pkijs/build/index.d.ts';
    await site.write(dts, `${await site.read(dts)}/** A class added while watching. */\nexport declare class AddedLater {\n    /** Its name. */\n    name: string;\n}\n`);
    await builder.update([site.path(dts)]);
    const added = (await records()).filter((r) => r.href.startsWith('/docs/api/classes/AddedLater'));
    expect(added.map((r) => [r.kind, r.href, r.text])).toEqual([
      ['class', '/docs/api/classes/AddedLater', 'A class added while watching.'],
      ['constructor', '/docs/api/classes/AddedLater#constructor', ''], // found by name, no line (first-query budget)
      ['property', '/docs/api/classes/AddedLater#name', ''],
    ]);
  });

  it('writes the index a full build writes', async () => {
    await build({ root: site.root, configFile: site.configFile, outDir: site.path('full'), reporter: recordingReporter() });
    expect(await readFile(site.path(INDEX), 'utf8')).toBe(await readFile(site.path('full/_pkidocs/search-index.json'), 'utf8'));
  });
});
