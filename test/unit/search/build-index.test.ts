// The search stage on the real pkijs model: every export and every member
// anchor is in the index once, with the href the API pages give it, and
// nothing else; page sections come from the body's h2/h3; same input, same bytes.
import { describe, expect, it } from 'vitest';
import { isPageItem, type ApiItem } from '../../../src/api/model.ts';
import { apiItemHref, apiPageAnchors } from '../../../src/routes/api-urls.ts';
import { mirroredClass } from '../../../src/search/api-rows.ts';
import { buildSearchIndex, searchAsset } from '../../../src/search/build-index.ts';
import { pageSections } from '../../../src/search/page-rows.ts';
import { expandIndex } from '../../../src/shared/search-index.ts';
import { loadConstructs, loadPkijs } from '../api/support.ts';

const page = {
  path: '/docs/guide', kind: 'doc' as const, sidebar: 'docs' as const, title: 'Guide',
  html: '<h1>Guide</h1><p>Intro &amp; more.</p><h2 id="one">One</h2><p>First <code>Certificate</code> text.</p><pre><code>const secret = 1;</code></pre>'
    + '<h3 id="two">Two</h3><ul><li>a</li><li>b</li></ul>',
  toc: [{ depth: 2 as const, id: 'one', text: 'One' }, { depth: 3 as const, id: 'two', text: 'Two' }],
};

describe('search index', async () => {
  const { model } = await loadPkijs();
  const index = buildSearchIndex(model, [page, { ...page, path: '/docs/api/classes/X', kind: 'api-class' }, { ...page, path: '/404', kind: 'not-found' }]);
  const records = expandIndex(JSON.parse(JSON.stringify(index)));
  const api = records.filter((r) => r.group === 'api');

  it('holds every export once, with its page or globals anchor', () => {
    const exports = api.filter((r) => !r.owner).map((r) => `${r.kind} ${r.name} ${r.href}`);
    expect(exports).toEqual(model.items.map((i) => `${i.kind} ${i.name} ${apiItemHref(i.kind, i.name)}`));
    expect(exports.length).toBe(663);
  });

  it("links a namespace's members where its page documents them", async () => {
    const constructs = (await loadConstructs()).model;
    const rows = expandIndex(JSON.parse(JSON.stringify(buildSearchIndex(constructs, [])))).filter((r) => r.group === 'api' && !r.owner);
    expect(rows.map((r) => `${r.name} ${r.href}`)).toEqual(constructs.items.map((i) => `${i.name} ${apiItemHref(i.kind, i.name)}`));
    expect(rows.find((r) => r.name === 'Geometry.Units.toLength')?.href).toBe('/docs/api/namespaces/Geometry.Units#tolength');
  });

  it('holds every member anchor (overloads included) once, but the copies a mirror interface has of its class, and nothing else', () => {
    const classes = new Map(model.items.filter((i) => i.kind === 'class').map((i) => [i.name, i]));
    const copied = (item: ApiItem, name: string) => {
      const mirrored = mirroredClass(item, classes);
      return !!mirrored && isPageItem(mirrored) && mirrored.members.some((m) => m.name === name);
    };
    const expected = model.items.filter(isPageItem).flatMap((item) =>
      [...apiPageAnchors(item).members].filter(([m]) => !copied(item, m.name))
        .flatMap(([, a]) => a.signatures.map((id) => `${apiItemHref(item.kind, item.name)}#${id}`)));
    const members = api.filter((r) => r.owner).map((r) => r.href);
    expect(members).toEqual(expected);
    expect(new Set(members).size).toBe(members.length);
    expect(members).toContain('/docs/api/classes/SignedData#verify-1');
    expect(members).toContain('/docs/api/classes/Certificate#schema-1');
    expect(members).toContain('/docs/api/interfaces/SignedDataVerifyParams#checkchain');
    expect(members).not.toContain('/docs/api/interfaces/CertificateJson#notbefore');
    expect(members).not.toContain('/docs/api/interfaces/ICertificate#notbefore');
  });

  it('gives members their owner, kind and one line of text', () => {
    const verify = api.find((r) => r.href === '/docs/api/classes/SignedData#verify')!;
    expect(verify).toMatchObject({ owner: 'SignedData', kind: 'method', name: 'verify' });
    expect(verify.text).toMatch(/^\(params\?: SignedDataVerifyParams/); // the name is the result's title
    const ctor = api.find((r) => r.href === '/docs/api/classes/SignedData#constructor')!;
    // Constructors and properties are found and shown by name alone (the first-query budget).
    expect(ctor).toMatchObject({ owner: 'SignedData', kind: 'constructor', text: '' });
    expect(api.find((r) => r.href === '/docs/api/classes/SignedData#certificates')).toMatchObject({ kind: 'property', text: '' });
    expect(api.find((r) => r.href === '/docs/api/classes/Certificate#getpublickey')!.text).not.toBe('');
    for (const r of api) expect(r.text.length).toBeLessThanOrEqual(73);
  });

  it('indexes prose pages by section, without code blocks, and no API, or not-found page', () => {
    const prose = records.filter((r) => r.group !== 'api');
    expect(prose.map((r) => [r.kind, r.name, r.href, r.text])).toEqual([
      ['page', 'Guide', '/docs/guide', 'Intro & more.'],
      ['section', 'One', '/docs/guide#one', 'First Certificate text.'],
      ['section', 'Two', '/docs/guide#two', 'a b'],
    ]);
    expect(pageSections('<h2 id="x">X</h2><p>t</p>', [])).toEqual([['', '', 'X t']]);
  });

  it('is deterministic and holds no machine paths', () => {
    const again = buildSearchIndex(model, [page]);
    const first = buildSearchIndex(model, [page]);
    expect(searchAsset(again).contents).toEqual(searchAsset(first).contents);
    expect(searchAsset(first).url).toBe('/_pkidocs/search-index.json');
    expect(JSON.stringify(first)).not.toContain(process.cwd());
  });
});
