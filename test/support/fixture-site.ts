// The smallest valid site config and home page, for the hostile tests that build a copy of the
// checkout with their own content.
export const FIXTURE_CONFIG = `export default {
  title: 'fixture', tagline: 'fixture',
  library: { package: 'pkijs', version: '3.3.2' },
  repositoryUrl: 'https://github.com/PeculiarVentures/PKI.js', contactEmail: 'docs@example.org',
  navbar: { logo: { alt: 'logo', src: 'logo.svg', width: 80 }, items: [{ type: 'docSidebar', sidebarId: 'docs', label: 'Docs' }] },
  footer: { columns: [{ title: 'Learn', items: [{ label: 'Installation', to: '/docs/installation' }] }] },
  docs: { versions: [{ name: 'current', label: 'Next' }], mainPage: 'installation' },
};
`;

/** A page module without JSX: test/.tmp is outside the project's tsconfig. */
export const FIXTURE_HOME = "import { createElement as h } from 'react';\nexport default function Home() { return h('h1', null, 'Fixture home'); }\n";
