// A fresh checkout (fresh-checkout.ts) that documents two versions, as the
// real site does: 3.3.2 at today's URLs from node_modules/pkijs, and 4.0.0
// under /docs/4.0 from a fake release in content/versions/pkijs-4.0. Each
// release's d.ts declares a class of its own (Certificate3, Certificate4), so
// a page shows which version's API it was made from.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, beforeEach } from 'vitest';
import { freshCheckout, type FreshCheckout } from './fresh-checkout.ts';

export const RELEASE_DIR = 'content/versions/pkijs-4.0/node_modules/pkijs';

/** The config's docs.versions, as source text. */
const TWO_VERSIONS = `[
      { name: '4.0.0', label: '4.0', path: '4.0', library: { version: '4.0.0', dir: '${RELEASE_DIR}' } },
      { name: '3.3.2', label: '3.3.2', path: '' },
    ]`;

export function siteConfig(versions = TWO_VERSIONS, extra = ''): string {
  return `export default {
  title: 'fixture', tagline: 'fixture', url: 'https://example.org',
  library: { package: 'pkijs', version: '3.3.2' },
  repositoryUrl: 'https://github.com/PeculiarVentures/PKI.js', contactEmail: 'docs@example.org',
  navbar: { logo: { alt: 'logo', src: 'logo.svg', width: 80 }, items: [{ type: 'docSidebar', sidebarId: 'docs', label: 'Docs' }, { type: 'docsVersionDropdown' }] },
  footer: { columns: [{ title: 'Learn', items: [{ label: 'Installation', to: '/docs/installation' }] }] },
  docs: { versions: ${versions}, mainPage: 'installation' },${extra}
};
`;
}

const dts = (major: number): string => `/** A certificate of release ${major}. */\nexport declare class Certificate${major} {\n  /** Its version. */\n  version: number;\n}\n`;

/** Writes the 4.0.0 release at `dir` of the checkout. */
export function installRelease(checkout: string, dir = RELEASE_DIR, version = '4.0.0'): void {
  const pkg = join(checkout, dir);
  mkdirSync(join(pkg, 'build'), { recursive: true });
  writeFileSync(join(pkg, 'package.json'), JSON.stringify({ name: 'pkijs', version, types: 'build/index.d.ts' }));
  writeFileSync(join(pkg, 'build/index.d.ts'), dts(4));
  writeFileSync(join(pkg, 'README.md'), '# PKIjs\n\nThe fake README of release 4.\n');
}

export function versionedCheckout(): FreshCheckout {
  const fresh = freshCheckout();
  beforeAll(() => {
    writeFileSync(join(fresh.checkout, 'content/site.config.ts'), siteConfig());
    mkdirSync(join(fresh.checkout, 'content/docs/4.0'), { recursive: true });
    writeFileSync(join(fresh.checkout, 'content/docs/4.0/installation.md'), '---\ntitle: Installing 4.0\ndescription: How to install release 4.\n---\n\nInstall release 4.\n');
    installRelease(fresh.checkout);
  });
  // fresh-checkout's own hook has just written 3.3.2's d.ts: give it a class of its own.
  beforeEach(() => writeFileSync(join(fresh.pkg, 'build/index.d.ts'), dts(3)));
  return fresh;
}
