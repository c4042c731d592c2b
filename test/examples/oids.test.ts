// The OID table the examples import and the OID reference guide renders:
// every number against the literal value its RFC gives (never the module's
// own constants), pkijs's own exports against the same numbers, and every
// OID the example code uses present in the table.
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import * as pkijs from 'pkijs';
import { describe, expect, it } from 'vitest';
import { OID, OID_ROWS, OIDS } from '../../content/docs/examples/oids.ts';
import { ROOT } from '../support/cli.ts';

/** From the RFCs (section in the comment); written out here so a wrong digit in oids.ts fails. */
const RFC_VALUES: Record<string, string> = {
  commonName: '2.5.4.3', // RFC 5280 A.1: id-at 3
  country: '2.5.4.6',
  organization: '2.5.4.10',
  emailAddress: '1.2.840.113549.1.9.1', // RFC 2985 5.2.1
  subjectKeyIdentifier: '2.5.29.14', // RFC 5280 4.2.1.2
  keyUsage: '2.5.29.15',
  subjectAltName: '2.5.29.17',
  basicConstraints: '2.5.29.19',
  crlNumber: '2.5.29.20', // RFC 5280 5.2.3
  crlReason: '2.5.29.21', // RFC 5280 5.3.1
  deltaCRLIndicator: '2.5.29.27', // RFC 5280 5.2.4: a delta CRL (a delta CRL marker is refused)
  issuingDistributionPoint: '2.5.29.28', // RFC 5280 5.2.5
  nameConstraints: '2.5.29.30', // RFC 5280 4.2.1.10
  certificatePolicies: '2.5.29.32', // RFC 5280 4.2.1.4
  policyMappings: '2.5.29.33', // RFC 5280 4.2.1.5
  authorityKeyIdentifier: '2.5.29.35',
  policyConstraints: '2.5.29.36', // RFC 5280 4.2.1.11
  inhibitAnyPolicy: '2.5.29.54', // RFC 5280 4.2.1.14
  extKeyUsage: '2.5.29.37',
  authorityInfoAccess: '1.3.6.1.5.5.7.1.1', // RFC 5280 4.2.2.1
  ocspNoCheck: '1.3.6.1.5.5.7.48.1.5', // RFC 6960 4.2.2.2.1
  ocspNonce: '1.3.6.1.5.5.7.48.1.2', // RFC 6960 4.4.1
  anyExtendedKeyUsage: '2.5.29.37.0', // RFC 5280 4.2.1.12
  serverAuth: '1.3.6.1.5.5.7.3.1',
  emailProtection: '1.3.6.1.5.5.7.3.4',
  timeStamping: '1.3.6.1.5.5.7.3.8',
  documentSigning: '1.3.6.1.5.5.7.3.36', // RFC 9336 3
  ocspSigning: '1.3.6.1.5.5.7.3.9',
  ocspAccess: '1.3.6.1.5.5.7.48.1',
  ocspBasic: '1.3.6.1.5.5.7.48.1.1', // RFC 6960 4.2.1
  data: '1.2.840.113549.1.7.1', // RFC 5652 4
  signedData: '1.2.840.113549.1.7.2',
  envelopedData: '1.2.840.113549.1.7.3',
  authEnvelopedData: '1.2.840.113549.1.9.16.1.23', // RFC 5083 2.1
  tstInfo: '1.2.840.113549.1.9.16.1.4', // RFC 3161 2.4.2
  contentType: '1.2.840.113549.1.9.3', // RFC 5652 11
  messageDigest: '1.2.840.113549.1.9.4',
  signingTime: '1.2.840.113549.1.9.5',
  signingCertificate: '1.2.840.113549.1.9.16.2.12', // RFC 2634 5.4
  signingCertificateV2: '1.2.840.113549.1.9.16.2.47', // RFC 5035
  extensionRequest: '1.2.840.113549.1.9.14', // RFC 2985
  friendlyName: '1.2.840.113549.1.9.20',
  localKeyId: '1.2.840.113549.1.9.21',
  pkcs8ShroudedKeyBag: '1.2.840.113549.1.12.10.1.2', // RFC 7292 4.2
  certBag: '1.2.840.113549.1.12.10.1.3',
  testPolicyOne: '1.3.6.1.5.5.7.13.1', // RFC 7229 2: id-TEST-certPolicyOne
  sha1: '1.3.14.3.2.26', // RFC 3279 2.1
  sha256: '2.16.840.1.101.3.4.2.1', // RFC 5754
  sha384: '2.16.840.1.101.3.4.2.2',
  sha512: '2.16.840.1.101.3.4.2.3',
  rsaEncryption: '1.2.840.113549.1.1.1', // RFC 8017 A.1
  ecPublicKey: '1.2.840.10045.2.1', // RFC 5480 2.1.1
  ecdsaWithSHA256: '1.2.840.10045.4.3.2', // RFC 5758 3.2
  pbes2: '1.2.840.113549.1.5.13', // RFC 8018 A.4
  pbkdf2: '1.2.840.113549.1.5.12', // RFC 8018 A.2
  p256: '1.2.840.10045.3.1.7', // RFC 5480 2.1.1.1
  p384: '1.3.132.0.34',
  p521: '1.3.132.0.35',
};

const EXAMPLES = path.join(ROOT, 'content/docs/examples');
const exampleCode = readdirSync(EXAMPLES, { recursive: true, encoding: 'utf8' })
  .filter((f) => f.endsWith('.ts') && f !== 'oids.ts')
  .map((f) => readFileSync(path.join(EXAMPLES, f), 'utf8'))
  .join('\n');

describe('the OID table', () => {
  it('holds the value each RFC gives, for every OID', () => {
    expect(OID).toEqual(RFC_VALUES);
  });

  it('agrees with the constants pkijs exports, where it has one', () => {
    const constants = Object.values(OIDS).filter((e) => 'constant' in e);
    expect(constants.length).toBeGreaterThan(15);
    for (const entry of constants) expect((pkijs as unknown as Record<string, string>)[entry.constant], entry.constant).toBe(entry.oid);
  });

  it('has every OID the example code names: each OID.x, each pkijs.id_* constant, no literal elsewhere', () => {
    for (const [, key] of exampleCode.matchAll(/\bOID\.(\w+)/g)) expect(Object.keys(OIDS), `OID.${key}`).toContain(key);
    const used = new Set([...exampleCode.matchAll(/\bpkijs\.(id_\w+)/g)].map((m) => m[1]));
    const listed = new Set<string>(Object.values(OIDS).flatMap((e) => ('constant' in e ? [e.constant] : [])));
    expect([...used].filter((c) => !listed.has(c!))).toEqual([]);
    // And no OID written out as a string anywhere else in the example code.
    expect(exampleCode.match(/'\d+\.\d+(\.\d+)+'/g)).toBeNull();
  });

  it('gives each row a name, a specification and a reading pkijs class that exists', () => {
    expect(OID_ROWS).toHaveLength(Object.keys(RFC_VALUES).length);
    for (const row of OID_ROWS) {
      expect(row.name, row.key).toMatch(/^[\w-]+$/);
      expect(row.spec, row.key).toMatch(/^RFC \d{4} /);
      const classes = row.readBy.replace(/\(.*?\)/g, '').split(/,|→/).map((s) => s.trim()).filter(Boolean);
      expect(classes.length, row.key).toBeGreaterThan(0);
      for (const name of classes) expect(typeof (pkijs as unknown as Record<string, unknown>)[name], `${row.key}: ${name}`).toBe('function');
    }
  });
});
