// The smallest valid site config and home page, for the tests and benches that build a copy of
// the checkout with their own content (hostile tests, the cache matrix, bench:scale).

/** A site config of one docs version and one sidebar, under the given title. */
export function fixtureConfig(title = 'fixture', tagline = 'fixture'): string {
  return `export default {
  title: '${title}', tagline: '${tagline}',
  library: { package: 'pkijs', version: '3.3.2' },
  repositoryUrl: 'https://github.com/PeculiarVentures/PKI.js', contactEmail: 'docs@example.org',
  navbar: { logo: { alt: 'logo', src: 'logo.svg', width: 80 }, items: [{ type: 'docSidebar', sidebarId: 'docs', label: 'Docs' }] },
  footer: { columns: [{ title: 'Learn', items: [{ label: 'Installation', to: '/docs/installation' }] }] },
  docs: { versions: [{ name: 'current', label: 'Next' }], mainPage: 'installation' },
};
`;
}

/** A home page module without JSX (test/.tmp is outside the project's tsconfig) showing `heading`. */
export function fixtureHome(heading = 'Fixture home'): string {
  return `import { createElement as h } from 'react';\nexport default function Home() { return h('h1', null, '${heading}'); }\n`;
}

export const FIXTURE_CONFIG = fixtureConfig();
export const FIXTURE_HOME = fixtureHome();
