// The search engine on the real site's index (#30): aliases, ranking by how
// many query words a hit holds, errors quoted late in a section, generated
// table rows, task verbs, and names called in code.
import { beforeAll, describe, expect, it } from 'vitest';
import { loadModel, readPages } from '../../bench/search-input.ts';
import { flatten, SearchEngine } from '../../client/search/engine.ts';
import { buildSearchIndex } from '../../src/search/build-index.ts';
import { expandIndex } from '../../src/shared/search-index.ts';
import { realSite } from '../e2e/support/site.ts';

describe('ranking on the real index', () => {
  let engine: SearchEngine;
  const top = (q: string, n = 3) => flatten(engine.grouped(q)).slice(0, n).map((h) => h.record.href);
  beforeAll(async () => {
    engine = new SearchEngine(expandIndex(buildSearchIndex(await loadModel(), readPages(realSite()))));
  }, 120_000);

  it('finds a page by any of the names of its subject', () => {
    for (const q of ['pfx file', 'p12 file', 'PKCS#12']) expect(top(q).join(' '), q).toContain('/docs/examples/other/working-with-PKCS-12-files');
    // PKCS#10 is the CSR, the CertificationRequest class: the alias table says so.
    expect(top('parse pkcs10', 5).join(' ')).toContain('/docs/examples/certificates-and-revocation/working-with-certificate-requests');
  });

  it('ranks by how many query words a hit holds: "public key from certificate" shows Certificate.getPublicKey', () => {
    expect(top('public key from certificate', 20)).toContain('/docs/api/classes/Certificate#getpublickey');
  });

  it('finds an error quoted late in a section', () => {
    expect(top('Unable to create WebCrypto object', 1)).toEqual(['/docs/guides/troubleshooting#no-crypto-engine']);
  });

  it('finds a generated table row: SignedData verify code 2', () => {
    expect(top('no certificates attached to this signed data')).toContain('/docs/guides/troubleshooting#signeddata-verify-codes');
  });

  it('lifts the section that does a task over bare API names', () => {
    expect(top('decrypt EnvelopedData', 1)).toEqual(['/docs/examples/signing-and-encryption-with-CMS/working-with-CMS-certificate-based-encryption#decrypt']);
    expect(top('create OCSP request', 1)).toEqual(['/docs/examples/certificates-and-revocation/working-with-OCSP-requests#create-the-request']);
  });

  it('finds the example that calls a method, below the method itself', () => {
    // getRandomValues is named in no prose, only called in the examples' code.
    const hits = flatten(engine.grouped('getRandomValues'));
    expect(hits[0]!.record.group).toBe('api');
    expect(hits.map((h) => h.record.href)).toContain('/docs/examples/certificates-and-revocation/working-with-OCSP-requests#create-the-request');
  });
});
