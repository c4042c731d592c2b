// URLs of API items and anchors of their members: stable, and the same ids as
// the Docusaurus site pkidocs replaces so old deep links keep working.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { isPageItem, type ApiModel } from '../../../src/api/model.ts';
import { memberHeading } from '../../../src/render/api/member-view.ts';
import { apiItemHref, apiPageAnchors, apiTargetHref } from '../../../src/routes/api-urls.ts';
import { item, loadPkijs, loadSample, ROOT } from './support.ts';

describe('apiItemHref', () => {
  it('gives classes, interfaces and enums a page and the other kinds a globals anchor', () => {
    expect(apiItemHref('class', 'Certificate')).toBe('/docs/api/classes/Certificate');
    expect(apiItemHref('interface', 'ICertificate')).toBe('/docs/api/interfaces/ICertificate');
    expect(apiItemHref('enum', 'PKIStatus')).toBe('/docs/api/enumerations/PKIStatus');
    expect(apiItemHref('typeAlias', 'CertificateSchema')).toBe('/docs/api/globals#certificateschema');
    expect(apiItemHref('function', 'getCrypto')).toBe('/docs/api/globals#getcrypto');
    expect(apiItemHref('variable', 'id_AuthorityInfoAccess')).toBe('/docs/api/globals#id_authorityinfoaccess');
  });
});

describe('member anchors', () => {
  let sample: ApiModel;
  beforeAll(async () => {
    ({ model: sample } = await loadSample());
  });

  it('slug member names, give overloads ids of their own and count parameter names as the old site did', () => {
    const circle = item(sample, 'class', 'Circle');
    const anchors = apiPageAnchors(circle);
    expect(anchors.typeParameters).toEqual(['t']);
    const ids = circle.members.map((m) => anchors.members.get(m)!);
    // Page order is declaration order, own before inherited; the ids are still counted in the old
    // order (by name), so `radius` stays `radius-1`: the constructor's `radius` parameter came first.
    expect(circle.members.map((m) => m.name)).toEqual([
      'constructor', 'radius', 'payload', 'name', 'tag', 'secret', 'CLASS_NAME', 'id', 'label', 'area', 'scale', 'describe', 'schema', 'compare',
    ]);
    expect(ids.map((a) => a.id)).toEqual([
      'constructor', 'radius-1', 'payload', 'name', 'tag', 'secret', 'class_name', 'id', 'label', 'area', 'scale', 'describe', 'schema', 'compare',
    ]);
    expect(ids[0]!.signatures).toEqual(['constructor', 'constructor-1']);
    expect(ids[10]!.signatures).toEqual(['scale', 'scale-1']);
    // The anchors map iterates in page order.
    expect([...anchors.members.keys()]).toEqual(circle.members);
    // Square declares zoom(rotate) before rotate(); by name rotate() came first, so it keeps `#rotate`.
    const square = item(sample, 'class', 'Square');
    const squareIds = apiPageAnchors(square).members;
    expect(square.members.filter((m) => m.kind === 'method').map((m) => `${m.name}#${squareIds.get(m)!.id}`)).toEqual([
      'area#area', 'zoom#zoom', 'rotate#rotate', 'describe#describe', 'schema#schema',
    ]);
  });

  it('resolve a member target to its page and anchor', () => {
    const lookup = (kind: string, name: string) => sample.items.find((i) => i.kind === kind && i.name === name);
    expect(apiTargetHref({ kind: 'class', name: 'Circle', member: 'radius' }, lookup)).toBe('/docs/api/classes/Circle#radius-1');
    expect(apiTargetHref({ kind: 'class', name: 'Base', member: 'schema', static: true }, lookup)).toBe('/docs/api/classes/Base#schema');
    expect(apiTargetHref({ kind: 'enum', name: 'Color', member: 'Red' }, lookup)).toBe('/docs/api/enumerations/Color#red');
    // An unknown member falls back to the page itself.
    expect(apiTargetHref({ kind: 'class', name: 'Circle', member: 'nope' }, lookup)).toBe('/docs/api/classes/Circle');
  });
});

describe('parity with the old site', () => {
  type Heading = [tag: string, text: string, id: string | null];
  const old = JSON.parse(readFileSync(join(ROOT, 'test/fixtures/anchors/docusaurus/headings-levels.json'), 'utf8')) as Record<string, Heading[]>;
  let model: ApiModel;
  beforeAll(async () => {
    ({ model } = await loadPkijs());
  });

  it('keeps the id of every member heading of every class, interface and enumeration page', () => {
    const missing: string[] = [];
    let compared = 0;
    for (const page of model.items.filter(isPageItem)) {
      const href = apiItemHref(page.kind, page.name);
      const anchors = apiPageAnchors(page);
      // heading text → ids in page order, as the old site listed them
      const mine = new Map<string, string[]>();
      const add = (text: string, ids: string[]) => mine.set(text, [...(mine.get(text) ?? []), ...ids]);
      page.typeParameters?.forEach((tp, i) => add(tp.name, [anchors.typeParameters[i]!]));
      for (const m of page.members) {
        const a = anchors.members.get(m)!;
        add(memberHeading(m), m.kind === 'constructor' ? a.signatures : [a.id]);
      }
      const seen = new Map<string, number>();
      for (const [tag, text, id] of old[href] ?? []) {
        if (tag !== 'h3') continue;
        const n = seen.get(text) ?? 0;
        seen.set(text, n + 1);
        const ids = mine.get(text);
        if (!ids) {
          missing.push(`${page.name}.${text}`);
          continue;
        }
        expect(`${page.name}.${text}#${ids[n]}`).toBe(`${page.name}.${text}#${id}`);
        compared++;
      }
    }
    expect(compared).toBeGreaterThan(2700);
    // Only Node's own Error statics (from @types/node, which pkidocs leaves out) are gone.
    expect(new Set(missing.map((m) => m.split('.')[1]))).toEqual(new Set(['stackTraceLimit', 'captureStackTrace()', 'prepareStackTrace()']));
  });

  it('has a page for every class, interface and enumeration route of the old site', () => {
    const oldPages = Object.keys(old).filter((p) => /^\/docs\/api\/(classes|interfaces|enumerations)\//.test(p));
    const mine = model.items.filter(isPageItem).map((i) => apiItemHref(i.kind, i.name));
    expect(oldPages).toHaveLength(403); // 127 classes, 273 interfaces, 3 enumerations
    expect(new Set(mine)).toEqual(new Set(oldPages));
  });

  it('keeps every globals anchor of the old site', () => {
    const oldIds = (old['/docs/api/globals'] ?? []).filter(([tag]) => tag === 'h3').map(([, , id]) => id);
    const mine = model.items.filter((i) => !isPageItem(i)).map((i) => apiItemHref(i.kind, i.name).split('#')[1]);
    expect(oldIds).toHaveLength(260); // the old globals page's h3 anchors, one per type alias, function or variable
    expect(oldIds.filter((id) => !mine.includes(id ?? ''))).toEqual([]);
  });
});
