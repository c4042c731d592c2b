// The site config schema on literal input: the defaults a minimal config gets,
// each rule that refuses a value (by the path it names), and how issues and
// the installed library are reported.
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { formatPath, issueToDiagnostic } from '../../../src/config/issues.ts';
import { resolveLibrary } from '../../../src/config/library.ts';
import { defineConfig } from '../../../src/config/define.ts';
import { siteConfigSchema, type SiteConfig } from '../../../src/config/schema.ts';
import { ROOT } from '../../support/cli.ts';

const BASE = {
  title: 'pki.js',
  tagline: 'Tagline',
  library: { package: 'pkijs', version: '3.3.2' },
  repositoryUrl: 'https://github.com/PeculiarVentures/PKI.js',
  contactEmail: 'a@b.org',
  navbar: { logo: { alt: 'x', src: 'logo.svg', width: 80 }, items: [] as unknown[] },
  footer: { columns: [] as unknown[] },
  docs: { versions: [{ name: 'current', label: 'Next' }], mainPage: 'installation' },
};

/** BASE with `patch` applied one level deep per key. */
function withPatch(patch: Record<string, unknown>): unknown {
  const out: Record<string, unknown> = { ...BASE };
  for (const [k, v] of Object.entries(patch)) {
    const base = (BASE as Record<string, unknown>)[k];
    out[k] = v && typeof v === 'object' && !Array.isArray(v) && base && typeof base === 'object' ? { ...base, ...v } : v;
  }
  return out;
}

const paths = (input: unknown) => {
  const r = siteConfigSchema.safeParse(input);
  return r.success ? [] : [...new Set(r.error.issues.map((i) => formatPath(i.path)))];
};

describe('site config schema', () => {
  it('fills in every default of a minimal config', () => {
    const config = siteConfigSchema.parse({
      ...BASE,
      navbar: { ...BASE.navbar, items: [{ type: 'search' }] },
      announcementBar: { id: 'a', content: 'News' },
    });
    expect(config).toEqual({
      ...BASE,
      locale: 'en',
      direction: 'ltr',
      baseUrl: '/',
      library: { package: 'pkijs', version: '3.3.2', entry: 'build/index.d.ts' },
      navbar: { style: 'dark', hideOnScroll: false, logo: BASE.navbar.logo, items: [{ type: 'search', position: 'right' }] },
      footer: { style: 'dark', columns: [] },
      colorMode: { defaultMode: 'light', disableSwitch: false, respectPrefersColorScheme: false },
      announcementBar: { id: 'a', content: 'News', backgroundColor: '#fff3cd', textColor: '#1c1e21', isCloseable: true },
      docs: { path: '/docs', versions: [{ name: 'current', label: 'Next', path: '' }], mainPage: 'installation' },
      static: { hostRuleFiles: false },
      onBrokenLinks: 'throw',
      limits: { maxPageBytes: 2_000_000 },
    } satisfies SiteConfig);
    expect(defineConfig(BASE as never)).toBe(BASE);
  });

  it('takes an http or https origin as the production url, with or without its slash', () => {
    for (const url of ['http://localhost:3000', 'https://pkijs.org/', 'https://example.github.io']) expect(paths(withPatch({ url })), url).toEqual([]);
  });

    it('accepts every kind of navbar item and footer column', () => {
    expect(paths(withPatch({
      navbar: { items: [
        { type: 'docSidebar', sidebarId: 'docs', label: 'Docs', position: 'left' },
        { type: 'link', label: 'GitHub', href: 'https://github.com', icon: 'github' },
        { type: 'link', label: 'Home', to: '/' },
        { type: 'docsVersionDropdown', versions: ['current'] },
        { type: 'search' },
      ] },
      footer: { columns: [{ title: 'Learn', items: [{ label: 'Docs', to: '/docs' }, { label: 'Mail', href: 'mailto:a@b.org' }] }, { title: 'Version', text: '3.3.2' }] },
      url: 'https://pkijs.org',
      baseUrl: '/pkijs/',
    }))).toEqual([]);
  });

  it.each([
    ['an empty title', { title: '' }, 'title'],
    ['an empty tagline', { tagline: '' }, 'tagline'],
    ['an unknown direction', { direction: 'up' }, 'direction'],
    ['a production url that is no URL', { url: 'pkijs' }, 'url'],
    ['a production url with a path', { url: 'https://example.github.io/PKI.js' }, 'url'],
    ['a production url that only ends like one', { url: 'see https://pkijs.org' }, 'url'],
    ['a base URL without its leading slash', { baseUrl: 'docs/' }, 'baseUrl'],
    ['a base URL without its trailing slash', { baseUrl: '/docs' }, 'baseUrl'],
    ['an empty package name', { library: { package: '' } }, 'library.package'],
    ['a version that is no version', { library: { version: 'latest' } }, 'library.version'],
    ['a repository that is no URL', { repositoryUrl: 'github' }, 'repositoryUrl'],
    ['a contact that is no address', { contactEmail: 'support' }, 'contactEmail'],
    ['an unknown navbar style', { navbar: { style: 'blue' } }, 'navbar.style'],
    ['an empty logo source', { navbar: { logo: { alt: 'x', src: '', width: 80 } } }, 'navbar.logo.src'],
    ['a logo width of zero', { navbar: { logo: { alt: 'x', src: 'l', width: 0 } } }, 'navbar.logo.width'],
    ['a fractional logo width', { navbar: { logo: { alt: 'x', src: 'l', width: 1.5 } } }, 'navbar.logo.width'],
    ['a sidebar item without its id', { navbar: { items: [{ type: 'docSidebar', sidebarId: '', label: 'Docs' }] } }, 'navbar.items[0].sidebarId'],
    ['a sidebar item without a label', { navbar: { items: [{ type: 'docSidebar', sidebarId: 'docs', label: '' }] } }, 'navbar.items[0].label'],
    ['an item on neither side', { navbar: { items: [{ type: 'search', position: 'middle' }] } }, 'navbar.items[0].position'],
    ['a link item without a label', { navbar: { items: [{ type: 'link', label: '', to: '/' }] } }, 'navbar.items[0].label'],
    ['a link item with an empty href', { navbar: { items: [{ type: 'link', label: 'x', href: '' }] } }, 'navbar.items[0].href'],
    ['a link item to a relative route', { navbar: { items: [{ type: 'link', label: 'x', to: 'docs' }] } }, 'navbar.items[0].to'],
    ['a link item with an unknown icon', { navbar: { items: [{ type: 'link', label: 'x', to: '/', icon: 'gitlab' }] } }, 'navbar.items[0].icon'],
    ['an unknown footer style', { footer: { style: 'primary' } }, 'footer.style'],
    ['five footer columns', { footer: { columns: Array.from({ length: 5 }, () => ({ title: 'T', text: 't' })) } }, 'footer.columns'],
    ['a footer column without a title', { footer: { columns: [{ title: '', text: 't' }] } }, 'footer.columns[0].title'],
    ['a footer column without items', { footer: { columns: [{ title: 'T', items: [] }] } }, 'footer.columns[0].items'],
    ['a footer column with empty text', { footer: { columns: [{ title: 'T', text: '' }] } }, 'footer.columns[0].text'],
    ['a footer link without a label', { footer: { columns: [{ title: 'T', items: [{ label: '', to: '/' }] }] } }, 'footer.columns[0].items[0].label'],
    ['a footer link to a relative route', { footer: { columns: [{ title: 'T', items: [{ label: 'x', to: 'docs' }] }] } }, 'footer.columns[0].items[0].to'],
    ['a footer link with an empty href', { footer: { columns: [{ title: 'T', items: [{ label: 'x', href: '' }] }] } }, 'footer.columns[0].items[0].href'],
    ['a system default colour mode', { colorMode: { defaultMode: 'system' } }, 'colorMode.defaultMode'],
    ['an announcement without an id', { announcementBar: { id: '', content: 'x' } }, 'announcementBar.id'],
    ['an announcement without content', { announcementBar: { id: 'a', content: '' } }, 'announcementBar.content'],
    ['a docs path without its slash', { docs: { path: 'docs' } }, 'docs.path'],
    ['no docs version', { docs: { versions: [] } }, 'docs.versions'],
    ['a docs version without a name', { docs: { versions: [{ name: '', label: 'x' }] } }, 'docs.versions[0].name'],
    ['a docs version without a label', { docs: { versions: [{ name: 'x', label: '' }] } }, 'docs.versions[0].label'],
    ['no main page', { docs: { mainPage: '' } }, 'docs.mainPage'],
    ['an unknown broken-link policy', { onBrokenLinks: 'ignore' }, 'onBrokenLinks'],
    ['a page limit of zero', { limits: { maxPageBytes: 0 } }, 'limits.maxPageBytes'],
  ])('refuses %s', (_name, patch, path) => {
    expect(paths(withPatch(patch))).toEqual([path]);
  });

  it('says what a version must look like', () => {
    const r = siteConfigSchema.safeParse(withPatch({ library: { version: 'latest' } }));
    expect(r.error?.issues[0]?.message).toBe('must be a semantic version such as 3.3.2');
  });
});

describe('config issues', () => {
  it('writes paths as code would, and names the root', () => {
    expect(formatPath([])).toBe('(root)');
    expect(formatPath(['navbar', 'items', 2, 'label'])).toBe('navbar.items[2].label');
    expect(formatPath([0, 'a'])).toBe('[0].a');
  });

  it('names one unknown key or several', () => {
    const one = issueToDiagnostic({ code: 'unrecognized_keys', keys: ['titel'], path: [], message: '', input: {} } as never, 'site.config.ts');
    expect([one.message, one.hint, one.file, one.category, one.code]).toEqual([
      'Unknown key "titel" in (root).', 'Remove it, or check its spelling against the config reference in README.md.', 'site.config.ts', 'config', 'config/unknown-key',
    ]);
    const two = issueToDiagnostic({ code: 'unrecognized_keys', keys: ['a', 'b'], path: ['navbar'], message: '', input: {} } as never, 'f');
    expect(two.message).toBe('Unknown keys "a", "b" in navbar.');
  });

  it('names the navbar item an issue is in, and only a navbar item', () => {
    const item = issueToDiagnostic({ code: 'custom', path: ['navbar', 'items', 1, 'label'], message: 'Too small' } as never, 'f');
    expect([item.code, item.message, item.hint]).toEqual([
      'config/navbar-item',
      'The navbar item navbar.items[1] cannot be rendered: navbar.items[1].label: Too small.',
      'Check navbar.items[1] in the configuration: its type must be docSidebar, link, docsVersionDropdown or search, with the fields that type needs.',
    ]);
    for (const path of [['navbar', 'style'], ['footer', 'items', 1], ['navbar', 'items', 'x']]) {
      expect(issueToDiagnostic({ code: 'custom', path, message: 'Bad' } as never, 'f').code).toBe('config/invalid-value');
    }
    const other = issueToDiagnostic({ code: 'custom', path: ['title'], message: 'Bad' } as never, 'f');
    expect([other.message, other.hint, other.category]).toEqual(['Invalid value at title: Bad.', 'Fix the value in the site config; README.md lists every key and what it accepts.', 'config']);
  });
});

describe('resolveLibrary', () => {
  const root = join(ROOT, 'test/.tmp/unit-config-library');
  const config = (version: string) => siteConfigSchema.parse({ ...BASE, library: { package: 'demo', version } });
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it('finds the installed package, its entry and README', async () => {
    mkdirSync(join(root, 'node_modules/demo'), { recursive: true });
    writeFileSync(join(root, 'node_modules/demo/package.json'), JSON.stringify({ version: '1.2.3' }));
    expect(await resolveLibrary(config('1.2.3'), root, 'site.config.ts')).toEqual({
      library: { dir: join(root, 'node_modules/demo'), version: '1.2.3', entry: join(root, 'node_modules/demo/build/index.d.ts'), readme: join(root, 'node_modules/demo/README.md'), releases: new Map() },
      diagnostics: [],
    });
  });

  it('names a missing package and a version other than the documented one', async () => {
    const missing = await resolveLibrary(siteConfigSchema.parse({ ...BASE, library: { package: 'absent', version: '1.0.0' } }), root, 'site.config.ts');
    expect(missing.library).toBeUndefined();
    expect(missing.diagnostics.map((d) => [d.category, d.code, d.message, d.hint, d.file])).toEqual([
      ['config', 'config/library-missing', 'The package "absent" is not installed, so there is no API to document.', 'Run `npm ci` in the project folder.', join(root, 'node_modules/absent/package.json')],
    ]);
    const other = await resolveLibrary(config('2.0.0'), root, 'site.config.ts');
    expect(other.library).toBeUndefined();
    expect(other.diagnostics.map((d) => [d.category, d.code, d.message, d.hint, d.file])).toEqual([
      ['config', 'config/library-version', 'The installed demo is version 1.2.3, but the site config documents 2.0.0.', 'Install demo@2.0.0 exactly (npm ci restores it), or change library.version.', 'site.config.ts'],
    ]);
  });
});
