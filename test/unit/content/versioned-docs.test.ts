// The pages of each docs version from the files read (src/content/versioned-docs.ts):
// a shared page is the default version's file under the version's folder, a page
// written for the version wins over it, and {{version}} is each version's release.
import { describe, expect, it } from 'vitest';
import { siteConfigSchema, type SiteConfig } from '../../../src/config/schema.ts';
import type { DocSource } from '../../../src/content/docs.ts';
import { versionedDocs } from '../../../src/content/versioned-docs.ts';

const config = (shares?: string[]): SiteConfig => siteConfigSchema.parse({
  title: 't', tagline: 't', library: { package: 'demo', version: '3.3.2' }, repositoryUrl: 'https://example.org/r', contactEmail: 'a@b.org',
  navbar: { logo: { alt: 'x', src: 'logo.svg', width: 80 }, items: [] }, footer: { columns: [] },
  docs: { mainPage: 'installation', versions: [{ name: '4.0.0', label: '4.0', path: '4.0', library: { version: '4.0.0', dir: 'v4/node_modules/demo' }, ...(shares ? { shares } : {}) }, { name: '3.3.2', label: '3.3.2' }] },
});
const doc = (id: string, body = `Page ${id}.`, title = id): DocSource => ({ id, file: `/site/content/docs/${id}.md`, data: { title, description: `About ${id}` }, body, lineOffset: 3 });

const FILES = [
  doc('installation'),
  doc('4.0/installation'),
  doc('examples/certs/index', 'Run against pkijs {{version}}.', 'Certs on {{version}}'),
  doc('examples/certs/create'),
  doc('guides/concepts'),
  doc('guides/browsers'),
  doc('4.0/guides/browsers', 'Written for 4.0.'),
  doc('guides/migrating-from-2x'),
];

describe('versionedDocs', () => {
  it('adds the shared folder and page under the version\'s folder, from the same file, and keeps the page written for it', () => {
    const { docs, diagnostics } = versionedDocs(config(['examples', 'guides/concepts.md', 'guides/browsers.md']), FILES, 'site.config.ts');
    expect(diagnostics).toEqual([]);
    expect(docs.map((d) => [d.id, d.sharedFrom ?? null])).toEqual([
      ['4.0/examples/certs/create', 'examples/certs/create'],
      ['4.0/examples/certs/index', 'examples/certs/index'],
      ['4.0/guides/browsers', null],
      ['4.0/guides/concepts', 'guides/concepts'],
      ['4.0/installation', null],
      ['examples/certs/create', null],
      ['examples/certs/index', null],
      ['guides/browsers', null],
      ['guides/concepts', null],
      ['guides/migrating-from-2x', null],
      ['installation', null],
    ]);
    const shared = docs.find((d) => d.id === '4.0/examples/certs/create')!;
    expect(shared.file).toBe('/site/content/docs/examples/certs/create.md');
    expect(shared.lineOffset).toBe(3);
    expect(docs.find((d) => d.id === '4.0/guides/browsers')!.body).toBe('Written for 4.0.');
  });

  it('fills {{version}} with the release of the version each rendering belongs to', () => {
    const { docs } = versionedDocs(config(['examples']), FILES, 'site.config.ts');
    const of = (id: string) => docs.find((d) => d.id === id)!;
    expect([of('examples/certs/index').body, of('examples/certs/index').data.title]).toEqual(['Run against pkijs 3.3.2.', 'Certs on 3.3.2']);
    expect([of('4.0/examples/certs/index').body, of('4.0/examples/certs/index').data.title]).toEqual(['Run against pkijs 4.0.0.', 'Certs on 4.0.0']);
    // A page without the token is the object read, so watch mode sees it unchanged.
    expect(of('installation')).toBe(FILES[0]);
  });

  it('shares nothing without shares, and names a share that matches no page', () => {
    expect(versionedDocs(config(), FILES, 'site.config.ts').docs.map((d) => d.id)).toEqual(FILES.map((d) => d.id).sort((a, b) => a.localeCompare(b)));
    const { diagnostics } = versionedDocs(config(['guides/concept.md', 'example', 'installation']), FILES, 'site.config.ts');
    const message = (share: string) => `docs.versions ("4.0.0") shares "${share}", which is no page or folder of pages of content/docs: 4.0.0 has no copy of it.`;
    expect(diagnostics.map((d) => [d.severity, d.code, d.message, d.file])).toEqual([
      ['warning', 'config/version-shares', message('guides/concept.md'), 'site.config.ts'],
      ['warning', 'config/version-shares', message('example'), 'site.config.ts'],
      ['warning', 'config/version-shares', message('installation'), 'site.config.ts'],
    ]);
  });
});
