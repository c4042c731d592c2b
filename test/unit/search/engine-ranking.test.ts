// The engine's ranking rules (#30) on a small index made for each rule: a
// site note weighed as the symbol it is about, aliases of several words, and
// sections that dump output or a whole listing ranked below the prose.
import { describe, expect, it } from 'vitest';
import { flatten, SearchEngine } from '../../../client/search/engine.ts';
import { pageSections } from '../../../src/search/page-rows.ts';
import { expandIndex, type PageRow, type SearchIndexData } from '../../../src/shared/search-index.ts';

function engine(pages: PageRow[], items: SearchIndexData['items'] = []): SearchEngine {
  return new SearchEngine(expandIndex({ v: 2, apiBase: '/docs/api', items, pages }));
}

const order = (e: SearchEngine, query: string) => flatten(e.grouped(query)).map((h) => h.record.href);

describe('search ranking rules', () => {
  it('weighs a site note on a method as that method: a question of several words finds the guide first', () => {
    const e = engine(
      [
        ['/docs/guides/revocation', 'Revocation', 'docs', [['check-the-status-before-trusting-it', 'Check the status before trusting it', 'Verify the status answer against its signer before you use it: a forged answer is easy to make.']]],
        ['/docs/api/classes/StatusAnswer', 'StatusAnswer', 'docs', [['verify', 'Site note on StatusAnswer.verify()', 'It checks the signature only.']]],
      ],
      [['c', 'StatusAnswer', 'An answer about a status.', [['m', 'verify', 'Verifies the answer.']]]],
    );
    expect(order(e, 'verify status answer')[0]).toBe('/docs/guides/revocation#check-the-status-before-trusting-it');
  });

  it('finds a section by an alias of several words: SAN is "subject alternative name"', () => {
    const e = engine([
      ['/docs/examples/requests', 'Requests', 'examples', [
        ['create', 'Create the request', 'Put the subject alternative name of the server into the request as an extension.'],
        ['keys', 'Make the keys', 'Generate a key pair for the request, then add the subject and the name.'],
      ]],
    ]);
    expect(order(e, 'add SAN to request')[0]).toBe('/docs/examples/requests#create');
  });

  it('ranks the step that answers above the output and the full listing that hold the same words', () => {
    const block = (lang: string, code: string) => `<div class="code-block" data-lang="${lang}"><pre><code>${code}</code></pre></div>`;
    const html = [
      '<h2 id="decrypt">Decrypt</h2><p>Pass the EC certificate and the private key of the recipient.</p>',
      block('ts', 'const plain = await enveloped.decrypt(0, { recipientPrivateKey });'),
      '<h2 id="output">The decrypt output</h2><p>Decrypt with an EC certificate (a P-256 EC certificate, or a P-384 EC certificate) and the recipient private key, then decrypt again, prints:</p>',
      block('text', 'recipient: EC certificate, decrypt OK'),
      block('bash', 'openssl cms -decrypt -in message.der'),
      '<h2 id="listing">Everything</h2>',
      block('ts', '// Decrypt with an EC certificate and the recipient private key\nconst plain = await enveloped.decrypt(0, { recipientPrivateKey: ecKey });'),
    ].join('\n');
    const toc = ['decrypt', 'output', 'listing'].map((id) => ({ id, text: id === 'decrypt' ? 'Decrypt' : id === 'output' ? 'The decrypt output' : 'Everything', depth: 2 as const }));
    const sections = pageSections(html, toc);
    expect(sections.filter((s) => s[0]).map((s) => [s[0], s[5] ?? 0])).toEqual([['decrypt', 0], ['output', 1], ['listing', 1]]);
    const e = engine([['/docs/examples/cms', 'CMS', 'examples', sections]]);
    expect(order(e, 'decrypt with EC certificate')[0]).toBe('/docs/examples/cms#decrypt');
  });

  it('knows the words PKI uses for one another: verify a chain is validate a path, parse a file is read it', () => {
    const e = engine([
      ['/docs/examples/certs', 'Certificates', 'examples', [
        ['validate-the-path', 'Validate the path', 'Validate the path from the end-entity certificate up to a trusted root.'],
        ['verify-a-signature', 'Verify a signature', 'Verify the signature on a message with the public key of a certificate.'],
        ['read-the-file', 'Read the file', 'Read a PKCS#12 file with the password it was made with.'],
        ['make-the-file', 'Make the file', 'Make a PKCS#12 file that holds a key and its certificate.'],
      ]],
    ]);
    expect(order(e, 'verify certificate chain')[0]).toBe('/docs/examples/certs#validate-the-path');
    expect(order(e, 'load p12 file')[0]).toBe('/docs/examples/certs#read-the-file');
  });

  it('searches an identifier that nothing holds by its camelCase parts and their aliases: GCMParams finds GCMParameters', () => {
    const e = engine(
      [
        ['/docs/examples/cms', 'CMS', 'examples', [
          ['common-pitfalls', 'Common pitfalls', 'pkijs writes the AES-GCM parameters as a bare IV, not as the GCMParameters structure of RFC 5084.'],
          ['encrypt', 'Encrypt', 'Pick the content algorithm and its parameters, then encrypt.'],
        ]],
      ],
      [['c', 'KeyStore', 'Keeps keys.', [['m', 'open', 'Opens the store with the given parameters.']]]],
    );
    // Only the section that holds both parts: "parameters" alone is half of the name, no answer.
    expect(order(e, 'GCMParams')).toEqual(['/docs/examples/cms#common-pitfalls']);
    // A name the index holds is not split: SignedData does not find "signed" and "data" apart.
    const named = engine([['/docs/guides/g', 'Guide', 'docs', [['a', 'A', 'The signed data of a message.'], ['b', 'B', 'A SignedData holds signers.']]]]);
    expect(order(named, 'SignedData')).toEqual(['/docs/guides/g#b']);
  });
});
