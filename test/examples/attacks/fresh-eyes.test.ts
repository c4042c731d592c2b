// Attack suite, second look at path validation and revocation: what the first
// suite did not try. pkijs 3.3.2's chain engine never reads pathLenConstraint
// (it does check nameConstraints: the control here), and it consults every SingleResponse of every OCSP answer
// it is handed, for any certificate of the path. `openssl verify` judges each chain.
import * as asn1js from 'asn1js';
import * as pkijs from 'pkijs';
import { beforeAll, describe, expect, it } from 'vitest';
import { PURPOSES, certificateToPem, checkServerChain, validateChain } from '../../../content/docs/examples/certificates-and-revocation/create-and-validate-certificate.ts';
import { createCrl, crlToPem } from '../../../content/docs/examples/certificates-and-revocation/creating-and-parsing-CRLs.ts';
import { createOcspRequest } from '../../../content/docs/examples/certificates-and-revocation/working-with-OCSP-requests.ts';
import { checkOcspResponse, createOcspResponse, parseOcspResponse, validateChainWithOcsp } from '../../../content/docs/examples/certificates-and-revocation/working-with-OCSP-responses.ts';
import {
  issueCertificate, makeExtension, type KeyAndCertificate,
} from '../../../content/docs/examples/example-helpers.ts';
import { validateLeaf } from '../../../content/docs/guides/security.ts';
import { useOpensslFolder } from '../support/openssl.ts';
import { HOST, SERVER_PROFILE, createCast, opensslTrusts, subCa, type Cast } from './fixture.ts';

const openssl = useOpensslFolder();
let cast: Cast;

beforeAll(async () => { cast = await createCast(); });


const anchors = () => [cast.root.certificate];
type Decide = (received: pkijs.Certificate[]) => Promise<boolean>;
const deciders: Array<[string, Decide]> = [
  ['validateChain', async (received) => (await validateChain({ received, trustAnchors: anchors() })).result],
  ['validateLeaf (security guide)', async (received) => (await validateLeaf(received, anchors(), PURPOSES.tlsServer)).result],
  ['checkServerChain', async (received) => (await checkServerChain(received, HOST, anchors())).trusted],
];

describe.each(deciders)('fresh eyes: CA constraints pkijs ignores, sent to %s', (_name, decide) => {
  it('refuses a sub-CA below a CA whose pathLenConstraint is 0', async () => {
    const capped = await subCa(cast.root, 'Capped Issuing CA', 0);
    const rogue = await subCa(capped, 'Rogue Sub CA');
    const leaf = await issueCertificate(rogue, SERVER_PROFILE);
    const received = [leaf.certificate, rogue.certificate, capped.certificate];
    const verdict = await openssl.run('verify', ...(await writeChain(received)));
    expect(verdict.output).toMatch(/path length constraint exceeded/);
    expect(await decide(received)).toBe(false);
  });

  it('still accepts a leaf right below a CA whose pathLenConstraint is 0 (the control)', async () => {
    const capped = await subCa(cast.root, 'Capped Issuing CA', 0);
    const leaf = await issueCertificate(capped, SERVER_PROFILE);
    const received = [leaf.certificate, capped.certificate];
    expect(await opensslTrusts(openssl, anchors(), received)).toBe(true);
    expect(await decide(received)).toBe(true);
  });

  it('refuses a leaf for a host outside the issuing CA\'s name constraints', async () => {
    const permitted = new pkijs.NameConstraints({
      permittedSubtrees: [new pkijs.GeneralSubtree({ base: new pkijs.GeneralName({ type: 2, value: 'example.org' }) })],
    });
    const constrained = await subCa(cast.root, 'Example.org Only CA', undefined, [makeExtension(pkijs.id_NameConstraints, true, permitted.toSchema())]);
    const leaf = await issueCertificate(constrained, SERVER_PROFILE); // www.example.com
    const received = [leaf.certificate, constrained.certificate];
    const verdict = await openssl.run('verify', ...(await writeChain(received)));
    expect(verdict.output).toMatch(/permitted subtree violation/);
    expect(await decide(received)).toBe(false);
  });
});

/** Writes the anchors and the chain; returns `openssl verify` arguments for it. */
async function writeChain(received: pkijs.Certificate[]): Promise<string[]> {
  const [leaf, ...rest] = received;
  openssl.write('anchors.pem', anchors().map(certificateToPem).join(''));
  openssl.write('leaf.pem', certificateToPem(leaf!));
  openssl.write('untrusted.pem', rest.map(certificateToPem).join(''));
  return ['-CAfile', 'anchors.pem', '-untrusted', 'untrusted.pem', 'leaf.pem'];
}

describe('fresh eyes: an OCSP answer that speaks for more than the certificate it was checked for', () => {
  /** An answer signed with `signer`'s key saying "good" for each [certificate, issuer] pair, echoing the request's nonce. */
  async function goodFor(signer: KeyAndCertificate, request: pkijs.OCSPRequest, pairs: Array<[pkijs.Certificate, pkijs.Certificate]>): Promise<pkijs.BasicOCSPResponse> {
    const now = Date.now();
    const responses: pkijs.SingleResponse[] = [];
    for (const [certificate, issuerCertificate] of pairs) {
      const certID = new pkijs.CertID();
      await certID.createForCertificate(certificate, { hashAlgorithm: 'SHA-1', issuerCertificate });
      responses.push(new pkijs.SingleResponse({
        certID, certStatus: new asn1js.Primitive({ idBlock: { tagClass: 3, tagNumber: 0 } }),
        thisUpdate: new Date(now - 60_000), nextUpdate: new Date(now + 3_600_000),
      }));
    }
    const tbsResponseData = new pkijs.ResponseData({
      responderID: signer.certificate.subject, producedAt: new Date(now - 60_000), responses,
      responseExtensions: request.tbsRequest.requestExtensions,
    });
    const basic = new pkijs.BasicOCSPResponse({ tbsResponseData });
    await basic.sign(signer.privateKey, 'SHA-256');
    return pkijs.BasicOCSPResponse.fromBER(basic.toSchema().toBER(false));
  }

  it('refuses a revoked intermediate vouched for by its own (compromised) key in the leaf\'s answer', async () => {
    // The root revoked the issuing CA; whoever holds its key signs a "good" for the leaf and for the CA itself.
    const rootCrl = await createCrl(cast.root, {
      crlNumber: 1, validHours: 24, revocations: [{ serialNumber: cast.intermediate.certificate.serialNumber, revokedAt: new Date(Date.now() - 60_000), reason: 'cACompromise' }],
    });
    const issuingCrl = await createCrl(cast.intermediate, { crlNumber: 1, validHours: 24, revocations: [] });
    openssl.write('crls.pem', [rootCrl, issuingCrl].map(crlToPem).join(''));
    const args = await writeChain([cast.server.certificate, cast.intermediate.certificate]);
    expect((await openssl.run('verify', '-crl_check_all', '-CRLfile', 'crls.pem', ...args)).output).toMatch(/certificate revoked/);

    const request = await createOcspRequest(cast.server.certificate, cast.intermediate.certificate);
    const input = { received: [cast.server.certificate, cast.intermediate.certificate], trustAnchors: anchors(), crls: [rootCrl] };
    const evidence = (response: pkijs.BasicOCSPResponse) => [{ response, request, certificate: cast.server.certificate, issuer: cast.intermediate.certificate }];
    // The control: an answer about the leaf alone leaves the root's CRL to speak, and it says revoked.
    const honest = await goodFor(cast.intermediate, request, [[cast.server.certificate, cast.intermediate.certificate]]);
    expect(await validateChainWithOcsp(input, evidence(honest))).toMatchObject({ result: false, resultCode: 12 });
    // The attack: the same answer with one more SingleResponse, about the intermediate.
    const both = await goodFor(cast.intermediate, request, [
      [cast.server.certificate, cast.intermediate.certificate], [cast.intermediate.certificate, cast.root.certificate],
    ]);
    expect((await validateChainWithOcsp(input, evidence(both))).result).toBe(false);
  });
});

describe('fresh eyes: what checkServerChain, "the whole decision a TLS client makes", leaves out', () => {
  it('refuses a leaf with a critical extension nobody processes, as OpenSSL does', async () => {
    const leaf = await issueCertificate(cast.intermediate, {
      ...SERVER_PROFILE, extensions: [makeExtension('1.3.6.1.4.1.55555.9', true, new asn1js.Utf8String({ value: 'must be understood' }))],
    });
    const received = [leaf.certificate, cast.intermediate.certificate];
    expect(await opensslTrusts(openssl, anchors(), received)).toBe(false);
    expect((await checkServerChain(received, HOST, anchors())).trusted).toBe(false);
  });

  it('refuses a server leaf below a CA whose extended key usage is e-mail only, as openssl verify -purpose sslserver does', async () => {
    const mailCa = await issueCertificate(cast.root, { subject: { commonName: 'Mail-only CA' }, keyUsage: ['keyCertSign', 'cRLSign'], extendedKeyUsage: ['1.3.6.1.5.5.7.3.4'] });
    const leaf = await issueCertificate(mailCa, SERVER_PROFILE);
    const received = [leaf.certificate, mailCa.certificate];
    expect(await opensslTrusts(openssl, anchors(), received)).toBe(true); // no purpose asked: OK
    expect(await opensslTrusts(openssl, anchors(), received, ['-purpose', 'sslserver'])).toBe(false);
    expect((await checkServerChain(received, HOST, anchors())).trusted).toBe(false);
  });
});

describe('fresh eyes: a genuine OCSP answer about another certificate', () => {
  it('checkOcspResponse refuses the responder\'s "good" for a sibling certificate, given for the server\'s', async () => {
    const sibling = await issueCertificate(cast.intermediate, SERVER_PROFILE);
    const request = await createOcspRequest(sibling.certificate, cast.intermediate.certificate);
    const response = await goodAbout(request);
    await expect(checkOcspResponse(response, request, cast.server.certificate, cast.intermediate.certificate)).rejects.toThrow(/different certificate/);
    expect((await checkOcspResponse(response, request, sibling.certificate, cast.intermediate.certificate)).status).toBe('good');
  });
});

/** The example responder (the issuing CA signing its own answers) saying "good" to `request`. */
async function goodAbout(request: pkijs.OCSPRequest): Promise<pkijs.BasicOCSPResponse> {
  const response = await createOcspResponse(request, cast.intermediate.certificate, cast.intermediate, () => ({ status: 'good' }));
  return parseOcspResponse(response.toSchema().toBER(false));
}
