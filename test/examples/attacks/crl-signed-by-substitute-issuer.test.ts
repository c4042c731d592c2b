// Attack suite: a CRL that an attacker signed, checked with a certificate the
// attacker sent. pkijs 3.3.2's chain engine verifies each CRL with ANY
// certificate it was handed whose subject is the CRL's issuer name, not with
// the issuer in the validated path. A thief of the server's (revoked) key
// sends, after the genuine chain, a self-made CA certificate named like the
// genuine issuing CA, and serves (plain-HTTP CRL fetch) an empty CRL signed by
// its key: validateChain with CRLs then trusts the revoked server.
// `openssl verify -crl_check_all` judges.
import { beforeAll, describe, expect, it } from 'vitest';
import { validateChain } from '../../../content/docs/examples/certificates-and-revocation/create-and-validate-certificate.ts';
import { createCrl, crlToPem } from '../../../content/docs/examples/certificates-and-revocation/creating-and-parsing-CRLs.ts';
import { createCertificateAuthority, type KeyAndCertificate } from '../../../content/docs/examples/example-helpers.ts';
import { useOpensslFolder } from '../support/openssl.ts';
import { createCast, opensslVerify, type Cast } from './fixture.ts';
import type * as pkijs from 'pkijs';

const openssl = useOpensslFolder();
let cast: Cast;
/** The attacker's own CA, with the genuine issuing CA's name. */
let lookalike: KeyAndCertificate;
/** The root's CRL: it lists nothing, so the intermediate is good. */
let rootCrl: pkijs.CertificateRevocationList;

beforeAll(async () => {
  cast = await createCast();
  lookalike = await createCertificateAuthority({ commonName: 'Example Issuing CA', organization: 'Example Ltd' });
  rootCrl = await createCrl(cast.root, { crlNumber: 3, validHours: 24, revocations: [] });
});

/** The example's verdict and `openssl verify -crl_check_all`'s on the chain `received`, with `crls`. */
async function verdicts(received: pkijs.Certificate[], crls: pkijs.CertificateRevocationList[]): Promise<{ example: boolean; openssl: string }> {
  openssl.write('crls.pem', crls.map(crlToPem).join(''));
  const result = await opensslVerify(openssl, [cast.root.certificate], received, ['-crl_check_all', '-CRLfile', 'crls.pem']);
  return { example: (await validateChain({ received, trustAnchors: [cast.root.certificate], crls })).result, openssl: result.output };
}

describe('attack: a CRL signed by a look-alike of the issuing CA, given to validateChain', () => {
  it('refuses the server revoked by the genuine issuing CA\'s CRL, as OpenSSL does (the control)', async () => {
    const revoking = await createCrl(cast.intermediate, {
      crlNumber: 5, validHours: 24, revocations: [{ serialNumber: cast.server.certificate.serialNumber, revokedAt: new Date(Date.now() - 60_000), reason: 'keyCompromise' }],
    });
    const { example, openssl: output } = await verdicts([cast.server.certificate, cast.intermediate.certificate], [revoking, rootCrl]);
    expect(output).toMatch(/certificate revoked/);
    expect(example).toBe(false);
  });

  it('refuses the revoked server cleared by an empty CRL from the look-alike CA it sent along, as OpenSSL does', async () => {
    const forgedCrl = await createCrl(lookalike, { crlNumber: 6, validHours: 24, revocations: [] });
    const received = [cast.server.certificate, cast.intermediate.certificate, lookalike.certificate];
    const { example, openssl: output } = await verdicts(received, [forgedCrl, rootCrl]);
    expect(output).not.toMatch(/leaf\.pem: OK/);
    expect(output).toMatch(/CRL signature failure|unable to get certificate CRL/);
    expect(example).toBe(false);
  });
});
