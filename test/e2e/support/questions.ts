// The questions of the question suite (search-questions.test.ts), as data:
// questions PKI.js users asked in the project's issues, each as a user would
// type it, with the issue it comes from and the page that answers it here.
// An expected href with an anchor must be that section; one without an anchor
// is met by the page or any section of it.

/** [query as typed, the issue it comes from (PKI.js unless named), the answering href] */
export type Question = [string, string, string];

const CMS = '/docs/examples/signing-and-encryption-with-CMS';
const CERTS = '/docs/examples/certificates-and-revocation';
const OTHER = '/docs/examples/other';
const TSP = '/docs/examples/timestamping';
const TROUBLE = '/docs/guides/troubleshooting';

export const QUESTIONS: Question[] = [
  // Certificate paths
  ['SignedData.verify always returns true', '#332', '/docs/guides/security#signeddataverify-trusts-the-messages-own-certificate'],
  ['verify certificate chain', '#226', `${CERTS}/create-and-validate-certificate#validate-the-path`],
  ['No valid certificate paths found', '#226', `${TROUBLE}#certificate-path-validation`],
  ['CertificateChainValidationEngine resultCode -1', '#284', `${TROUBLE}#certificate-path-validation`],
  ['chain validation false with intermediate certificates', '#289', `${TROUBLE}#certificate-path-validation`],
  ['verify chain with self-signed root CA', '#244', `${CERTS}/create-and-validate-certificate#validate-the-path`],
  ['create intermediate CA certificate', '#291', `${CERTS}/create-and-validate-certificate#create-an-intermediate-ca`],
  ['parse X.509 certificate', '#57', `${CERTS}/create-and-validate-certificate#read-the-certificate`],
  ['certificate subject alternative name', '#146', `${CERTS}/create-and-validate-certificate#choose-the-extensions`],
  // Crypto engine
  ['Unable to create WebCrypto object', '#148', `${TROUBLE}#no-crypto-engine`],
  ["Please call 'setEngine' before call to 'getEngine'", '#379', `${TROUBLE}#no-crypto-engine`],
  ['getCrypto returns undefined', '#192', `${TROUBLE}#no-crypto-engine`],
  ['WebCrypto is not available', '#82', `${TROUBLE}#no-crypto-engine`],
  ['getEngine failed in node', '#199', `${TROUBLE}#no-crypto-engine`],
  ['use pkijs in node.js', '#330', '/docs/installation#in-nodejs'],
  ['chain validation fails in node but works in browser', '#259', '/docs/installation#in-nodejs'],
  ['setEngine CryptoEngine parameters', '#132', '/docs/installation#choose-the-crypto-engine'],
  ['use another webcrypto library', '#178', '/docs/installation#choose-the-crypto-engine'],
  // PKCS#12
  ['load p12 file', '#34', `${OTHER}/working-with-PKCS-12-files#read-the-file`],
  ['parse PFX file', '#87', `${OTHER}/working-with-PKCS-12-files#read-the-file`],
  ['get private key from pkcs12', '#87', `${OTHER}/working-with-PKCS-12-files`],
  ['pkcs12 DES-EDE3-CBC', '#147', `${OTHER}/working-with-PKCS-12-files#common-pitfalls`],
  ['PKCS#12 example', '#145', `${OTHER}/working-with-PKCS-12-files`],
  // OCSP
  ['ocsp request serial number issuer key hash', '#202', `${CERTS}/working-with-OCSP-requests#create-the-request`],
  ['create OCSP request', '#22', `${CERTS}/working-with-OCSP-requests#create-the-request`],
  ['No certificates attached to the BasicOCSPResponse', '#122', `${CERTS}/working-with-OCSP-responses#common-pitfalls`],
  ['verify OCSP response', '#122', `${CERTS}/working-with-OCSP-responses#check-the-response-before-trusting-it`],
  // Certificate requests
  ['read CSR extensions', '#90', `${CERTS}/working-with-certificate-requests#read-and-check-a-request`],
  ['add subjectAltName to CSR', '#146', `${CERTS}/working-with-certificate-requests#create-the-request`],
  ['SubjectAltName PKCS10', '#107', `${CERTS}/working-with-certificate-requests#create-the-request`],
  ['parse CSR PEM', '#92', `${CERTS}/working-with-certificate-requests#export-and-import-pem`],
  // CMS encryption
  ['decrypt EnvelopedData ECDH', '#334', `${CMS}/working-with-CMS-certificate-based-encryption#decrypt`],
  ['decrypt with EC certificate', '#119', `${CMS}/working-with-CMS-certificate-based-encryption#decrypt`],
  ['decrypt openssl cms RSA-OAEP', '#174', `${CMS}/working-with-CMS-certificate-based-encryption`],
  ['SMIME p7m decryption', '#253', `${OTHER}/S-MIME-signature-encryption#decrypt-and-verify`],
  ['EnvelopedData recipient identifier', '#261', `${CMS}/working-with-CMS-certificate-based-encryption#find-your-recipient-entry`],
  ['AES-GCM EnvelopedData openssl', '#287', `${CMS}/working-with-CMS-certificate-based-encryption#common-pitfalls`],
  ['GCMParams', '#287', `${CMS}/working-with-CMS-certificate-based-encryption#common-pitfalls`],
  // CMS signatures
  ['verify detached signature', '#229', `${CMS}/working-with-CMS-signing#verify`],
  ['generate p7s file', '#207', `${CMS}/working-with-CMS-signing`],
  ['sign and verify with CMS in node', '#330', `${CMS}/working-with-CMS-signing`],
  ['p7b certificates', '#269', `${CMS}/working-with-PKCS-7-certificate-bags-P7B#read-the-certificates`],
  ['parse P7B PEM', '#269', `${CMS}/working-with-PKCS-7-certificate-bags-P7B#convert-to-and-from-pem`],
  // Time-stamping
  ['verify timestamp response', '#462', `${TSP}/creating-a-timestamp-response#verify-the-response-as-a-client`],
  ['parse timestamp response', '#128', `${TSP}/creating-a-timestamp-response`],
  ['TSTInfo signature verification fails', '#331', `${TSP}/creating-a-timestamp-response#verify-the-response-as-a-client`],
  // CRLs
  ['parse CRL', '#224', `${CERTS}/creating-and-parsing-CRLs#parse-a-crl`],
  ['create CRL with revoked certificates', '#291', `${CERTS}/creating-and-parsing-CRLs#create-and-sign-the-crl`],
  ['check if certificate is revoked', '#291', `${CERTS}/creating-and-parsing-CRLs#check-a-certificate-against-the-crl`],
  // Algorithms and bundles
  ['sign with Ed25519', '#427', `${TROUBLE}#a-key-or-an-algorithm-that-cannot-do-the-job`],
  ['Ed25519 support', '#89', `${TROUBLE}#a-key-or-an-algorithm-that-cannot-do-the-job`],
  ['tree shaking bundle size', '#443', '/docs/guides/browsers-and-bundlers#what-an-import-costs'],
  // PDF
  ['extract signer information from pdf', '#215', `${OTHER}/how-to-verify-a-signature-in-a-PDF-file`],
  ['validate signatures in PDF', '#75', `${OTHER}/how-to-verify-a-signature-in-a-PDF-file#verify-each-signature`],
  // Pages written for #30's content gaps
  ['certificate thumbprint', '#295', `${CERTS}/certificate-fingerprints`],
  ['public key fingerprint of a certificate', '#218', `${CERTS}/certificate-fingerprints`],
  ['sign PDF', '#33', `${OTHER}/signing-a-PDF-file`],
  ['PDF signing with pkijs', '#6', `${OTHER}/signing-a-PDF-file`],
  ['Convert PEM to CryptoKey', '#394', `${OTHER}/working-with-private-keys`],
  ['import RSAPrivateKey into WebCrypto', '#233', `${OTHER}/working-with-private-keys`],
  ['Reading existing Private KEY throws DataError', '#53', `${OTHER}/working-with-private-keys`],
  ['signed CMS with USB token', '#238', `${CMS}/signing-with-an-external-key`],
  ['smart card support', '#44', `${CMS}/signing-with-an-external-key`],
  ['sign with private key on smart card p7s', '#207', `${CMS}/signing-with-an-external-key`],
  ['element.toSchema is not a function', '#354', `${TROUBLE}#elementtoschema-is-not-a-function`],
  ["Object's schema was not verified against input data", '#58', `${TROUBLE}#objects-schema-was-not-verified-against-input-data`],
  ["Object's schema was not verified against input data for TimeStampResp", 'ASN1.js#37', `${TROUBLE}#objects-schema-was-not-verified-against-input-data`],
  ['Verification against input data for PKCS10', '#77', `${TROUBLE}#objects-schema-was-not-verified-against-input-data`],
  ['AuthEnvelopedData', '#531', `${CMS}/working-with-CMS-certificate-based-encryption#authenvelopeddata-rfc-5083`],
  ['RFC 5083', '#79', `${CMS}/working-with-CMS-certificate-based-encryption#authenvelopeddata-rfc-5083`],
];

