import { describe, expect, it } from 'vitest';
import { siteConfigSchema } from '../../../src/config/schema.ts';
import type { PageBody } from '../../../src/render/body.ts';
import { renderSite, type BodyMemo } from '../../../src/render/render-site.ts';
import { siteView } from '../../../src/render/site-view.ts';
import type { RouteRecord } from '../../../src/routes/types.ts';
import type { SiteData } from '../../../src/shared/view.ts';
import real from '../../../content/site.config.ts';

const data = (baseUrl: string): SiteData => ({ site: siteView(siteConfigSchema.parse({ ...real, baseUrl }), { docs: '/docs/a', examples: '/docs/b' }), sidebars: {} as SiteData['sidebars'] });
const assets = { script: '/_pkidocs/app.js', style: '/_pkidocs/site.css', data: '/_pkidocs/data.json' };
const route = (path: string): RouteRecord => ({ path, kind: 'page', exact: true, source: 'content/a.md', model: { type: 'page-module', file: 'x' } });
const body: PageBody = { title: 'A "quoted" page', html: '<h1>A</h1><p><a href="/docs/b">b</a> \u2028 </p>', toc: [{ id: 'x', text: 'X', depth: 2 }] };
const chunkOf = (out: ReturnType<typeof renderSite>): string => out.files.find((f) => f.path.endsWith('.json'))!.contents;

describe('renderSite', () => {
  it('writes each page’s chunk as the JSON of its page view and content', () => {
    for (const memo of [undefined, new WeakMap() as BodyMemo]) {
      const out = renderSite([route('/docs/a')], new Map([['/docs/a', body], ['/docs/b', body]]), data('/PKI.js/'), assets, {}, memo);
      const chunk = chunkOf(out);
      const parsed = JSON.parse(chunk) as { page: { title: string }; html: string };
      expect(chunk).toBe(JSON.stringify({ page: parsed.page, html: parsed.html }));
      expect(parsed.page.title).toBe('A "quoted" page');
      expect(parsed.html).toBe(out.pages[0]!.body);
      expect(parsed.html).toContain('href="/PKI.js/docs/b"');
    }
  });

  it('keeps, by body, the content and chunk it made, while base URL and page view stay the same', () => {
    const memo: BodyMemo = new WeakMap();
    const bodies = new Map([['/docs/a', body], ['/docs/b', body]]);
    const first = renderSite([route('/docs/a')], bodies, data('/PKI.js/'), assets, {}, memo);
    // A template edit: the layout is rendered again, the chunk is the very string written before.
    const again = renderSite([route('/docs/a')], bodies, data('/PKI.js/'), { ...assets, script: '/_pkidocs/app-2.js' }, {}, memo);
    expect(chunkOf(again)).toBe(chunkOf(first));
    expect(again.pages[0]!.html).not.toBe(first.pages[0]!.html);
    expect(again.pages[0]!.html).toContain('app-2.js');
    // A new base URL or another page view (the same body at another path) is made again, and equals a render without the memo.
    for (const [routeRecord, base] of [[route('/docs/b'), '/PKI.js/'], [route('/docs/b'), '/']] as const) {
      const made = renderSite([routeRecord], bodies, data(base), assets, {}, memo);
      expect(made).toEqual(renderSite([routeRecord], bodies, data(base), assets));
      expect(chunkOf(made)).not.toBe(chunkOf(first));
    }
    expect(JSON.parse(chunkOf(renderSite([route('/docs/b')], bodies, data('/'), assets, {}, memo))).html).toContain('href="/docs/b"');
  });
});
