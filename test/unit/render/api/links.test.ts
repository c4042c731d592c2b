// Every link the API pages emit resolves: to a rendered API page, and to an
// id on it; ids are unique per page; bodies stay within their byte budgets.
import * as cheerio from 'cheerio';
import { beforeAll, describe, expect, it } from 'vitest';
import { isPageItem, type ApiItemKind, type ApiModel } from '../../../../src/api/model.ts';
import type { PageBody } from '../../../../src/render/body.ts';
import { renderApiGlobalsPage, renderApiItemPage } from '../../../../src/render/api/index.ts';
import { API_GLOBALS_PATH, apiItemHref } from '../../../../src/routes/api-urls.ts';
import { loadPkijs, renderContext } from '../../api/support.ts';

const pages = new Map<string, { body: PageBody; kind: string }>();
let model: ApiModel;
beforeAll(async () => {
  ({ model } = await loadPkijs());
  const ctx = await renderContext(model);
  for (const item of model.items.filter(isPageItem)) pages.set(apiItemHref(item.kind, item.name), { body: renderApiItemPage(item, ctx), kind: item.kind });
  pages.set(API_GLOBALS_PATH, { body: renderApiGlobalsPage(ctx), kind: 'globals' });
});

/**
 * `kind:name` of every type reference (without a member) anywhere inside a
 * model value, except what a page never shows: a constructor's return type.
 */
function references(value: unknown, out: string[] = []): string[] {
  if (Array.isArray(value)) for (const v of value) references(v, out);
  else if (value && typeof value === 'object') {
    const v = value as { type?: unknown; kind?: unknown; target?: { kind: string; name: string; member?: string } };
    if (v.type === 'reference' && v.target && !v.target.member) out.push(`${v.target.kind}:${v.target.name}`);
    for (const [key, child] of Object.entries(value)) {
      if (v.kind === 'constructor' && key === 'signatures') references((child as { parameters: unknown }[]).map((sig) => sig.parameters), out);
      else references(child, out);
    }
  }
  return out;
}

describe('links between API pages', () => {
  it('all resolve to a page and an id on it', () => {
    const ids = new Map<string, Set<string>>();
    for (const [path, { body }] of pages) {
      const $ = cheerio.load(body.html);
      const list = $('[id]').map((_, el) => $(el).attr('id')).get();
      expect(new Set(list).size, `duplicate ids on ${path}`).toBe(list.length);
      ids.set(path, new Set(list));
    }
    let checked = 0;
    const broken: string[] = [];
    for (const [path, { body }] of pages) {
      const $ = cheerio.load(body.html);
      for (const a of $('a[href]').get()) {
        const href = $(a).attr('href')!;
        if (/^https?:/.test(href)) continue;
        const [target = '', anchor] = href.startsWith('#') ? [path, href.slice(1)] : href.split('#');
        const targetIds = ids.get(target);
        if (!targetIds || (anchor !== undefined && !targetIds.has(anchor))) broken.push(`${path} → ${href}`);
        checked++;
      }
    }
    expect(broken).toEqual([]);
    expect(checked).toBeGreaterThan(5_000);
  });

  it('links every reference to a known export: the model says which links each page must hold', () => {
    const known = new Set(model.items.map((i) => `${i.kind}:${i.name}`));
    const missing: string[] = [];
    let expected = 0;
    const check = (path: string, owners: readonly unknown[]) => {
      const $ = cheerio.load(pages.get(path)!.body.html);
      // A link to a place on the same page is written as its #anchor alone.
      const present = new Set($('a[href]').map((_, a) => `${$(a).attr('href')!.replace(/^#/, `${path}#`)} ${$(a).text()}`).get());
      for (const ref of new Set(owners.flatMap((o) => references(o)))) {
        const [kind, name] = ref.split(':') as [ApiItemKind, string];
        if (!known.has(ref)) continue;
        expected++;
        if (!present.has(`${apiItemHref(kind, name)} ${name}`)) missing.push(`${path}: ${name}`);
      }
    };
    for (const item of model.items.filter(isPageItem)) check(apiItemHref(item.kind, item.name), [item]);
    check(API_GLOBALS_PATH, model.items.filter((i) => !isPageItem(i)));
    expect(missing).toEqual([]);
    expect(expected).toBeGreaterThan(1_000);
  });

  it('links generic references by their name, type arguments after the link', () => {
    // The globals page holds the …Schema aliases, written as SchemaParameters<{ … }>: the link, then its type arguments.
    const $ = cheerio.load(pages.get(API_GLOBALS_PATH)!.body.html);
    const generic = $(`a[href="${apiItemHref('interface', 'SchemaParameters')}"]`);
    expect(generic.length).toBeGreaterThanOrEqual(42);
    expect(generic.first().text()).toBe('SchemaParameters');
    // The link is the name alone; the type arguments follow it.
    expect(pages.get(API_GLOBALS_PATH)!.body.html.split('>SchemaParameters</a>&lt;').length - 1).toBeGreaterThanOrEqual(39);
  });

  it('every TOC entry points at a heading of its page', () => {
    for (const [path, { body }] of pages) {
      const $ = cheerio.load(body.html);
      for (const entry of body.toc) expect($(`h${entry.depth}#${entry.id}`).text(), `${path}#${entry.id}`).toBe(entry.text);
    }
  });
});

describe('byte budgets of the bodies (the layout adds about 7 KB)', () => {
  const sizes = (kind: string) =>
    [...pages.values()].filter((p) => p.kind === kind).map((p) => Buffer.byteLength(p.body.html)).sort((a, b) => a - b);
  const median = (list: number[]) => list[Math.floor(list.length / 2)]!;

  it('keeps the median class and interface body under 18 KB and every page body under 100 KB', () => {
    expect(median(sizes('class'))).toBeLessThan(18 * 1024);
    expect(median(sizes('interface'))).toBeLessThan(18 * 1024);
    expect(Math.max(...sizes('class'), ...sizes('interface'), ...sizes('enum'))).toBeLessThan(100 * 1024);
  });

  // 118 KB since every index entry has a description (its summary, or what it holds): a term without one is not a definition list.
  // 126 KB since every global has the member wrapper of any member (~270 × 22 bytes), long types break into indented
  // lines and asn1js types link to asn1js's documentation (122.1 KB then).
  // 132 KB since each type alias is written `type Name<…> =` as TypeScript declares it (issue 29: 127.5 KB, measured).
  it('keeps the globals page body under 132 KB', () => {
    expect(Math.max(...sizes('globals'))).toBeLessThan(132 * 1024);
  });
});
