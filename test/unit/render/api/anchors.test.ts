// Old deep links into the API pages keep working: every member id the pages
// had before members were shown in declaration order (recorded from the
// built site in test/fixtures/anchors/pkidocs/api-ids.json) is still on its
// page and still names the same member (section, heading, static-ness,
// overload number). Pages are rendered from the real pkijs 3.3.2 model.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { isPageItem, type ApiModel } from '../../../../src/api/model.ts';
import { renderApiGlobalsPage, renderApiItemPage, type ApiRenderContext } from '../../../../src/render/api/index.ts';
import { API_BASE, apiItemHref } from '../../../../src/routes/api-urls.ts';
import { apiAnchorMap } from '../../../support/api-anchor-map.ts';
import { loadPkijs, renderContext, ROOT } from '../../api/support.ts';

const recorded = JSON.parse(
  readFileSync(join(ROOT, 'test/fixtures/anchors/pkidocs/api-ids.json'), 'utf8'),
) as Record<string, Record<string, string>>;

let model: ApiModel;
let ctx: ApiRenderContext;
let pages: Map<string, Record<string, string>>;
beforeAll(async () => {
  ({ model } = await loadPkijs());
  ctx = await renderContext(model);
  pages = new Map(model.items.filter(isPageItem).map((item) => [
    apiItemHref(item.kind, item.name).slice(API_BASE.length + 1),
    apiAnchorMap(renderApiItemPage(item, ctx).html),
  ]));
  pages.set('globals', apiAnchorMap(renderApiGlobalsPage(ctx).html));
});

describe('API member anchors', () => {
  it('the record covers every API page: 127 classes, 273 interfaces, 3 enumerations and the globals', () => {
    expect(Object.keys(recorded).sort()).toEqual([...pages.keys()].sort());
    expect(Object.keys(recorded)).toHaveLength(404);
    expect(Object.values(recorded).reduce((n, ids) => n + Object.keys(ids).length, 0)).toBe(3364);
  });

  it('every recorded id is on its page and names the same member', () => {
    const wrong: string[] = [];
    for (const [page, ids] of Object.entries(recorded)) {
      const now = pages.get(page) ?? {};
      for (const [id, names] of Object.entries(ids)) {
        if (now[id] !== names) wrong.push(`${page}#${id}: was ${names}, now ${now[id] ?? 'missing'}`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it('members now read in declaration order (own before inherited), enum members by value', () => {
    const order = (page: string, section: string) =>
      Object.values(pages.get(page)!).filter((n) => n.startsWith(`${section}:`) && !n.includes('#')).map((n) => n.slice(section.length + 1));
    // RFC 5280's TBSCertificate order, not the alphabet.
    expect(order('classes/Certificate', 'properties').slice(0, 8)).toEqual([
      'tbsView', 'version', 'serialNumber', 'signature', 'issuer', 'notBefore', 'notAfter', 'subject',
    ]);
    expect(order('enumerations/PKIStatus', 'enumeration-members')).toEqual([
      'granted', 'grantedWithMods', 'rejection', 'waiting', 'revocationWarning', 'revocationNotification',
    ]);
    // Inherited methods (PkiObject's toString, fromBER…) come after Certificate's own.
    const methods = order('classes/Certificate', 'methods');
    expect(methods.indexOf('toString()')).toBeGreaterThan(methods.indexOf('verify()'));
  });
});
