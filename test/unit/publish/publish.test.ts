import { rmSync } from 'node:fs';
import { resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../../src/config/load.ts';
import { isApiTwin, needsHtml, publishSite, type PublishBody, type PublishInput, type TwinMemo } from '../../../src/publish/publish.ts';
import type { RouteRecord } from '../../../src/routes/types.ts';

// The compiled config goes to this file's own folder, removed at the end.
const MODULES = resolve(`test/.tmp/publish-modules-${process.pid}`);
const { config } = await loadConfig(resolve('content/site.config.ts'), MODULES);
afterAll(() => rmSync(MODULES, { recursive: true, force: true }));
const input = (overrides: Partial<PublishInput['config']>, statics: string[] = []): PublishInput => ({
  config: { ...config!, ...overrides },
  configFile: 'content/site.config.ts',
  routes: [{ path: '/', kind: 'home', exact: true, source: 'index.tsx', model: { type: 'page-module', file: 'index.tsx' } },
    { path: '/404', kind: 'not-found', exact: false, source: '(built in)', model: { type: 'not-found' } }],
  bodies: new Map([['/', { title: 'pki.js', description: 'Home.', html: '<h1>pki.js</h1><p>Read <a href="/docs/x">the docs</a>.</p>', toc: [] }]]),
  model: { packageName: 'pkijs', version: '3.3.2', items: [] },
  contentDir: resolve('content'),
  statics: statics.map((path) => ({ path })),
});
const paths = (r: ReturnType<typeof publishSite>) => r.files.map((f) => f.path).sort();

describe('publishSite', () => {
  it('writes the twins, llms files, sitemap and robots.txt under the base URL', () => {
    const r = publishSite(input({ url: 'https://x.github.io', baseUrl: '/PKI.js/' }));
    expect(paths(r)).toEqual(['index.md', 'llms-full.txt', 'llms.txt', 'robots.txt', 'sitemap.xml']);
    const file = (p: string) => r.files.find((f) => f.path === p)!.contents;
    expect(file('sitemap.xml')).toContain('<url><loc>https://x.github.io/PKI.js/</loc></url>');
    expect(file('sitemap.xml')).not.toContain('404');
    expect(file('robots.txt')).toContain('Sitemap: https://x.github.io/PKI.js/sitemap.xml');
    expect(file('index.md')).toBe('# pki.js\n\n> Home.\n\nRead [the docs](https://x.github.io/PKI.js/docs/x).\n');
    expect(file('llms.txt')).toContain('- [pki.js](https://x.github.io/PKI.js/index.md): Home.');
    expect(r.notices).toEqual([]);
  });

  it('leaves the sitemap out without a url, and says so', () => {
    const r = publishSite(input({ url: undefined }));
    expect(paths(r)).not.toContain('sitemap.xml');
    expect(r.files.find((f) => f.path === 'robots.txt')!.contents).toBe('User-agent: *\nAllow: /\n');
    expect(r.notices[0]).toMatch(/no url: sitemap\.xml, canonical links and og:url are left out/);
  });

  it('refuses a social image that is not a static file', () => {
    expect(publishSite(input({ image: 'img/card.png' }, ['img/card.png'])).diagnostics).toEqual([]);
    expect(publishSite(input({ image: 'https://cdn.example/card.png' })).diagnostics).toEqual([]);
    const [d] = publishSite(input({ image: 'img/missing.png' }, ['logo.svg'])).diagnostics;
    expect([d?.code, d?.category, d?.message]).toEqual(['config/missing-image', 'config', 'The social image "img/missing.png" (image in the site config) is not a file of the static folder.']);
  });

  it('keeps the twins of unchanged routes between watch-mode runs, and re-makes the changed one', () => {
    const memo: TwinMemo = new Map();
    const first = input({ url: 'https://pkijs.org', baseUrl: '/' });
    const a = publishSite({ ...first, memo });
    const kept = memo.get('/404');
    const home = memo.get('/');
    expect(home?.markdown).toContain('Read [the docs]');
    // Same records, the home page's body changed: its twin is made again, the other kept as it was.
    const body = { title: 'pki.js', description: 'Home.', html: '<h1>pki.js</h1><p>New text.</p>', toc: [] };
    const second = { ...first, bodies: new Map([['/', body]]), memo };
    const b = publishSite(second);
    expect(memo.get('/404')).toBe(kept);
    expect(memo.get('/')).not.toBe(home);
    expect(b.files).toEqual(publishSite({ ...second, memo: undefined }).files);
    expect(b.files.find((f) => f.path === 'index.md')!.contents).toContain('New text.');
    expect(a.files.find((f) => f.path === 'index.md')!.contents).not.toContain('New text.');
    // A route that is gone leaves the memo.
    publishSite({ ...second, routes: second.routes.filter((r) => r.path !== '/404') });
    expect(memo.has('/404')).toBe(false);
  });

  it('reads a body\'s HTML only for page modules and docs with generated tables, and the same twins come from titles alone', () => {
    const doc = (path: string, body: string): RouteRecord => ({ path, kind: 'doc', exact: true, sidebar: 'docs', source: `${path}.md`, model: { type: 'doc', doc: { id: path.slice(6), file: resolve(`content/docs${path.slice(5)}.md`), data: { title: path.slice(6), description: '' }, body, lineOffset: 0 } } });
    const table = doc('/docs/codes', 'Codes:\n\n```table rows=./codes.ts#codes\nCode = `code`\n```\n');
    const prose = doc('/docs/prose', 'Text with a code fence:\n\n```ts\nconst table = 1;\n```\n');
    const base = input({ url: 'https://x.github.io' });
    const routes = [...base.routes, table, prose];
    expect(routes.map(needsHtml)).toEqual([true, false, true, false]);
    const html = '<h1>codes</h1><table class="data-table"><thead><tr><th>Code</th></tr></thead><tbody><tr><td><code>E1</code></td></tr></tbody></table>';
    const full = new Map<string, PublishBody>([...base.bodies, [table.path, { title: 'Codes', description: 'The codes.', html }], [prose.path, { title: 'Prose', html: '<h1>Prose</h1><p>Text</p>' }]]);
    const titles = new Map([...full].map(([path, b]) => [path, routes.find((r) => r.path === path && needsHtml(r)) ? b : { title: b.title, description: b.description }]));
    const fromFull = publishSite({ ...base, routes, bodies: full });
    expect(fromFull.files.find((f) => f.path === 'docs/codes.md')!.contents).toContain('| Code |\n| --- |\n| `E1` |');
    expect(fromFull.files.find((f) => f.path === 'llms.txt')!.contents).toContain('- [Prose](https://x.github.io/docs/prose.md)');
    expect(publishSite({ ...base, routes, bodies: titles }).files).toEqual(fromFull.files);
    const withoutHtml = new Map<string, PublishBody>([...titles, [table.path, { title: 'Codes' }]]);
    expect(() => publishSite({ ...base, routes, bodies: withoutHtml })).toThrow('publish needs the HTML of /docs/codes');
  });

  it('does not make a kept API twin again, and still lists it in llms.txt', () => {
    const globals: RouteRecord = { path: '/docs/api/globals', kind: 'api-globals', exact: true, sidebar: 'docs', source: 'index.d.ts', model: { type: 'api-globals' } };
    const base = input({ url: 'https://x.github.io' });
    const routes = [...base.routes, globals];
    expect(routes.map(isApiTwin)).toEqual([false, false, true]);
    const bodies = new Map([...base.bodies, [globals.path, { title: 'Every export' }]]);
    const made = publishSite({ ...base, routes, bodies });
    const kept = publishSite({ ...base, routes, bodies, kept: new Set([globals.path, '/']) });
    expect(made.files.map((f) => f.path)).toContain('docs/api/globals.md');
    expect(kept.files).toEqual(made.files.filter((f) => f.path !== 'docs/api/globals.md'));
    expect(kept.files.find((f) => f.path === 'llms.txt')!.contents).toContain('- [Every export](https://x.github.io/docs/api/globals.md)');
  });
});
