// The six guides on the real site: built, in the docs sidebar under
// Installation, their code shown from files the tests run, and their
// generated tables complete against pkijs itself.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import * as pkijs from 'pkijs';
import { describe, expect, it } from 'vitest';
import { OIDS } from '../../content/docs/examples/oids.ts';
import { signedDataCodes } from '../../content/docs/guides/data/signed-data-codes.ts';
import { bundleSizes } from '../../content/docs/guides/data/bundle-sizes.ts';
import { migration } from '../../content/docs/guides/data/migration.ts';
import { migration4 } from '../../content/docs/guides/data/migration-4.ts';
import { ROOT } from '../support/cli.ts';
import { loadPage, readPage, siteOut } from '../support/site.ts';

const GUIDES = [
  ['/docs/guides/concepts', 'Concepts'],
  ['/docs/guides/security', 'Security'],
  ['/docs/guides/troubleshooting', 'Troubleshooting'],
  ['/docs/guides/oid-reference', 'OID reference'],
  ['/docs/guides/browsers-and-bundlers', 'Browsers and bundlers'],
  ['/docs/guides/migrating-from-2x', 'Migrating from 2.x'],
  ['/docs/guides/migrating-to-4', 'Migrating to 4.0'],
] as const;

const tableRows = (path: string, heading?: string) => {
  const $ = loadPage(path);
  const table = heading ? $(`#${heading}`).nextAll('table.data-table').first() : $('#__pkidocs-content table.data-table').first();
  const head = table.find('tr').first().children().map((_, c) => $(c).text()).get();
  return table.find('tr').slice(1).map((_, tr) => [$(tr).children().map((__, c) => $(c).text()).get()]).get().map((cells: string[]) => Object.fromEntries(head.map((h, i) => [h, cells[i]!])));
};

/**
 * The lines of a `// #region name` of a file, trimmed, without marker lines: read here rather than
 * with the include plugin's own extractRegion, so the expectation does not come from the code under test.
 */
function regionLines(text: string, name: string): string[] {
  const lines = text.split('\n');
  const start = lines.findIndex((l) => l.trim() === `// #region ${name}`);
  if (start < 0) return [];
  const end = lines.findIndex((l, i) => i > start && (l.trim() === `// #endregion ${name}` || l.trim() === '// #endregion'));
  return lines.slice(start + 1, end).filter((l) => !/^\s*\/\/ #(?:end)?region\b/.test(l)).map((l) => l.trim()).join('\n').trim().split('\n');
}

describe('the guides', () => {
  it('are listed in the docs sidebar under Installation, in order, on every docs page', () => {
    for (const path of ['/docs/installation', '/docs/guides/security', '/docs/api/classes/Certificate']) {
      const $ = loadPage(path);
      const top = $('.sidebar__nav > .menu > li');
      expect(top.eq(0).text(), path).toBe('Installation');
      const guides = top.eq(1);
      expect(guides.find('> .menu__category-row > .menu__link').text()).toBe('Guides');
      expect(guides.find('.menu a').map((_, a) => [[$(a).attr('href'), $(a).text()]]).get()).toEqual(GUIDES.map(([p, l]) => [p, l]));
    }
    const $ = loadPage('/docs/guides/security');
    expect($('.menu__link--active').attr('href')).toBe('/docs/guides/security');
    expect($('.breadcrumbs li').map((_, li) => $(li).text()).get()).toEqual(['', 'Guides', 'Security: what pkijs checks and what it leaves to you']);
  });

  it.each(GUIDES)('%s is built with its title, a description and prev/next links', (path) => {
    const $ = loadPage(path);
    expect($('#__pkidocs-content h1').text().length).toBeGreaterThan(5);
    expect($('meta[name=description]').attr('content')!.length).toBeGreaterThan(60);
    expect($('nav.pagination a').length).toBeGreaterThan(0);
  });

  it('link to each other and to API pages, all of which exist (the build checks the anchors)', () => {
    for (const [path] of GUIDES) {
      const $ = loadPage(path);
      const internal = $('#__pkidocs-content a[href^="/docs/"]').map((_, a) => $(a).attr('href')!).get();
      expect(internal.length, path).toBeGreaterThan(2);
      for (const href of internal) expect(() => readPage(href.split('#')[0]!), `${path} → ${href}`).not.toThrow();
    }
    const security = loadPage('/docs/guides/security');
    const targets = security('#__pkidocs-content a').map((_, a) => security(a).attr('href')).get();
    expect(targets).toEqual(expect.arrayContaining([
      '/docs/api/classes/CertificateChainValidationEngine', '/docs/api/classes/SignedData', '/docs/api/classes/OCSPResponse',
      '/docs/examples/certificates-and-revocation/create-and-validate-certificate',
      '/docs/examples/certificates-and-revocation/working-with-OCSP-responses',
      '/docs/examples/signing-and-encryption-with-CMS/working-with-CMS-signing',
    ]));
  });

  it('show code only from the .ts files the guide tests run', () => {
    for (const [path] of GUIDES) {
      const md = readFileSync(join(ROOT, 'content/docs', `${path.slice(6)}.md`), 'utf8');
      const $ = loadPage(path);
      // A guide may also show a region of an example, whose own tests run it.
      const includes = [...md.matchAll(/^```ts include=(\.\/[\w-]+\.ts|\.\.\/examples\/[\w/-]+\.ts)#([\w-]+)/gm)];
      const shown = $('#__pkidocs-content .code-block[data-lang="ts"]');
      expect(shown.length, path).toBe(includes.length);
      includes.forEach(([, file, region], i) => {
        const code = regionLines(readFileSync(join(ROOT, 'content/docs/guides', file!), 'utf8'), region!);
        expect(code.length, `${path} ${region}`).toBeGreaterThan(0);
        expect(shown.eq(i).find('pre').text().trim().split('\n').map((l) => l.trim()), `${path} ${region}`).toEqual(code);
      });
    }
  });

  it('tabulate every ChainValidationCode and SignedData.verify code, each explained', () => {
    const chain = tableRows('/docs/guides/troubleshooting', 'certificate-path-validation');
    const members = Object.entries(pkijs.ChainValidationCode).filter(([, v]) => typeof v === 'number').sort(([, a], [, b]) => (a as number) - (b as number));
    expect(chain.map((r) => [r.Name, Number(r.Code)])).toEqual(members);
    const signed = tableRows('/docs/guides/troubleshooting', 'signeddata-verify-codes');
    expect(signed.map((r) => Number(r.Code))).toEqual(signedDataCodes.map((c) => c.code));
    for (const row of [...chain, ...signed]) {
      expect(row.Meaning!.length, JSON.stringify(row)).toBeGreaterThan(20);
      expect(row['What to do']!.length, JSON.stringify(row)).toBeGreaterThan(15);
    }
    expect(signed.find((r) => r.Code === '3')!.Message).toBe('Unable to find signer certificate');
  });

  it('tabulate every OID of the examples, bundle sizes and the migration diff', () => {
    const oids = tableRows('/docs/guides/oid-reference');
    expect(oids.map((r) => r.OID)).toEqual(Object.values(OIDS).map((o) => o.oid));
    expect(oids.find((r) => r.OID === '2.5.29.17')).toMatchObject({ Name: 'id-ce-subjectAltName', 'Defined in': 'RFC 5280 4.2.1.6', 'Read by': 'AltName', 'pkijs export': 'pkijs.id_SubjectAltName' });
    const sizes = tableRows('/docs/guides/browsers-and-bundlers', 'what-an-import-costs');
    expect(sizes.map((r) => r.Use)).toEqual(bundleSizes.map((s) => s.label));
    expect(sizes.every((r) => /^\d+\.\d kB \([\d,]+ bytes\)$/.test(r.Gzipped!))).toBe(true);
    const removed = tableRows('/docs/guides/migrating-from-2x', 'removed-or-renamed-exports');
    expect(removed.map((r) => r.Export)).toEqual(migration.removedExports.map((e) => e.name));
    const functions = tableRows('/docs/guides/migrating-from-2x', 'changed-functions');
    expect(functions.find((r) => r.Function === 'createECDSASignatureFromCMS')).toMatchObject({ '2.4.0': '(cmsSignature)', '3.3.2': '(cmsSignature, pointSize)' });
  });

  it('tabulate the packaging and API diff of 3.3.2 and 4.0.0, and link the guide where a 3.x reader looks', () => {
    const packaging = tableRows('/docs/guides/migrating-to-4', 'what-the-package-declares');
    expect(packaging.map((r) => [r.Field, r['3.3.2'], r['4.0.0']])).toEqual(migration4.packaging.map((p) => [p.field, p.before, p.after]));
    expect(packaging.find((r) => r.Field === 'peerDependencies: asn1js')).toMatchObject({ '3.3.2': '(none)', '4.0.0': '^4.0.0' });
    const changed = tableRows('/docs/guides/migrating-to-4', 'the-api');
    expect(changed.map((r) => `${r['Declared in']}.${r.Member}`)).toEqual(migration4.changedMembers.map((c) => `${c.owner}.${c.member}`));
    const $ = loadPage('/docs/guides/migrating-to-4');
    expect($('#__pkidocs-content pre').text()).toContain("const pkijs = await import('pkijs');");
    for (const from of ['/docs/installation', '/docs/guides/migrating-from-2x']) {
      expect(loadPage(from)('#__pkidocs-content a[href="/docs/guides/migrating-to-4"]').length, from).toBe(1);
    }
  });

  it('are found by search, their generated table rows included (#30: a reader searches an OID name)', () => {
    const index = readFileSync(join(siteOut(), '_pkidocs/search-index.json'), 'utf8');
    for (const [path] of GUIDES) expect(index, path).toContain(path);
    expect(index).toContain('checkChain');
    expect(index).toContain('pkcs-9-at-localKeyId');
  });
});
