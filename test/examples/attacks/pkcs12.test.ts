// Attack suite, PKCS#12: readPkcs12 of the PKCS#12 example given a file whose
// contents nothing ties to the password. The attacker plants their own key
// and certificate, unencrypted, in the layout the example writes, and either
// leaves the MAC out or computes it with a password of their own. The reader
// opens the file with the genuine password. `openssl pkcs12` judges the
// wrong-password MAC; for a file without a MAC it only warns.
import * as asn1js from 'asn1js';
import * as pkijs from 'pkijs';
import { beforeAll, describe, expect, it } from 'vitest';
import { issueCertificate } from '../../../content/docs/examples/example-helpers.ts';
import { createPkcs12, readPkcs12 } from '../../../content/docs/examples/other/working-with-PKCS-12-files.ts';
import { useOpensslFolder } from '../support/openssl.ts';
import { SERVER_PROFILE, createCast, type Cast } from './fixture.ts';
import { plantedContents } from './pkcs12-fixture.ts';

const openssl = useOpensslFolder();
const PASSWORD = 'correct horse battery staple';
let cast: Cast;
let planted: pkijs.AuthenticatedSafe;

/** `openssl pkcs12 -info -nokeys` with the genuine password. */
const opensslInfo = (file: string) => openssl.run('pkcs12', '-in', file, '-info', '-nokeys', '-passin', `pass:${PASSWORD}`);

beforeAll(async () => {
  cast = await createCast();
  planted = (await plantedContents()).authenticatedSafe;
});

describe('attack: a PKCS#12 file not protected by the password, given to readPkcs12', () => {
  it('reads the example\'s own file, as OpenSSL does (the control)', async () => {
    const der = await createPkcs12(await issueCertificate(cast.root, { ...SERVER_PROFILE, extractable: true }), { password: PASSWORD, friendlyName: 'server', iterations: 1000 });
    openssl.write('genuine.p12', der);
    expect((await opensslInfo('genuine.p12')).code).toBe(0);
    expect((await readPkcs12(der, PASSWORD)).privateKeys).toHaveLength(1);
  });

  it('refuses a file whose MAC was computed with another password, as OpenSSL does', async () => {
    const pfx = new pkijs.PFX({ parsedValue: { integrityMode: 0, authenticatedSafe: planted } });
    await pfx.makeInternalValues({ password: new TextEncoder().encode('the attacker\'s').buffer, iterations: 2048, pbkdf2HashAlgorithm: { name: 'SHA-256' }, hmacHashAlgorithm: 'SHA-256' });
    const der = pfx.toSchema().toBER(false);
    openssl.write('wrong-mac.p12', der);
    const verdict = await opensslInfo('wrong-mac.p12');
    expect(verdict.code).not.toBe(0);
    expect(verdict.output).toMatch(/Mac verify error/);
    await expect(readPkcs12(der, PASSWORD)).rejects.toThrow('Integrity for the PKCS#12 data is broken!');
  });

  it('refuses a file with no MAC at all (integrity mode none), which OpenSSL reads with a warning', async () => {
    const authSafe = new pkijs.ContentInfo({ contentType: pkijs.id_ContentType_Data, content: new asn1js.OctetString({ valueHex: planted.toSchema().toBER(false) }) });
    const der = new pkijs.PFX({ version: 3, authSafe }).toSchema().toBER(false);
    expect(pkijs.PFX.fromBER(der).macData).toBeUndefined();
    openssl.write('no-mac.p12', der);
    const verdict = await opensslInfo('no-mac.p12');
    // OpenSSL 3.0 warns on stderr and goes on: exit 0, the planted certificate printed.
    expect(verdict.code).toBe(0);
    expect(verdict.stderr).toContain('Warning: MAC is absent!');
    expect(verdict.stdout).toContain('subject=CN = www.example.com');
    await expect(readPkcs12(der, PASSWORD)).rejects.toThrow('The PKCS#12 file has no password MAC (no macData): anyone could have written its contents, so refusing to read them');
  });
});
