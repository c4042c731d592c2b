// Attack suite: a delegated OCSP responder certificate with a critical
// extension that no one here processes. RFC 5280 4.2 and 6.1.3: such a
// certificate must be refused; the extension may, say, limit the responder to
// some certificates. checkOcspResponse checks the responder's issuer, EKU, key
// usage and dates, never its critical extensions, and takes its "good".
// `openssl ocsp` (which validates the responder's chain) judges.
import * as asn1js from 'asn1js';
import type * as pkijs from 'pkijs';
import { beforeAll, describe, expect, it } from 'vitest';
import { certificateToPem } from '../../../content/docs/examples/certificates-and-revocation/create-and-validate-certificate.ts';
import { createOcspRequest, ocspRequestToDer } from '../../../content/docs/examples/certificates-and-revocation/working-with-OCSP-requests.ts';
import {
  checkOcspResponse, createOcspResponse, createResponderCertificate, parseOcspResponse,
} from '../../../content/docs/examples/certificates-and-revocation/working-with-OCSP-responses.ts';
import { OID, issueCertificate, makeExtension, type KeyAndCertificate } from '../../../content/docs/examples/example-helpers.ts';
import { useOpensslFolder } from '../support/openssl.ts';
import { createCast, type Cast } from './fixture.ts';

const openssl = useOpensslFolder();
let cast: Cast;
let request: pkijs.OCSPRequest;

/** Both verdicts on a "good" answer for the server signed by `signer`: the example's status (or "refused") and `openssl ocsp`'s output. */
async function verdicts(signer: KeyAndCertificate): Promise<{ example: string; openssl: string }> {
  const der = (await createOcspResponse(request, cast.intermediate.certificate, signer, () => ({ status: 'good' }))).toSchema().toBER(false);
  openssl.write('answer.resp', der);
  const result = await openssl.run('ocsp', '-reqin', 'request.req', '-respin', 'answer.resp', '-CAfile', 'root.pem',
    '-verify_other', 'intermediate.pem', '-issuer', 'intermediate.pem', '-resp_text');
  const example = await checkOcspResponse(parseOcspResponse(der), request, cast.server.certificate, cast.intermediate.certificate)
    .then((checked) => checked.status, () => 'refused');
  return { example, openssl: result.output };
}

beforeAll(async () => {
  cast = await createCast();
  request = await createOcspRequest(cast.server.certificate, cast.intermediate.certificate);
  openssl.write('request.req', ocspRequestToDer(request));
  openssl.write('root.pem', certificateToPem(cast.root.certificate));
  openssl.write('intermediate.pem', certificateToPem(cast.intermediate.certificate));
});

describe('attack: an OCSP responder certificate with an unknown critical extension, given to checkOcspResponse', () => {
  it('takes the example responder\'s "good", as OpenSSL does (the control)', async () => {
    const { example, openssl: verdict } = await verdicts(await createResponderCertificate(cast.intermediate));
    expect(verdict).toContain('Response verify OK');
    expect(example).toBe('good');
  });

  it('refuses the "good" of a responder whose certificate carries a critical extension nobody processes, as OpenSSL does', async () => {
    const restricted = await issueCertificate(cast.intermediate, {
      subject: { commonName: 'Example OCSP Responder', organization: 'Example Ltd' },
      keyUsage: ['digitalSignature'], extendedKeyUsage: [OID.ocspSigning], validDays: 30,
      extensions: [makeExtension(OID.ocspNoCheck, false, new asn1js.Null()), makeExtension('1.3.6.1.4.1.55555.2.1', true, new asn1js.Null())],
    });
    const { example, openssl: verdict } = await verdicts(restricted);
    expect(verdict).toMatch(/unhandled critical extension/);
    expect(verdict).not.toContain('Response verify OK');
    expect(example).toBe('refused');
  });
});
