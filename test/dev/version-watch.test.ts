// Watch mode with two documented versions whose declarations differ: an edit
// of one version's d.ts converts that version alone, re-renders its pages and
// only those pages of the other version whose version marks the edit changed,
// and leaves out/ as a full build of the same sources writes it. A label
// renamed in the config shows in the marks at once. The expected marks are
// read from the edit itself, not from the code under test.
import { readdir } from 'node:fs/promises';
import * as cheerio from 'cheerio';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordingReporter } from '../../src/cli/reporter.ts';
import { SiteBuilder } from '../../src/site/builder.ts';
import type { RunResult } from '../../src/site/types.ts';
import { createFixture, type Fixture } from './helpers/fixture.ts';
import { expectSameAsFullBuild } from './helpers/same-as-full.ts';

let site: Fixture;
let builder: SiteBuilder;

const DTS_4 = 'content/versions/pkijs-4.0/node_modules/pkijs/build/index.d.ts';
const CONFIG = 'content/site.config.ts';

async function edit(rel: string, change: (text: string) => string): Promise<RunResult> {
  await site.write(rel, change(await site.read(rel)));
  return builder.update([site.path(rel)]);
}

/** The marks under a member's h3 of an API page in out/, as text and link. */
async function marks(path: string, id: string): Promise<{ text: string; href?: string }[]> {
  const $ = cheerio.load(await site.read(`out${path}/index.html`));
  expect($(`h3#${id}`), `${path}#${id}`).toHaveLength(1);
  return $(`h3#${id}`).next('.am').children('.vms').find('.vm').toArray().map((m) => {
    const href = $(m).attr('href');
    return href ? { text: $(m).text(), href } : { text: $(m).text() };
  });
}

/** The routes of out/ (pages), by path. */
async function routesOf(prefix: RegExp): Promise<string[]> {
  const files = await readdir(site.outDir, { recursive: true });
  return files.map(String).filter((f) => f.endsWith('index.html') && !f.startsWith('_pkidocs')).map((f) => `/${f.slice(0, -'/index.html'.length)}`.replace(/\/$/, '') || '/').filter((p) => prefix.test(p));
}

beforeAll(async () => {
  site = await createFixture('version-watch');
  builder = new SiteBuilder({ root: site.root, configFile: site.configFile, outDir: site.outDir, reporter: recordingReporter(), incremental: true });
  await builder.build();
}, 120_000);

afterAll(async () => {
  await builder?.close();
  await site?.remove();
});

describe('an edit of one version\'s declarations while watching', () => {
  it('converts that version alone, and re-renders its pages and the other version\'s pages whose marks changed', async () => {
    expect(await marks('/docs/api/classes/Certificate', 'serialnumber')).toEqual([]);
    const result = await edit(DTS_4, (t) => t.replace('    serialNumber: number;\n    constructor', '    serialNumber: bigint;\n    /** Its issuer. */\n    issuer: string;\n    constructor'));
    // 3.3.2's model is kept: its API stage does not run (not even to read its cache).
    const stages = result.timings.map((t) => t.name);
    expect(stages).toContain('api-versions');
    expect(stages).not.toContain('api');
    // 4.0's pages, and of 3.3.2's only the page whose member 4.0 re-declared.
    const v4 = await routesOf(/^\/docs\/4\.0(\/|$)/);
    expect(v4.length).toBeGreaterThan(3);
    expect(result.pages).toBe(v4.length + 1);
    expect(result.changedPaths).toContain('/docs/api/classes/Certificate');
    expect(result.changedPaths.filter((p) => !p.startsWith('/docs/4.0/')).sort()).toEqual(['/docs/api/classes/Certificate']);
    expect(await marks('/docs/api/classes/Certificate', 'serialnumber')).toEqual([{ text: 'Signature changed in 4.0', href: '/docs/4.0/api/classes/Certificate#serialnumber' }]);
    expect(await marks('/docs/4.0/api/classes/Certificate', 'serialnumber')).toEqual([{ text: 'Signature changed in 4.0' }]);
    expect(await marks('/docs/4.0/api/classes/Certificate', 'issuer')).toEqual([{ text: 'New in 4.0' }]);
    // The twins say the same.
    expect(await site.read('out/docs/api/classes/Certificate.md')).toContain('Signature changed in 4.0');
    expect(await site.read('out/docs/4.0/api/classes/Certificate.md')).toContain('New in 4.0');
    await expectSameAsFullBuild(site);
  }, 120_000);

  it('shows a label renamed in the config in every mark at once', async () => {
    const result = await edit(CONFIG, (t) => t.replace("label: '4.0',", "label: '4.0 LTS',"));
    expect(result.timings.map((t) => t.name)).not.toContain('api');
    expect(await marks('/docs/api/classes/Certificate', 'serialnumber')).toEqual([{ text: 'Signature changed in 4.0 LTS', href: '/docs/4.0/api/classes/Certificate#serialnumber' }]);
    expect(await marks('/docs/4.0/api/classes/Certificate', 'issuer')).toEqual([{ text: 'New in 4.0 LTS' }]);
    expect(await site.read('out/docs/4.0/api/classes/Certificate.md')).toContain('New in 4.0 LTS');
    await expectSameAsFullBuild(site);
    await edit(CONFIG, (t) => t.replace("label: '4.0 LTS',", "label: '4.0',"));
    expect(await marks('/docs/4.0/api/classes/Certificate', 'issuer')).toEqual([{ text: 'New in 4.0' }]);
  }, 120_000);

  it('takes the marks off the other version\'s pages when the edit is undone', async () => {
    const result = await edit(DTS_4, (t) => t.replace('    serialNumber: bigint;\n    /** Its issuer. */\n    issuer: string;\n', '    serialNumber: number;\n'));
    expect(result.timings.map((t) => t.name)).not.toContain('api');
    expect(result.pages).toBe((await routesOf(/^\/docs\/4\.0(\/|$)/)).length + 1);
    expect(result.changedPaths.filter((p) => !p.startsWith('/docs/4.0/')).sort()).toEqual(['/docs/api/classes/Certificate']);
    expect(await marks('/docs/api/classes/Certificate', 'serialnumber')).toEqual([]);
    expect(await marks('/docs/4.0/api/classes/Certificate', 'serialnumber')).toEqual([]);
    expect(await site.read('out/docs/api/classes/Certificate.md')).not.toContain('in 4.0');
    await expectSameAsFullBuild(site);
  }, 120_000);
});
