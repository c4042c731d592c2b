// Where a docs page leads in the other version: the same page, else its
// nearest parent that exists there, else that version's first page; the
// canonical link and the banner point at the newest version's copy.
import { describe, expect, it } from 'vitest';
import type { SiteConfig } from '../../../src/config/schema.ts';
import type { RouteRecord } from '../../../src/routes/types.ts';
import { addVersionLinks, versionHomes } from '../../../src/routes/version-links.ts';

const config = {
  library: { package: 'pkijs', version: '3.3.2' },
  docs: {
    path: '/docs',
    mainPage: 'installation',
    versions: [
      { name: '4.0.0', label: '4.0', path: '4.0', library: { version: '4.0.0', dir: 'v4', entry: 'build/index.d.ts' } },
      { name: '3.3.2', label: '3.3.2', path: '' },
    ],
  },
} as unknown as SiteConfig;

const route = (path: string, version?: string): RouteRecord =>
  ({ path, kind: 'doc', exact: true, source: 'x', model: { type: 'not-found' }, ...(version ? { version } : {}) });

function site(): Map<string, RouteRecord> {
  const routes = [
    route('/'),
    route('/docs'),
    route('/docs/installation'),
    route('/docs/examples/other'),
    route('/docs/examples/other/pdf'),
    route('/docs/api/pkijs'),
    route('/docs/api/classes/Certificate'),
    route('/docs/4.0/installation', '4.0.0'),
    route('/docs/4.0/api/pkijs', '4.0.0'),
    route('/docs/4.0/api/classes/Certificate', '4.0.0'),
    route('/docs/4.0/api/classes/OnlyIn4', '4.0.0'),
  ];
  addVersionLinks(config, routes);
  return new Map(routes.map((r) => [r.path, r]));
}

/** Where each version's dropdown entry leads: the page itself for its own version. */
const hrefs = (r: RouteRecord | undefined) => ({ ...r!.versionLinks!.to, [r!.versionLinks!.current]: r!.path });

describe('version links', () => {
  it('lead to the same page in the other version where it exists', () => {
    const s = site();
    expect(hrefs(s.get('/docs/api/classes/Certificate'))).toEqual({ '4.0.0': '/docs/4.0/api/classes/Certificate', '3.3.2': '/docs/api/classes/Certificate' });
    expect(hrefs(s.get('/docs/4.0/api/classes/Certificate'))).toEqual({ '4.0.0': '/docs/4.0/api/classes/Certificate', '3.3.2': '/docs/api/classes/Certificate' });
    // Each link named once: the canonical page and the banner's link are the dropdown's 4.0 entry.
    expect(s.get('/docs/api/classes/Certificate')!.versionLinks).toEqual({ current: '3.3.2', to: { '4.0.0': '/docs/4.0/api/classes/Certificate' }, latest: { name: '4.0.0', label: '4.0', copy: true } });
  });

  it('else to the nearest parent page there, else to its first page', () => {
    const s = site();
    // /docs/4.0/examples/other does not exist, nor /docs/4.0/examples, nor /docs/4.0: its main page.
    expect(hrefs(s.get('/docs/examples/other/pdf'))['4.0.0']).toBe('/docs/4.0/installation');
    // A 4.0-only class: 3.3.2's /docs/api/classes is no page, /docs is.
    expect(hrefs(s.get('/docs/4.0/api/classes/OnlyIn4'))['3.3.2']).toBe('/docs');
    // No copy in 4.0: no canonical link there, and the banner leads where the dropdown does.
    expect(s.get('/docs/examples/other/pdf')!.versionLinks).toEqual({ current: '3.3.2', to: { '4.0.0': '/docs/4.0/installation' }, latest: { name: '4.0.0', label: '4.0' } });
  });

  it('give the newest version\'s pages no banner and no canonical elsewhere, and pages outside the docs nothing', () => {
    const s = site();
    expect(s.get('/docs/4.0/installation')!.versionLinks).toEqual({ current: '4.0.0', to: { '3.3.2': '/docs/installation' } });
    expect(s.get('/')!.versionLinks).toBeUndefined();
  });

  it('give a page outside the docs each version\'s first page: its main page, else its API readme', () => {
    expect(versionHomes(config, [...site().values()])).toEqual({ '4.0.0': '/docs/4.0/installation', '3.3.2': '/docs/installation' });
    // A 4.0 with no installation page of its own (the dev fixtures): 4.0's API readme, not a missing page.
    const without = [...site().values()].filter((r) => r.path !== '/docs/4.0/installation');
    expect(versionHomes(config, without)).toEqual({ '4.0.0': '/docs/4.0/api/pkijs', '3.3.2': '/docs/installation' });
  });

  it('add nothing to a site with one version', () => {
    const routes = [route('/docs/installation')];
    addVersionLinks({ ...config, docs: { ...config.docs, versions: [config.docs.versions[1]!] } }, routes);
    expect(routes[0]!.versionLinks).toBeUndefined();
  });
});
