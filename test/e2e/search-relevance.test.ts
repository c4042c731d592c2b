// The relevance suite: real queries typed into the search dialog of the real
// site in Chromium, each with the result it must show in the first 1 or 3
// places (the listbox order: groups as ranked, results within them). Every
// expected link is checked to be a real page with that anchor.
import { beforeAll, describe, expect, it } from 'vitest';
import type { TestPage } from './support/browser.ts';
import { answerExists, openSearch, resultsFor } from './support/search.ts';
import { realSite, serveSite } from './support/site.ts';

/** [query, expected href, the rank it may have at worst] */
const RELEVANCE: [string, string, 1 | 3][] = [
  // Exact names
  ['OCSPResponse', '/docs/api/classes/OCSPResponse', 1],
  ['SignerInfo', '/docs/api/classes/SignerInfo', 1],
  ['AlgorithmIdentifier', '/docs/api/classes/AlgorithmIdentifier', 1],
  ['TSTInfo', '/docs/api/classes/TSTInfo', 1],
  ['TimeStampReq', '/docs/api/classes/TimeStampReq', 1],
  ['PKIStatus', '/docs/api/enumerations/PKIStatus', 1],
  ['getCrypto', '/docs/api/globals#getcrypto', 1],
  ['setEngine', '/docs/api/globals#setengine', 1],
  ['CertificateChainValidationEngine', '/docs/api/classes/CertificateChainValidationEngine', 1],
  // Prefixes
  ['Certificat', '/docs/api/classes/Certificate', 1],
  ['OCSPResp', '/docs/api/classes/OCSPResponse', 1],
  // Members: dotted, spaced, camel initials
  ['SignedData.verify', '/docs/api/classes/SignedData#verify', 1],
  ['SignedData verify', '/docs/api/classes/SignedData#verify', 1],
  ['sd.verify', '/docs/api/classes/SignedData#verify', 1],
  ['Certificate.verify', '/docs/api/classes/Certificate#verify', 1],
  ['EnvelopedData encrypt', '/docs/api/classes/EnvelopedData#encrypt', 1],
  ['OCSPRequest createForCertificate', '/docs/api/classes/OCSPRequest#createforcertificate', 1],
  ['ContentInfo.SIGNED_DATA', '/docs/api/classes/ContentInfo#signed_data', 1],
  ['PublicKeyInfo importKey', '/docs/api/classes/PublicKeyInfo#importkey', 1],
  ['Certificate fromBER', '/docs/api/classes/Certificate#fromber', 1],
  // Typos
  ['Certficate', '/docs/api/classes/Certificate', 1],
  ['EnvelopedDta', '/docs/api/classes/EnvelopedData', 1],
  ['SignedDta', '/docs/api/classes/SignedData', 1],
  // Multi-word prose
  ['webcrypto engine node', '/docs/installation#in-nodejs', 1],
  ['certificate chain validation', '/docs/api/classes/CertificateChainValidationEngine', 3],
  ['install', '/docs/installation', 3],
  ['password based encryption', '/docs/examples/signing-and-encryption-with-CMS/working-with-CMS-password-based-encryption', 1],
  // Example tasks
  ['how do I make a PKCS#12 file', '/docs/examples/other/working-with-PKCS-12-files#create-the-file', 3],
  ['timestamp request', '/docs/examples/timestamping/creating-a-timestamp-request', 1],
  ['CMS signing', '/docs/examples/signing-and-encryption-with-CMS/working-with-CMS-signing', 1],
  ['verify a signature in a PDF', '/docs/examples/other/how-to-verify-a-signature-in-a-PDF-file#verify-each-signature', 3],
  ['S/MIME encryption', '/docs/examples/other/S-MIME-signature-encryption', 1],
  ['create a CRL', '/docs/examples/certificates-and-revocation/creating-and-parsing-CRLs#create-and-sign-the-crl', 3],
  ['certificate signing request', '/docs/examples/certificates-and-revocation/working-with-certificate-requests', 3],
  ['OCSP response example', '/docs/examples/certificates-and-revocation/working-with-OCSP-responses', 3],
  ['P7B', '/docs/examples/signing-and-encryption-with-CMS/working-with-PKCS-7-certificate-bags-P7B', 1],
  // Guides
  ['migrating from 2.x', '/docs/guides/migrating-from-2x', 3],
  ['OID reference', '/docs/guides/oid-reference', 3],
  ['what pkijs leaves to you', '/docs/guides/security', 3],
  ['certs order', '/docs/guides/security#chain-order-the-last-certificate-is-the-one-validated', 3],
  ['bundle size', '/docs/guides/browsers-and-bundlers#what-an-import-costs', 3],
  ['encode flag', '/docs/guides/concepts#toschema-and-the-encode-flag', 3],
  ['no crypto engine', '/docs/guides/troubleshooting#no-crypto-engine', 3],
];

const site = serveSite(realSite);

describe('search relevance', () => {
  let t: TestPage;
  beforeAll(async () => {
    t = await openSearch(site);
  });

  it('has at least 30 queries, each leading to a real page and anchor', () => {
    expect(RELEVANCE.length).toBeGreaterThanOrEqual(30);
    for (const [query, href] of RELEVANCE) expect(answerExists(href), `${query}: ${href}`).toBe(true);
  });

  it.each(RELEVANCE)('%s → %s (rank ≤ %i)', async (query, href, rank) => {
    const results = await resultsFor(t, query);
    const at = results.indexOf(href) + 1;
    expect(at, `${query}: ${results.slice(0, 5).join(', ')}`).toBeGreaterThan(0);
    expect(at, `${query}: ${results.slice(0, 5).join(', ')}`).toBeLessThanOrEqual(rank);
  });
});
