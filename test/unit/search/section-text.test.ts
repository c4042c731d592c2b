// Sections are indexed whole (#30): every word of their prose and generated
// tables, compactly; their code blocks by the pkijs names they call.
import { describe, expect, it } from 'vitest';
import { pageSections } from '../../../src/search/page-rows.ts';
import { calledNames, compactText, HEAD_TEXT } from '../../../src/search/section-text.ts';

const filler = 'The chain is built from the trusted roots and the certificates the message carries. '.repeat(8);

describe('section text', () => {
  it('keeps the opening as text and every later word once, without stop words', () => {
    const [head, more] = compactText(`${filler}It fails with Unable to create WebCrypto object when no engine is set.`);
    expect(head.length).toBeLessThanOrEqual(HEAD_TEXT);
    expect(more.split(' ')).toEqual(expect.arrayContaining(['Unable', 'create', 'WebCrypto', 'object', 'fails', 'engine', 'set']));
    expect(more.split(' ')).not.toContain('with');
    expect(more.split(' ')).not.toContain('chain'); // already in the opening
  });

  it('lists the later words in sorted order: the engine ignores their order, and gzip packs them tighter', () => {
    const [, more] = compactText(`${filler}Verify the signature, then check the certificate against the CRL and the OCSP answer.`);
    expect(more.split(' ')).toEqual([...more.split(' ')].sort());
    expect(more).toBe('CRL OCSP Verify against answer certificate check signature');
  });

  it('keeps PKI names whole and leaves out OID arcs and versions', () => {
    const [, more] = compactText(`${filler}Read a PKCS#12 file with AES-GCM, OID 1.2.840.113549.1.9.16 and pkijs 3.3.2.`);
    expect(more.split(' ')).toEqual(expect.arrayContaining(['PKCS#12', 'AES-GCM']));
    expect(more).not.toMatch(/113549|3\.3\.2/);
  });

  it('finds the functions and methods a code block calls', () => {
    expect(calledNames('const cert = new Certificate(); if (x) await cert.verify(issuer); toPem(cert)')).toEqual(['Certificate', 'verify', 'toPem']);
  });
});

describe('page sections', () => {
  const toc = [{ depth: 2 as const, id: 'codes', text: 'Codes' }, { depth: 2 as const, id: 'run', text: 'Run' }];
  const html = `<h1>T</h1><h2 id="codes">Codes</h2><p>${filler}</p><table class="data-table"><tr><td>2</td><td>No certificates attached to this signed data</td></tr></table>`
    + '<h2 id="run">Run</h2><p>Run it.</p><pre><code>const r = await <span>signedData</span>.verify({ signer: 0 }); localHelper();</code></pre>';

  it('indexes generated table rows after a long text', () => {
    const codes = pageSections(html, toc).find(([anchor]) => anchor === 'codes')!;
    expect(codes[3]!.split(' ')).toEqual(expect.arrayContaining(['attached', 'signed', 'data']));
  });

  it('indexes the pkijs names a code block calls, in its own field', () => {
    const run = pageSections(html, toc, new Set(['verify', 'SignedData'])).find(([anchor]) => anchor === 'run')!;
    expect(run).toEqual(['run', 'Run', 'Run it.', '', 'verify']); // a local helper's name is left out
  });
});
