// An abbreviation as the whole query (fresh-eyes review of #30): the alias
// table says CRL is CertificateRevocationList and CSR (or PKCS#10) is
// CertificationRequest, but an alias counts only as a word a hit holds, never
// as the name of a symbol (symbolTier compares the typed word alone). So
// "CRL" lists CRLBag, CRLDistributionPoints and five `crls` properties, and
// neither the class nor the CRL guide is in the top 8; "CSR" and "pkcs10" put
// CertificationRequest#sign first and the class eleventh.
import { beforeAll, describe, expect, it } from 'vitest';
import { loadModel, readPages } from '../../bench/search-input.ts';
import { flatten, SearchEngine } from '../../client/search/engine.ts';
import { buildSearchIndex } from '../../src/search/build-index.ts';
import { expandIndex } from '../../src/shared/search-index.ts';
import { realSite } from '../e2e/support/site.ts';

const CERTS = '/docs/examples/certificates-and-revocation';

describe('an abbreviation finds the symbol or the guide it names', () => {
  let engine: SearchEngine;
  const top = (q: string, n = 3) => flatten(engine.grouped(q)).slice(0, n).map((h) => h.record.href);
  beforeAll(async () => {
    engine = new SearchEngine(expandIndex(buildSearchIndex(await loadModel(), readPages(realSite()))));
  }, 120_000);

  it.each([
    ['CRL', '/docs/api/classes/CertificateRevocationList', `${CERTS}/creating-and-parsing-CRLs`],
    ['CSR', '/docs/api/classes/CertificationRequest', `${CERTS}/working-with-certificate-requests`],
    ['pkcs10', '/docs/api/classes/CertificationRequest', `${CERTS}/working-with-certificate-requests`],
  ])('"%s" shows %s or its guide in the top 3', (query, symbol, guide) => {
    const shown = top(query);
    expect(shown.some((href) => href === symbol || href === guide || href.startsWith(`${guide}#`)), shown.join('\n')).toBe(true);
  });
});
