// Every object identifier the examples use, with its name, the document that
// defines it and the pkijs class that reads it. The examples import `OID`
// from here (through example-helpers.ts); the OID reference guide renders
// `OID_ROWS` as its table, so the page and the code hold the same numbers.
// Plain data only: the site's build evaluates this file in a sandbox.

// #region oids
interface OidEntry {
  oid: string;
  /** The ASN.1 name in the defining document. */
  name: string;
  group: string;
  /** The defining document and section. */
  spec: string;
  /** The pkijs class that reads a value of this OID (or '' when none does). */
  readBy: string;
  /** The pkijs export holding this OID, if pkijs has one; the examples then use it. */
  constant?: string;
}

export const OIDS = {
  // Name attributes (X.520; emailAddress from PKCS #9)
  commonName: { oid: '2.5.4.3', name: 'id-at-commonName', group: 'Name attribute', spec: 'RFC 5280 A.1 (X.520)', readBy: 'AttributeTypeAndValue' },
  country: { oid: '2.5.4.6', name: 'id-at-countryName', group: 'Name attribute', spec: 'RFC 5280 A.1 (X.520)', readBy: 'AttributeTypeAndValue' },
  organization: { oid: '2.5.4.10', name: 'id-at-organizationName', group: 'Name attribute', spec: 'RFC 5280 A.1 (X.520)', readBy: 'AttributeTypeAndValue' },
  emailAddress: { oid: '1.2.840.113549.1.9.1', name: 'pkcs-9-at-emailAddress', group: 'Name attribute', spec: 'RFC 2985 5.2.1', readBy: 'AttributeTypeAndValue' },
  // Certificate and CRL extensions (RFC 5280 4.2, 5.2, 5.3)
  subjectKeyIdentifier: { oid: '2.5.29.14', name: 'id-ce-subjectKeyIdentifier', group: 'Extension', spec: 'RFC 5280 4.2.1.2', readBy: 'Extension (value: asn1js.OctetString)', constant: 'id_SubjectKeyIdentifier' },
  keyUsage: { oid: '2.5.29.15', name: 'id-ce-keyUsage', group: 'Extension', spec: 'RFC 5280 4.2.1.3', readBy: 'Extension (value: asn1js.BitString)', constant: 'id_KeyUsage' },
  subjectAltName: { oid: '2.5.29.17', name: 'id-ce-subjectAltName', group: 'Extension', spec: 'RFC 5280 4.2.1.6', readBy: 'AltName', constant: 'id_SubjectAltName' },
  basicConstraints: { oid: '2.5.29.19', name: 'id-ce-basicConstraints', group: 'Extension', spec: 'RFC 5280 4.2.1.9', readBy: 'BasicConstraints', constant: 'id_BasicConstraints' },
  crlNumber: { oid: '2.5.29.20', name: 'id-ce-cRLNumber', group: 'Extension', spec: 'RFC 5280 5.2.3', readBy: 'Extension (value: asn1js.Integer)', constant: 'id_CRLNumber' },
  crlReason: { oid: '2.5.29.21', name: 'id-ce-cRLReasons', group: 'Extension', spec: 'RFC 5280 5.3.1', readBy: 'Extension (value: asn1js.Enumerated)', constant: 'id_CRLReason' },
  deltaCRLIndicator: { oid: '2.5.29.27', name: 'id-ce-deltaCRLIndicator', group: 'Extension', spec: 'RFC 5280 5.2.4', readBy: 'Extension (value: asn1js.Integer)', constant: 'id_BaseCRLNumber' },
  issuingDistributionPoint: { oid: '2.5.29.28', name: 'id-ce-issuingDistributionPoint', group: 'Extension', spec: 'RFC 5280 5.2.5', readBy: 'IssuingDistributionPoint', constant: 'id_IssuingDistributionPoint' },
  nameConstraints: { oid: '2.5.29.30', name: 'id-ce-nameConstraints', group: 'Extension', spec: 'RFC 5280 4.2.1.10', readBy: 'NameConstraints', constant: 'id_NameConstraints' },
  certificatePolicies: { oid: '2.5.29.32', name: 'id-ce-certificatePolicies', group: 'Extension', spec: 'RFC 5280 4.2.1.4', readBy: 'CertificatePolicies', constant: 'id_CertificatePolicies' },
  policyMappings: { oid: '2.5.29.33', name: 'id-ce-policyMappings', group: 'Extension', spec: 'RFC 5280 4.2.1.5', readBy: 'PolicyMappings', constant: 'id_PolicyMappings' },
  authorityKeyIdentifier: { oid: '2.5.29.35', name: 'id-ce-authorityKeyIdentifier', group: 'Extension', spec: 'RFC 5280 4.2.1.1', readBy: 'AuthorityKeyIdentifier', constant: 'id_AuthorityKeyIdentifier' },
  policyConstraints: { oid: '2.5.29.36', name: 'id-ce-policyConstraints', group: 'Extension', spec: 'RFC 5280 4.2.1.11', readBy: 'PolicyConstraints', constant: 'id_PolicyConstraints' },
  extKeyUsage: { oid: '2.5.29.37', name: 'id-ce-extKeyUsage', group: 'Extension', spec: 'RFC 5280 4.2.1.12', readBy: 'ExtKeyUsage', constant: 'id_ExtKeyUsage' },
  authorityInfoAccess: { oid: '1.3.6.1.5.5.7.1.1', name: 'id-pe-authorityInfoAccess', group: 'Extension', spec: 'RFC 5280 4.2.2.1', readBy: 'InfoAccess', constant: 'id_AuthorityInfoAccess' },
  ocspNoCheck: { oid: '1.3.6.1.5.5.7.48.1.5', name: 'id-pkix-ocsp-nocheck', group: 'Extension', spec: 'RFC 6960 4.2.2.2.1', readBy: 'Extension (value: asn1js.Null)' },
  ocspNonce: { oid: '1.3.6.1.5.5.7.48.1.2', name: 'id-pkix-ocsp-nonce', group: 'Extension', spec: 'RFC 6960 4.4.1', readBy: 'Extension (value: asn1js.OctetString)' },
  // Extended key usages (RFC 5280 4.2.1.12)
  anyExtendedKeyUsage: { oid: '2.5.29.37.0', name: 'anyExtendedKeyUsage', group: 'Extended key usage', spec: 'RFC 5280 4.2.1.12', readBy: 'ExtKeyUsage' },
  inhibitAnyPolicy: { oid: '2.5.29.54', name: 'id-ce-inhibitAnyPolicy', group: 'Extension', spec: 'RFC 5280 4.2.1.14', readBy: 'Extension (value: asn1js.Integer)', constant: 'id_InhibitAnyPolicy' },
  serverAuth: { oid: '1.3.6.1.5.5.7.3.1', name: 'id-kp-serverAuth', group: 'Extended key usage', spec: 'RFC 5280 4.2.1.12', readBy: 'ExtKeyUsage' },
  emailProtection: { oid: '1.3.6.1.5.5.7.3.4', name: 'id-kp-emailProtection', group: 'Extended key usage', spec: 'RFC 5280 4.2.1.12', readBy: 'ExtKeyUsage' },
  timeStamping: { oid: '1.3.6.1.5.5.7.3.8', name: 'id-kp-timeStamping', group: 'Extended key usage', spec: 'RFC 5280 4.2.1.12', readBy: 'ExtKeyUsage' },
  documentSigning: { oid: '1.3.6.1.5.5.7.3.36', name: 'id-kp-documentSigning', group: 'Extended key usage', spec: 'RFC 9336 3', readBy: 'ExtKeyUsage' },
  ocspSigning: { oid: '1.3.6.1.5.5.7.3.9', name: 'id-kp-OCSPSigning', group: 'Extended key usage', spec: 'RFC 5280 4.2.1.12', readBy: 'ExtKeyUsage' },
  // Access methods and OCSP response types (RFC 5280 4.2.2.1, RFC 6960 4.2.1)
  ocspAccess: { oid: '1.3.6.1.5.5.7.48.1', name: 'id-ad-ocsp', group: 'Access method', spec: 'RFC 5280 4.2.2.1', readBy: 'AccessDescription', constant: 'id_ad_ocsp' },
  ocspBasic: { oid: '1.3.6.1.5.5.7.48.1.1', name: 'id-pkix-ocsp-basic', group: 'OCSP response type', spec: 'RFC 6960 4.2.1', readBy: 'ResponseBytes, BasicOCSPResponse', constant: 'id_PKIX_OCSP_Basic' },
  // CMS content types (RFC 5652 4-6; RFC 3161 2.4.2)
  data: { oid: '1.2.840.113549.1.7.1', name: 'id-data', group: 'Content type', spec: 'RFC 5652 4', readBy: 'EncapsulatedContentInfo', constant: 'id_ContentType_Data' },
  signedData: { oid: '1.2.840.113549.1.7.2', name: 'id-signedData', group: 'Content type', spec: 'RFC 5652 5.1', readBy: 'ContentInfo, SignedData', constant: 'id_ContentType_SignedData' },
  envelopedData: { oid: '1.2.840.113549.1.7.3', name: 'id-envelopedData', group: 'Content type', spec: 'RFC 5652 6.1', readBy: 'ContentInfo, EnvelopedData', constant: 'id_ContentType_EnvelopedData' },
  authEnvelopedData: { oid: '1.2.840.113549.1.9.16.1.23', name: 'id-ct-authEnvelopedData', group: 'Content type', spec: 'RFC 5083 2.1', readBy: 'ContentInfo' },
  tstInfo: { oid: '1.2.840.113549.1.9.16.1.4', name: 'id-ct-TSTInfo', group: 'Content type', spec: 'RFC 3161 2.4.2', readBy: 'EncapsulatedContentInfo, TSTInfo', constant: 'id_eContentType_TSTInfo' },
  // CMS attributes (RFC 5652 11; RFC 5035)
  contentType: { oid: '1.2.840.113549.1.9.3', name: 'id-contentType', group: 'CMS attribute', spec: 'RFC 5652 11.1', readBy: 'Attribute (SignedData.verify checks it is there, not that it names the eContentType)' },
  messageDigest: { oid: '1.2.840.113549.1.9.4', name: 'id-messageDigest', group: 'CMS attribute', spec: 'RFC 5652 11.2', readBy: 'Attribute (checked by SignedData.verify)' },
  signingTime: { oid: '1.2.840.113549.1.9.5', name: 'id-signingTime', group: 'CMS attribute', spec: 'RFC 5652 11.3', readBy: 'Attribute' },
  signingCertificate: { oid: '1.2.840.113549.1.9.16.2.12', name: 'id-aa-signingCertificate', group: 'CMS attribute', spec: 'RFC 2634 5.4', readBy: 'Attribute' },
  signingCertificateV2: { oid: '1.2.840.113549.1.9.16.2.47', name: 'id-aa-signingCertificateV2', group: 'CMS attribute', spec: 'RFC 5035 3', readBy: 'Attribute' },
  // PKCS #9 request and bag attributes (RFC 2985)
  extensionRequest: { oid: '1.2.840.113549.1.9.14', name: 'pkcs-9-at-extensionRequest', group: 'PKCS #9 attribute', spec: 'RFC 2985 5.4.2', readBy: 'Attribute (in CertificationRequest)' },
  friendlyName: { oid: '1.2.840.113549.1.9.20', name: 'pkcs-9-at-friendlyName', group: 'PKCS #9 attribute', spec: 'RFC 2985 5.5.1', readBy: 'Attribute (in SafeBag)' },
  localKeyId: { oid: '1.2.840.113549.1.9.21', name: 'pkcs-9-at-localKeyId', group: 'PKCS #9 attribute', spec: 'RFC 2985 5.5.2', readBy: 'Attribute (in SafeBag)' },
  // PKCS #12 bag types (RFC 7292 4.2)
  pkcs8ShroudedKeyBag: { oid: '1.2.840.113549.1.12.10.1.2', name: 'pkcs8ShroudedKeyBag', group: 'PKCS #12 bag', spec: 'RFC 7292 4.2', readBy: 'SafeBag → PKCS8ShroudedKeyBag' },
  certBag: { oid: '1.2.840.113549.1.12.10.1.3', name: 'certBag', group: 'PKCS #12 bag', spec: 'RFC 7292 4.2', readBy: 'SafeBag → CertBag' },
  // Certificate policies (RFC 7229: for tests only; a real TSA has its own policy OID)
  testPolicyOne: { oid: '1.3.6.1.5.5.7.13.1', name: 'id-TEST-certPolicyOne', group: 'Policy', spec: 'RFC 7229 2', readBy: 'TSTInfo, TimeStampReq' },
  // Algorithms
  sha1: { oid: '1.3.14.3.2.26', name: 'id-sha1', group: 'Algorithm', spec: 'RFC 3279 2.1', readBy: 'AlgorithmIdentifier', constant: 'id_sha1' },
  sha256: { oid: '2.16.840.1.101.3.4.2.1', name: 'id-sha256', group: 'Algorithm', spec: 'RFC 5754 2.2', readBy: 'AlgorithmIdentifier', constant: 'id_sha256' },
  sha384: { oid: '2.16.840.1.101.3.4.2.2', name: 'id-sha384', group: 'Algorithm', spec: 'RFC 5754 2.3', readBy: 'AlgorithmIdentifier', constant: 'id_sha384' },
  sha512: { oid: '2.16.840.1.101.3.4.2.3', name: 'id-sha512', group: 'Algorithm', spec: 'RFC 5754 2.4', readBy: 'AlgorithmIdentifier', constant: 'id_sha512' },
  rsaEncryption: { oid: '1.2.840.113549.1.1.1', name: 'rsaEncryption', group: 'Algorithm', spec: 'RFC 8017 A.1', readBy: 'PublicKeyInfo, PrivateKeyInfo' },
  ecdsaWithSHA256: { oid: '1.2.840.10045.4.3.2', name: 'ecdsa-with-SHA256', group: 'Algorithm', spec: 'RFC 5758 3.2', readBy: 'AlgorithmIdentifier' },
  pbes2: { oid: '1.2.840.113549.1.5.13', name: 'id-PBES2', group: 'Algorithm', spec: 'RFC 8018 A.4', readBy: 'PBES2Params' },
  pbkdf2: { oid: '1.2.840.113549.1.5.12', name: 'id-PBKDF2', group: 'Algorithm', spec: 'RFC 8018 A.2', readBy: 'PBKDF2Params' },
  ecPublicKey: { oid: '1.2.840.10045.2.1', name: 'id-ecPublicKey', group: 'Algorithm', spec: 'RFC 5480 2.1.1', readBy: 'PublicKeyInfo, PrivateKeyInfo' },
  p256: { oid: '1.2.840.10045.3.1.7', name: 'secp256r1', group: 'Elliptic curve', spec: 'RFC 5480 2.1.1.1', readBy: 'ECPublicKey, ECPrivateKey' },
  p384: { oid: '1.3.132.0.34', name: 'secp384r1', group: 'Elliptic curve', spec: 'RFC 5480 2.1.1.1', readBy: 'ECPublicKey, ECPrivateKey' },
  p521: { oid: '1.3.132.0.35', name: 'secp521r1', group: 'Elliptic curve', spec: 'RFC 5480 2.1.1.1', readBy: 'ECPublicKey, ECPrivateKey' },
} as const satisfies Record<string, OidEntry>;

export type OidKey = keyof typeof OIDS;

/** `OID.serverAuth` → '1.3.6.1.5.5.7.3.1': what the example code uses. */
export const OID = Object.fromEntries(Object.entries(OIDS).map(([key, entry]) => [key, entry.oid])) as {
  readonly [K in OidKey]: (typeof OIDS)[K]['oid'];
};
// #endregion oids

/** One row per OID, in the order above, for the OID reference table. */
export const OID_ROWS = Object.entries(OIDS).map(([key, entry]: [string, OidEntry]) => ({
  key,
  ...entry,
  constant: entry.constant ? `pkijs.${entry.constant}` : '',
}));
