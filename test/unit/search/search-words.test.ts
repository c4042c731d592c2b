// The words of the search engine (#30): PKI names kept whole, aliases as
// data, stop words.
import { describe, expect, it } from 'vitest';
import { indexTerms, queryParts, queryTerms } from '../../../client/search/terms.ts';
import { aliasesOf, ALIASES } from '../../../src/shared/search-words.ts';

describe('query and index words', () => {
  it('keeps PKI names whole as well as in parts', () => {
    expect(indexTerms('Read a PKCS#12 file', 'text')).toEqual(expect.arrayContaining(['pkcs12', 'pkcs', '12']));
    expect(indexTerms('AES-GCM and S/MIME, X.509', 'text')).toEqual(expect.arrayContaining(['aesgcm', 'smime', 'x509']));
    expect(queryTerms('how do I make a PKCS#12 file')).toEqual(['make', 'pkcs12', 'file']);
    expect(queryTerms('SignedData.verify')).toEqual(['signeddata', 'verify']);
  });

  it('drops stop words such as "from" from a query', () => {
    expect(queryTerms('public key from certificate')).toEqual(['public', 'key', 'certificate']);
  });

  it('has an alias table whose groups do not overlap, each word as the index spells it', () => {
    const all = ALIASES.flat();
    expect(new Set(all).size).toBe(all.length);
    for (const word of all) expect(word).toMatch(/^[a-z0-9]+(?: [a-z0-9]+)*$/);
    expect(aliasesOf('p12')).toEqual(['p12', 'pkcs12', 'pfx']);
    expect(aliasesOf('thumbprint')).toEqual(['thumbprint', 'fingerprint']);
    expect(aliasesOf('csr')).toContain('certificationrequest');
    expect(aliasesOf('params')).toEqual(['params', 'parameters']);
  });

  it('gives the camelCase parts of each identifier of a query, by its query word', () => {
    expect(queryParts('GCMParams of a SignedData')).toEqual(new Map([['gcmparams', ['gcm', 'params']], ['signeddata', ['signed', 'data']]]));
    expect(queryParts('verify PKCS#12 X.509 certificate')).toEqual(new Map());
  });
});
