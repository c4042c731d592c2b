// Attack suite, revocation: checkOcspResponse and validateChainWithOcsp of the
// OCSP responses example, and checkCertificateAgainstCrl of the CRL example,
// against the answers an attacker can forge or replay. `openssl ocsp`,
// `openssl verify -crl_check` and `openssl crl` judge where they can.
import * as asn1js from 'asn1js';
import * as pkijs from 'pkijs';
import { beforeAll, describe, expect, it } from 'vitest';
import { certificateToPem } from '../../../content/docs/examples/certificates-and-revocation/create-and-validate-certificate.ts';
import { checkCertificateAgainstCrl, createCrl, crlToPem } from '../../../content/docs/examples/certificates-and-revocation/creating-and-parsing-CRLs.ts';
import { createOcspRequest, ocspRequestToDer } from '../../../content/docs/examples/certificates-and-revocation/working-with-OCSP-requests.ts';
import {
  checkOcspResponse, createOcspResponse, createResponderCertificate, parseOcspResponse, validateChainWithOcsp, type StatusLookup,
} from '../../../content/docs/examples/certificates-and-revocation/working-with-OCSP-responses.ts';
import { OID, createCertificateAuthority, issueCertificate, makeExtension, type KeyAndCertificate } from '../../../content/docs/examples/example-helpers.ts';
import { useOpensslFolder } from '../support/openssl.ts';
import { PKIJS_4 } from '../support/release.ts';
import { createCast, forgeCertificate, type Cast } from './fixture.ts';

const openssl = useOpensslFolder();
let cast: Cast;
let responder: KeyAndCertificate;
let request: pkijs.OCSPRequest;
const good: StatusLookup = () => ({ status: 'good' });
const revoked: StatusLookup = () => ({ status: 'revoked', revokedAt: new Date(Date.now() - 3_600_000), reason: 'keyCompromise' });

/** The example responder's answer, signed by `signer`, for `forRequest`; written to `<name>.resp` for openssl. */
async function answer(name: string, signer: KeyAndCertificate, lookup = good, forRequest = request): Promise<pkijs.BasicOCSPResponse> {
  const response = await createOcspResponse(forRequest, cast.intermediate.certificate, signer, lookup);
  const der = response.toSchema().toBER(false);
  openssl.write(`${name}.resp`, der);
  return parseOcspResponse(der);
}

const check = (basic: pkijs.BasicOCSPResponse, now?: Date) =>
  checkOcspResponse(basic, request, cast.server.certificate, cast.intermediate.certificate, now);

/** `openssl ocsp` verifying `<name>.resp` against request.req, with the root as trust anchor. */
const opensslOcsp = (name: string, requestFile = 'request.req') => openssl.run('ocsp', '-reqin', requestFile, '-respin', `${name}.resp`,
  '-CAfile', 'root.pem', '-verify_other', 'intermediate.pem', '-issuer', 'intermediate.pem', '-resp_text');

beforeAll(async () => {
  cast = await createCast();
  responder = await createResponderCertificate(cast.intermediate);
  request = await createOcspRequest(cast.server.certificate, cast.intermediate.certificate);
  openssl.write('request.req', ocspRequestToDer(request));
  openssl.write('root.pem', certificateToPem(cast.root.certificate));
  openssl.write('intermediate.pem', certificateToPem(cast.intermediate.certificate));
  openssl.write('server.pem', certificateToPem(cast.server.certificate));
});

describe('attack: OCSP answers given to checkOcspResponse', () => {
  it('accepts the genuine responder\'s answer, as OpenSSL does (the control)', async () => {
    const basic = await answer('genuine', responder);
    expect((await check(basic)).status).toBe('good');
    const result = await opensslOcsp('genuine');
    expect(result.output).toContain('Response verify OK');
    expect(result.output).toMatch(/Cert Status: good/);
  });

  it('refuses a responder that carries only anyExtendedKeyUsage (bypass 4, RFC 6960 4.2.2.2)', async () => {
    const anyEku = await issueCertificate(cast.intermediate, {
      subject: { commonName: 'Any-purpose responder' }, keyUsage: ['digitalSignature'], extendedKeyUsage: [OID.anyExtendedKeyUsage],
    });
    const basic = await answer('any-eku', anyEku);
    const result = await opensslOcsp('any-eku');
    expect(result.output).toMatch(/missing ocspsigning usage/i);
    expect(result.output).not.toContain('Response verify OK');
    await expect(check(basic)).rejects.toThrow(/not authori[sz]ed/);
  });

  it('refuses a self-signed signer beside the attached genuine intermediate, which BasicOCSPResponse.verify accepts (bypass 2)', async () => {
    const attacker = await createCertificateAuthority({ commonName: 'Example OCSP Responder', organization: 'Example Ltd' });
    const basic = await answer('self-signed', attacker);
    basic.certs = [attacker.certificate, cast.intermediate.certificate];
    // pkijs 3.3.2 validates the last attached certificate, not the signer; 4.0.0 validates the signer's own chain.
    if (PKIJS_4) await expect(basic.verify({ trustedCerts: [cast.root.certificate] })).rejects.toThrow('No valid certificate paths found');
    else expect(await basic.verify({ trustedCerts: [cast.root.certificate] })).toBe(true);
    await expect(check(basic)).rejects.toThrow(/not authori[sz]ed/);
    const wrapped = new pkijs.OCSPResponse({
      responseStatus: new asn1js.Enumerated({ value: 0 }),
      responseBytes: new pkijs.ResponseBytes({
        responseType: pkijs.id_PKIX_OCSP_Basic, response: new asn1js.OctetString({ valueHex: basic.toSchema().toBER(false) }),
      }),
    });
    openssl.write('self-signed.resp', wrapped.toSchema().toBER(false));
    const result = await opensslOcsp('self-signed');
    expect(result.output).toContain('Response Verify Failure');
  });

  it('refuses a responder with id-kp-OCSPSigning issued by another CA under the genuine CA\'s name', async () => {
    const forged = await forgeCertificate(cast.attackerRoot, cast.intermediate.certificate, {
      subject: { commonName: 'Example OCSP Responder' }, keyUsage: ['digitalSignature'], extendedKeyUsage: [OID.ocspSigning],
      extensions: [makeExtension(OID.ocspNoCheck, false, new asn1js.Null())],
    });
    const basic = await answer('forged-responder', forged);
    expect((await opensslOcsp('forged-responder')).output).toContain('Response Verify Failure');
    await expect(check(basic)).rejects.toThrow(/not authori[sz]ed/);
  });

  it('refuses an answer to another request (wrong nonce), as OpenSSL does', async () => {
    const other = await createOcspRequest(cast.server.certificate, cast.intermediate.certificate);
    const basic = await answer('other-nonce', responder, good, other);
    expect((await opensslOcsp('other-nonce')).output).toContain('Nonce Verify error');
    await expect(check(basic)).rejects.toThrow(/nonce/);
  });

  it('refuses an answer without the nonce that the request carried', async () => {
    const bare = await createOcspRequest(cast.server.certificate, cast.intermediate.certificate);
    bare.tbsRequest.requestExtensions = undefined;
    const basic = await answer('no-nonce', responder, good, bare);
    // OpenSSL only warns here ("WARNING: no nonce in response"); the example is stricter on purpose.
    expect((await opensslOcsp('no-nonce')).output).toMatch(/no nonce in response/i);
    await expect(check(basic)).rejects.toThrow(/nonce/);
  });

  it('refuses a replayed answer after its nextUpdate, and one from the future', async () => {
    const basic = await answer('stale', responder);
    await expect(check(basic, new Date(Date.now() + 2 * 3_600_000))).rejects.toThrow(/not current/);
    await expect(check(basic, new Date(Date.now() - 3_600_000))).rejects.toThrow(/not (current|authori[sz]ed)/);
  });
});

describe('attack: OCSP answers and CRLs given to path validation', () => {
  let crls: pkijs.CertificateRevocationList[];
  const received = () => [cast.server.certificate, cast.intermediate.certificate];

  beforeAll(async () => {
    const revoking = await createCrl(cast.intermediate, {
      crlNumber: 1, validHours: 24, revocations: [{ serialNumber: cast.server.certificate.serialNumber, revokedAt: new Date(Date.now() - 60_000), reason: 'keyCompromise' }],
    });
    crls = [revoking, await createCrl(cast.root, { crlNumber: 1, validHours: 24, revocations: [] })];
    openssl.write('crls.pem', crls.map(crlToPem).join(''));
  });

  it('refuses an attacker-signed "good" answer beside a revoking CRL, which the engine alone accepts (bypass 3)', async () => {
    const attacker = await createCertificateAuthority({ commonName: 'Example OCSP Responder' });
    const forgedGood = await answer('attacker-good', attacker);
    // What security.md used to teach: pass the answers in. pkijs reads the status and skips the CRL:
    const engine = new pkijs.CertificateChainValidationEngine({
      certs: [cast.intermediate.certificate, cast.server.certificate], trustedCerts: [cast.root.certificate], crls, ocsps: [forgedGood],
    });
    expect((await engine.verify()).result).toBe(true);
    // OpenSSL, given the CRLs, says revoked.
    const verdict = await openssl.run('verify', '-crl_check_all', '-CRLfile', 'crls.pem', '-CAfile', 'root.pem', '-untrusted', 'intermediate.pem', 'server.pem');
    expect(verdict.output).toMatch(/certificate revoked/);
    await expect(validateChainWithOcsp({ received: received(), trustAnchors: [cast.root.certificate], crls },
      [{ response: forgedGood, request, certificate: cast.server.certificate, issuer: cast.intermediate.certificate }]))
      .rejects.toThrow(/not authori[sz]ed/);
  });

  it('uses genuine answers: "good" validates, "revoked" fails with code 12', async () => {
    const evidence = (response: pkijs.BasicOCSPResponse) =>
      [{ response, request, certificate: cast.server.certificate, issuer: cast.intermediate.certificate }];
    const rootCrl = crls.slice(1);
    const fine = await validateChainWithOcsp({ received: received(), trustAnchors: [cast.root.certificate], crls: rootCrl },
      evidence(await answer('genuine-good', responder)));
    expect(fine.result).toBe(true);
    const refused = await validateChainWithOcsp({ received: received(), trustAnchors: [cast.root.certificate], crls: rootCrl },
      evidence(await answer('genuine-revoked', responder, revoked)));
    expect(refused).toMatchObject({ result: false, resultCode: 12 });
  });

  it('checkCertificateAgainstCrl refuses a CRL signed by another key under the issuer\'s name, as openssl crl does', async () => {
    const impostor = { certificate: cast.intermediate.certificate, privateKey: cast.attackerRoot.privateKey };
    const forgedCrl = await createCrl(impostor, { crlNumber: 2, validHours: 24, revocations: [] }); // "nothing is revoked"
    openssl.write('forged.crl', crlToPem(forgedCrl));
    const verdict = await openssl.run('crl', '-in', 'forged.crl', '-CAfile', 'intermediate.pem', '-noout');
    expect(verdict.output).toMatch(/verify failure/i);
    const result = await checkCertificateAgainstCrl(forgedCrl, cast.intermediate.certificate, cast.server.certificate);
    expect(result.signatureValid).toBe(false);
  });

  it('checkCertificateAgainstCrl refuses a CRL from an issuer not allowed to sign CRLs, and a stale one', async () => {
    const endEntity = await issueCertificate(cast.intermediate, { subject: { commonName: 'Example Issuing CA' }, keyUsage: ['digitalSignature'] });
    const crl = await createCrl(endEntity, { crlNumber: 3, validHours: 24, revocations: [] });
    expect((await checkCertificateAgainstCrl(crl, endEntity.certificate, cast.server.certificate)).signatureValid).toBe(false);
    const genuine = crls[0]!;
    const later = await checkCertificateAgainstCrl(genuine, cast.intermediate.certificate, cast.server.certificate, new Date(Date.now() + 48 * 3_600_000));
    expect(later).toMatchObject({ signatureValid: true, current: false, revoked: true });
  });
});
