// The PKI.js documentation site. Every key is described in README.md.
import { defineConfig } from '../src/config/define.ts';

const repositoryUrl = 'https://github.com/PeculiarVentures/PKI.js';

export default defineConfig({
  title: 'pki.js',
  tagline: 'pki.js',
  locale: 'en',
  direction: 'ltr',
  url: 'https://pkijs.org',
  baseUrl: '/',
  library: { package: 'pkijs', version: '3.3.2' },
  repositoryUrl,
  contactEmail: 'support@peculiarventures.com',
  navbar: {
    style: 'dark',
    logo: { alt: 'pki.js logo', src: 'logo.svg', width: 80 },
    items: [
      { type: 'search', position: 'right' },
      { type: 'docSidebar', sidebarId: 'docs', label: 'Docs', position: 'right' },
      { type: 'docSidebar', sidebarId: 'examples', label: 'Examples', position: 'right' },
      { type: 'docsVersionDropdown', position: 'right' },
      { type: 'link', href: repositoryUrl, label: 'GitHub', icon: 'github', position: 'right' },
    ],
  },
  footer: {
    style: 'dark',
    columns: [
      {
        title: 'Learn',
        items: [
          { label: 'Installation', to: '/docs/installation' },
          { label: 'Examples', to: '/docs/examples/certificates-and-revocation' },
          { label: 'API', to: '/docs/api/pkijs' },
        ],
      },
      {
        title: 'More',
        items: [
          { label: 'GitHub', href: repositoryUrl },
          { label: 'Contact us', href: 'mailto:support@peculiarventures.com' },
        ],
      },
      // {version}: the pkijs release of the docs version a page belongs to.
      { title: 'Version', text: 'Version: {version}' },
    ],
    copyright: 'PKI.js is released under the BSD-3-Clause licence.',
  },
  colorMode: { defaultMode: 'light', disableSwitch: true, respectPrefersColorScheme: false },
  docs: {
    path: '/docs',
    // Newest first. 3.3.2 keeps today's URLs; 4.0.0 is installed by the npm workspace content/versions/pkijs-4.0.
    versions: [
      {
        name: '4.0.0',
        label: '4.0',
        path: '4.0',
        library: { version: '4.0.0', dir: 'content/versions/pkijs-4.0/node_modules/pkijs' },
        // Rendered again for 4.0 as written; test/versions/shared-pages-tested.test.ts fails when a shared
        // page's code is not run by a test against 4.0.0. content/docs/4.0/ holds the pages written for 4.0.
        shares: [
          'examples',
          'guides/concepts.md',
          'guides/security.md',
          'guides/troubleshooting.md',
          'guides/oid-reference.md',
          'guides/migrating-to-4.md',
        ],
      },
      { name: '3.3.2', label: '3.3.2', path: '' },
    ],
    mainPage: 'installation',
  },
  onBrokenLinks: 'throw',
});
