// The worked examples on the real site: each page shows exactly its code
// file, highlighted, with pkijs identifiers linked to their API pages.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../support/cli.ts';
import { loadPage } from '../support/site.ts';

const EXAMPLES = join(ROOT, 'content/docs/examples');
const pages = readdirSync(EXAMPLES, { recursive: true })
  .map(String)
  // oids.ts is a data module shown on the helpers page, and crl-checks.ts code shared by two examples,
  // shown whole on the CRL page (below), and pdf-syntax.ts, shown whole on the PDF verification page: not pages of their own.
  .filter((f) => f.endsWith('.ts') && f !== 'oids.ts' && !f.endsWith('crl-checks.ts') && !f.endsWith('pdf-syntax.ts'))
  .map((f) => ({ file: join(EXAMPLES, f), path: `/docs/examples/${f.replace(/\.ts$/, '')}` }));

/** A code file as its full listing shows it: without its region marker lines (not the include plugin's own extraction). */
const withoutRegionMarkers = (file: string): string =>
  readFileSync(file, 'utf8').split('\n').filter((l) => !/^\s*\/\/ #(?:end)?region\b/.test(l)).join('\n').replace(/\n+$/, '');

describe('example pages', () => {
  it('exist for the twenty examples of the four sections and the shared helpers', () => {
    expect(pages).toHaveLength(21);
    expect(pages.map((p) => p.path)).toContain('/docs/examples/example-helpers');
  });

  it('show the shared CRL checks (crl-checks.ts) whole on the CRL page', () => {
    const $ = loadPage('/docs/examples/certificates-and-revocation/creating-and-parsing-CRLs');
    const shown = $('#__pkidocs-content pre.shiki').map((_, pre) => $(pre).text()).get();
    expect(shown).toContain(withoutRegionMarkers(join(EXAMPLES, 'certificates-and-revocation/crl-checks.ts')));
  });

  it('show the PDF tokenizer (pdf-syntax.ts) whole on the PDF verification page', () => {
    const $ = loadPage('/docs/examples/other/how-to-verify-a-signature-in-a-PDF-file');
    const shown = $('#__pkidocs-content pre.shiki').map((_, pre) => $(pre).text()).get();
    expect(shown).toContain(withoutRegionMarkers(join(EXAMPLES, 'other/pdf-syntax.ts')));
  });

  it('list the shared helpers in the examples sidebar, after the four sections', () => {
    const $ = loadPage('/docs/examples/example-helpers');
    expect($('#__pkidocs-content h1').text()).toBe('Example helpers');
    expect($('a.menu__link--active').attr('href')).toBe('/docs/examples/example-helpers');
  });

  it('import one helper module: no example defines its own PEM, CA or engine helpers, and none uses Buffer', () => {
    const examples = pages.filter((p) => !p.path.endsWith('/example-helpers'));
    const importing = examples.filter(({ file }) => readFileSync(file, 'utf8').includes("from '../example-helpers.ts'"));
    // The password example needs none of them: it only encrypts bytes.
    expect(examples.length - importing.length).toBe(1);
    for (const { file } of examples) {
      const code = readFileSync(file, 'utf8');
      expect(code, file).not.toMatch(/function (toPem|fromPem|createCertificateAuthority|useWebCrypto|useNodeCryptoEngine)\b|\bBuffer\b|typesAndValues\.push/);
    }
  });

  it.each(pages)('$path shows exactly its code file, highlighted, with API links', ({ file, path }) => {
    const $ = loadPage(path);
    const shown = $('#__pkidocs-content pre.shiki').map((_, pre) => $(pre).text()).get();
    const full = withoutRegionMarkers(file);
    expect(shown).toContain(full);
    const refs = $('#__pkidocs-content pre.shiki a.api-ref');
    expect(refs.length).toBeGreaterThan(0);
    refs.each((_, a) => {
      expect($(a).attr('href')).toMatch(new RegExp(`^/docs/api/((classes|interfaces|enumerations)/${$(a).text()}|globals#${$(a).text().toLowerCase()})$`));
    });
    // Every pkijs class the code names (pkijs.Name) is linked in the listing.
    const named = new Set([...full.matchAll(/\bpkijs\.([A-Z]\w+)\b(?!\s*\()/g)].map((m) => m[1]!));
    const linked = new Set(refs.map((_, a) => $(a).text()).get());
    expect([...named].filter((n) => !linked.has(n))).toEqual([]);
    expect($('#__pkidocs-content h2').length).toBeGreaterThanOrEqual(4);
    expect($('#__pkidocs-content a[href^="/docs/api/"]').length).toBeGreaterThan(0);
  });
});
