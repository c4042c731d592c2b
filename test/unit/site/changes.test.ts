import { describe, expect, it } from 'vitest';
import { convertsAgain, isEmptyPlan, planChanges, watchedPaths, type SiteLayout } from '../../../src/site/changes.ts';

const layout: SiteLayout = {
  configFile: '/site/content/site.config.ts',
  contentDir: '/site/content',
  clientDir: '/site/client',
  templatesDir: '/site/templates',
  libraryEntry: '/site/node_modules/pkijs/build/index.d.ts',
  apiFiles: ['/site/content/versions/pkijs-4.0/node_modules/pkijs/build/index.d.ts'],
};

const flags = (files: string[]) => {
  const p = planChanges(files, layout);
  return { config: p.config, api: p.api, bundle: p.bundle, client: [...p.client], templates: [...p.templates], pageModules: p.pageModules, docs: [...p.docs], statics: [...p.statics], other: [...p.other] };
};

const none = { config: false, api: false, bundle: false, client: [] as string[], templates: [] as string[], pageModules: false, docs: [], statics: [], other: [] };

describe('planChanges', () => {
  it.each([
    ['a Markdown page re-reads that page only', '/site/content/docs/installation.md', { docs: ['/site/content/docs/installation.md'] }],
    ['a code include is another content file', '/site/content/docs/examples/a/b.ts', { other: ['/site/content/docs/examples/a/b.ts'] }],
    ['the config reloads the config', '/site/content/site.config.ts', { config: true }],
    ['a page module reloads the page modules', '/site/content/pages/index.tsx', { pageModules: true }],
    ['a static file is copied', '/site/content/static/logo.svg', { statics: ['/site/content/static/logo.svg'] }],
    ['client code re-bundles only', '/site/client/main.tsx', { bundle: true, client: ['/site/client/main.tsx'] }],
    ['a stylesheet re-bundles only', '/site/templates/styles/base.css', { bundle: true, client: ['/site/templates/styles/base.css'] }],
    ['a template re-bundles and reloads the render code', '/site/templates/layout/Footer.tsx', { bundle: true, client: ['/site/templates/layout/Footer.tsx'], templates: ['/site/templates/layout/Footer.tsx'] }],
    ['the type definitions re-run the API stage', '/site/node_modules/pkijs/build/index.d.ts', { api: true }],
    // Under content/, yet no content file: another docs version's release.
    ["another version's type definitions re-run the API stage", '/site/content/versions/pkijs-4.0/node_modules/pkijs/build/index.d.ts', { api: true }],
  ])('%s', (_what, file, expected) => {
    expect(flags([file])).toEqual({ ...none, ...expected });
  });

  it('merges a burst of files into one plan and ignores files outside the site', () => {
    expect(flags(['/site/client/a.ts', '/site/content/docs/x.md', '/site/content/docs/y.md', '/elsewhere/z.md'])).toEqual({
      ...none, bundle: true, client: ['/site/client/a.ts'], docs: ['/site/content/docs/x.md', '/site/content/docs/y.md'],
    });
    expect(isEmptyPlan(planChanges(['/elsewhere/z.md', '/site/contentious/x.md'], layout))).toBe(true);
  });

  it("converts again only the versions whose conversion read a changed file", () => {
    const v3 = layout.libraryEntry!;
    const v4 = layout.apiFiles![0]!;
    const shared = '/site/node_modules/asn1js/build/index.d.ts';
    const readers = new Map([[v3, [v3]], [v4, [v4]], [shared, [v3, v4]]]);
    const withReaders: SiteLayout = { ...layout, apiFiles: [v4, shared], apiReaders: readers };
    const only4 = planChanges([v4], withReaders);
    expect([only4.api, convertsAgain(only4, v4), convertsAgain(only4, v3)]).toEqual([true, true, false]);
    const only3 = planChanges([v3], withReaders);
    expect([convertsAgain(only3, v3), convertsAgain(only3, v4)]).toEqual([true, false]);
    const both = planChanges([shared], withReaders);
    expect([convertsAgain(both, v3), convertsAgain(both, v4)]).toEqual([true, true]);
    // A file whose readers are not known (no manifest in the cache): every version, as before.
    const unknown = planChanges([v4], { ...layout, apiReaders: new Map() });
    expect([convertsAgain(unknown, v3), convertsAgain(unknown, v4)]).toEqual([true, true]);
    expect(convertsAgain(planChanges(['/site/content/docs/x.md'], withReaders), v3)).toBe(false);
  });

  it("watches the sources, the config and every version's type definitions", () => {
    expect(watchedPaths(layout)).toEqual(['/site/content', '/site/client', '/site/templates', '/site/content/site.config.ts', '/site/node_modules/pkijs/build/index.d.ts', '/site/content/versions/pkijs-4.0/node_modules/pkijs/build/index.d.ts']);
  });
});
