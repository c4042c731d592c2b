// The one-line breakages of the teaching code that `npm run mutate:examples`
// (mutate-examples.ts) applies one at a time: each must be caught by the
// example tests. `find` must match exactly once in `file`.

export interface Mutant {
  file: string;
  find: string;
  replace: string;
  why: string;
}

const EXAMPLES = 'content/docs/examples';
const HELPERS = `${EXAMPLES}/example-helpers.ts`;
const OIDS = `${EXAMPLES}/oids.ts`;
const CRL = `${EXAMPLES}/certificates-and-revocation/creating-and-parsing-CRLs.ts`;
const OCSP_RESPONSES = `${EXAMPLES}/certificates-and-revocation/working-with-OCSP-responses.ts`;
const CERTIFICATES = `${EXAMPLES}/certificates-and-revocation/create-and-validate-certificate.ts`;
const NAMES = `${EXAMPLES}/certificates-and-revocation/name-constraints.ts`;
const CRL_CHECKS = `${EXAMPLES}/certificates-and-revocation/crl-checks.ts`;
const CMS_SIGNING = `${EXAMPLES}/signing-and-encryption-with-CMS/working-with-CMS-signing.ts`;
const PDF_VERIFY = `${EXAMPLES}/other/how-to-verify-a-signature-in-a-PDF-file.ts`;

export const MUTANTS: Mutant[] = [
  { file: `${EXAMPLES}/timestamping/creating-a-timestamp-response.ts`, find: 'export const ID_KP_TIME_STAMPING = OID.timeStamping;',
    replace: 'export const ID_KP_TIME_STAMPING = OID.emailProtection;', why: 'TSA certificate EKU emailProtection instead of timeStamping' },
  { file: CRL, find: '  keyCompromise: 1,\n  cACompromise: 2,', replace: '  keyCompromise: 2,\n  cACompromise: 1,',
    why: 'CRL reason codes 1 and 2 swapped' },
  { file: OIDS, find: "extensionRequest: { oid: '1.2.840.113549.1.9.14',", replace: "extensionRequest: { oid: '1.2.840.113549.1.9.15',",
    why: 'CSR extensionRequest OID 9.14 -> 9.15' },
  { file: OIDS, find: "friendlyName: { oid: '1.2.840.113549.1.9.20',", replace: "friendlyName: { oid: '1.2.840.113549.1.9.2',",
    why: 'PKCS#12 friendlyName OID 9.20 -> 9.2' },
  { file: `${EXAMPLES}/signing-and-encryption-with-CMS/working-with-CMS-signing.ts`, find: 'valid: result.signatureVerified === true && problems.length === 0,',
    replace: 'valid: problems.length === 0,', why: 'verifySignedData reports valid:true when the signature check fails' },
  { file: CRL_CHECKS, find: 'const signatureValid = issuerMaySign && await crl.verify({ issuerCertificate: issuer });', replace: 'const signatureValid = true;',
    why: 'CRL signature check skipped in assessCrl (checkCertificateAgainstCrl, validateChain)' },
  { file: CERTIFICATES, find: 'if (!allowsOneOf(leaf, purpose, purpose.namedOnLeaf ?? false)) problems.push(',
    replace: 'if (!allowsOneOf(leaf, purpose, purpose.namedOnLeaf ?? false) && cas.length < 0) problems.push(', why: 'pathProblems: the leaf\'s extended key usage (an OCSP responder\'s id-kp-OCSPSigning too) not checked' },
  { file: OCSP_RESPONSES, find: 'if (sent && (!received || toHex(sent) !== toHex(received))) {', replace: 'if (sent && !received) {',
    why: 'OCSP nonce comparison dropped (only its presence checked)' },
  { file: `${EXAMPLES}/other/S-MIME-signature-verification.ts`,
    find: 'certificateEmails(signer).some((email) => email.local === from.local && email.domain === from.domain)',
    replace: 'certificateEmails(signer).some(() => true)', why: 'S/MIME sender check accepts any address of the signer' },
  { file: CERTIFICATES, find: ': dnsNamesOf(leaf).some((pattern) => hostMatches(pattern, host));', replace: ': dnsNamesOf(leaf).some(() => true);',
    why: 'TLS server host-name check skipped' },
  { file: CERTIFICATES, find: 'const found = await verify([...intermediates, leaf], [], []);', replace: 'const found = await verify([leaf, ...intermediates], [], []);',
    why: 'chain order: the leaf is not moved last, so pkijs validates the intermediate instead' },
  { file: OIDS, find: "emailProtection: { oid: '1.3.6.1.5.5.7.3.4',", replace: "emailProtection: { oid: '1.3.6.1.5.5.7.3.2',",
    why: 'emailProtection OID changed (to clientAuth)' },
  { file: HELPERS, find: "export const SIGNATURE_HASH = 'SHA-256';", replace: "export const SIGNATURE_HASH = 'SHA-1';",
    why: 'every signature made with SHA-1' },
  { file: HELPERS, find: 'date.getUTCFullYear() < 2050 ?', replace: 'date.getUTCFullYear() <= 2050 ?',
    why: 'x509Time: UTCTime in 2050 (RFC 5280 wants GeneralizedTime from 2050)' },
  { file: OIDS, find: "ocspNoCheck: { oid: '1.3.6.1.5.5.7.48.1.5',", replace: "ocspNoCheck: { oid: '1.3.6.1.5.5.7.48.1.4',",
    why: 'id-pkix-ocsp-nocheck OID changed' },
  { file: OIDS, find: "testPolicyOne: { oid: '1.3.6.1.5.5.7.13.1',",
    replace: "testPolicyOne: { oid: '1.3.6.1.5.5.7.13.2',", why: 'TSA policy OID changed' },
  { file: `${EXAMPLES}/other/working-with-PKCS-12-files.ts`, find: "const localKeyId = await crypto.subtle.digest('SHA-1',",
    replace: "const localKeyId = await crypto.subtle.digest('SHA-256',", why: 'PKCS#12 localKeyId no longer the SHA-1 of the certificate' },
  // Issue #26: one mutant per bypass the review found.
  { file: CERTIFICATES, find: '    if (seen.has(der)) return false;\n', replace: '',
    why: 'bypass 1: repeated certificates (the leaf sent twice) are no longer removed before validation' },
  { file: CERTIFICATES, find: 'if (result.result && (!first || derOf(first) !== leafDer))', replace: 'if (result.result && !first)',
    why: 'bypass 1: the validated path need not start with the leaf received' },
  { file: CERTIFICATES, find: '(!named && usage === OID.anyExtendedKeyUsage)', replace: '(usage === OID.anyExtendedKeyUsage)',
    why: 'bypass 4: a responder with only anyExtendedKeyUsage is authorised' },
  { file: OCSP_RESPONSES, find: '    await checkOcspResponse(response, request, certificate, issuer, now);\n',
    replace: '    void [response, request, certificate, issuer, now];\n',
    why: 'bypass 3: OCSP answers go to the chain engine without being verified' },
  // Issue #26, left items: a CRL that does not cover the certificate, a PKCS#12 file without a MAC.
  { file: CRL, find: "  if (scope) throw new Error(`${scope}, so it cannot say whether this certificate is revoked`);\n", replace: '',
    why: 'checkCertificateAgainstCrl answers revoked: false from an authority revocation list' },
  { file: `${EXAMPLES}/other/working-with-PKCS-12-files.ts`, find: '  if (!pfx.macData) {', replace: '  if (pfx.macData === null) {',
    why: 'readPkcs12 goes on with a file that has no password MAC' },
  // Issue #26, name constraints: pkijs's own check is lax, so the examples check again.
  { file: NAMES, find: "name.value.split('@').length !== 2", replace: "name.value.split('@').length > 3",
    why: 'an e-mail address with two "@" is no longer refused outright' },
  { file: NAMES, find: '    for (const name of names) {', replace: '    for (const name of names.slice(0, 1)) {',
    why: 'name constraints: one permitted name passes the certificate' },
  { file: NAMES, find: '    const problem = namesProblem(names, path.slice(index + 1));', replace: '    const problem = namesProblem(names, path.slice(index + 1, index + 2));',
    why: 'name constraints: only the issuing CA counts, so a sub-CA can widen its CA\'s permitted names' },
  { file: NAMES, find: '      if (excluded.some((base) => base.type === name.type && within(name, base, false)))',
    replace: '      if (excluded.some(() => false))', why: 'name constraints: excluded subtrees ignored' },
  { file: CERTIFICATES, find: '  const address = ipAddressBytes(host);', replace: '  const address = ipAddressBytes(host) && undefined;',
    why: 'an IP address host is matched against dNSName entries' },
  // Issue #30: the new example pages' checks.
  { file: `${EXAMPLES}/signing-and-encryption-with-CMS/signing-with-an-external-key.ts`,
    find: '  encoded.sort((a, b) => compareBytes(a.der, b.der));', replace: '  void compareBytes;',
    why: 'signed attributes left unsorted (not DER)' },
  { file: `${EXAMPLES}/signing-and-encryption-with-CMS/signing-with-an-external-key.ts`,
    find: '  return new Uint8Array(set.toBER(false));', replace: '  const bytes = new Uint8Array(set.toBER(false));\n  bytes[0] = 0xa0;\n  return bytes;',
    why: 'the token signs the [0] IMPLICIT encoding instead of the SET' },
  { file: `${EXAMPLES}/certificates-and-revocation/certificate-fingerprints.ts`,
    find: '  if (hex.length !== DIGEST_BYTES[hash] * 2) return false;', replace: '',
    why: 'a fingerprint prefix is accepted' },
  { file: `${EXAMPLES}/other/working-with-private-keys.ts`,
    find: '  if (iterations > maxIterations)', replace: '  if (iterations < 0)',
    why: 'no ceiling on a hostile PBKDF2 iteration count' },
  // Issue #26, fresh-eyes pass: checks the second attack round found missing.
  { file: CRL_CHECKS, find: '  return criticalEntryExtensionProblem(crl);\n', replace: '  return undefined;\n',
    why: 'a CRL whose entry carries an unknown critical extension clears a certificate' },
  { file: CERTIFICATES, find: 'path.map(unprocessedCriticalExtensionProblem).filter((problem) => problem !== undefined)', replace: '[] as string[]',
    why: 'pathProblems: a certificate with an unknown critical extension is trusted (signer, TSA, responder, intermediate)' },
  { file: `${EXAMPLES}/timestamping/creating-a-timestamp-response.ts`, find: 'if (!await signingCertificateMatches(signedData.signerInfos[0]!, signer)) {',
    replace: 'if (!await signingCertificateMatches(signedData.signerInfos[0]!, signer) && signer === undefined) {',
    why: 'the ESS signing-certificate attribute of a time-stamp token is not compared with its signer' },
  { file: CMS_SIGNING, find: 'const problems = result.signatureVerified ? pathProblems(result.certificatePath, purpose) : [];', replace: 'const problems: string[] = [];',
    why: 'verifySignedData does not run pathProblems (PDF and S/MIME signers unchecked: key agreement only, critical extensions, path length)' },
  // Issue #26, third attack round: the other parts of pathProblems, and each verifier's call of it.
  { file: CERTIFICATES, find: '  if (names) problems.push(names);\n', replace: '',
    why: 'pathProblems: name constraints not checked' },
  { file: NAMES, find: 'if (!subtrees) return `${formatName(ca.subject)}: its name constraints could not be read`;', replace: 'if (!subtrees) continue;',
    why: 'name constraints pkijs cannot parse read as none' },
  { file: CERTIFICATES, find: 'if (listed === undefined) return !named;', replace: 'if (listed === undefined) return true;',
    why: 'pathProblems: a responder or TSA without extended key usage is taken for one' },
  { file: CERTIFICATES, find: '  for (const ca of cas) {', replace: '  for (const ca of cas.slice(cas.length)) {',
    why: 'pathProblems: the extended key usage of the CAs not checked' },
  { file: CERTIFICATES, find: 'if (usages && !usages.some((usage) => purpose.keyUsages.includes(usage)))',
    replace: 'if (usages && usages.length < 0)', why: 'pathProblems: the leaf\'s key usage not checked' },
  { file: OCSP_RESPONSES, find: '    && pathProblems([signer, issuer], PURPOSES.ocspSigning).length === 0;', replace: ';',
    why: 'checkOcspResponse does not run pathProblems on a delegated responder' },
  { file: `${EXAMPLES}/timestamping/creating-a-timestamp-response.ts`, find: '  if (problems.length > 0) throw new Error(`The TSA certificate may not stamp:',
    replace: '  if (problems.length < 0) throw new Error(`The TSA certificate may not stamp:', why: 'verifyTimeStampResponse ignores pathProblems' },
  { file: `${EXAMPLES}/other/S-MIME-signature-verification.ts`, find: 'utf8(signedText), PURPOSES.emailProtection);',
    replace: 'utf8(signedText));', why: 'verifySignedMessage checks the signer path for document signing, not e-mail' },
  // Issue #26, fourth attack round: path length for every verifier, directoryName constraints, CRLs on the path.
  { file: CERTIFICATES, find: '  if (basics) problems.push(basics);\n', replace: '',
    why: 'pathProblems: pathLenConstraint not checked (a signer below a pathLen-0 CA\'s sub-CA is trusted)' },
  { file: 'content/docs/guides/security.ts', find: 'return result.signatureVerified === true && pathProblems(result.certificatePath, purpose).length === 0;',
    replace: 'return result.signatureVerified === true;', why: 'verifyTrustedSignature does not run pathProblems' },
  { file: NAMES, find: '  if (subject) names.push(subject);\n', replace: '',
    why: 'name constraints: the subject is not held to directoryName subtrees' },
  { file: CERTIFICATES, find: 'if (crls.length > 0 && ocsps.length === 0 && problems.length > 0)', replace: 'if (crls.length < 0)',
    why: 'validateChain goes on when every CRL was refused: pkijs then checks no revocation at all' },
  // Issue #26, the CA flag and directoryName constraints (each a check pkijs's own is weaker than).
  { file: CERTIFICATES, find: '    if (!isCa && index < path.length - 2) return', replace: '    if (!isCa && index < 0) return',
    why: 'basicConstraintsProblem: an issuing certificate need not say cA=true' },
  { file: NAMES, find: '  if (name.type === 4 && base.type === 4) return rdnsWithin(name.value, base.value, strict);',
    replace: '  if (name.type === 4 && base.type === 4) return strict ? name.text.startsWith(base.text) : rdnsWithin(name.value, base.value, strict);',
    why: 'name constraints: a permitted directoryName compared as a text prefix, not RDN by RDN' },
  // Issue #26, fifth attack round: names compared by pkijs's localeCompare, an unsigned eContentType trusted.
  { file: CERTIFICATES, find: 'if (!sameName(ca.subject, ca.issuer)) below += 1;', replace: 'if (!ca.subject.isEqual(ca.issuer)) below += 1;',
    why: 'basicConstraintsProblem: self-issued by Name.isEqual (a U+200B look-alike sub-CA escapes the path length cap)' },
  { file: NAMES, find: '    return a !== undefined && a === preparedAttribute(other);',
    replace: '    return new pkijs.AttributeTypeAndValue({ schema: rdn.valueBlock.value[0]! }).isEqual(new pkijs.AttributeTypeAndValue({ schema: other.valueBlock.value[0]! }));',
    why: 'excluded directoryName matched by AttributeTypeAndValue.isEqual (a tab slips past the exclusion)' },
  { file: `${EXAMPLES}/timestamping/creating-a-timestamp-response.ts`, find: 'if (signedData.encapContentInfo.eContentType !== OID.tstInfo) {',
    replace: 'if (signedData.encapContentInfo.eContentType === \'\') {', why: 'verifyTimeStampResponse takes a token that is not id-ct-TSTInfo' },
  { file: CMS_SIGNING, find: 'return signed === eContentType ? undefined :', replace: 'return signed !== \'missing\' ? undefined :',
    why: 'contentTypeProblem: the signed content-type attribute is not compared with eContentType' },
  // Issue #26, the PDF verifier's signing-certificate-v2 check.
  { file: PDF_VERIFY, find: 'await signingCertificateProblem(signedData.signerInfos[0]!, check.signer, kind.attributeRequired)',
    replace: 'await signingCertificateProblem(signedData.signerInfos[0]!, check.signer, false)', why: 'verifyPdfSignatures: a PAdES signature without signing-certificate-v2 is accepted' },
  { file: PDF_VERIFY, find: 'if (toHex(certHash.valueBlock.valueHexView) !== toHex(actual)) return',
    replace: 'if (certHash.valueBlock.valueHexView.length === 0) return', why: 'signingCertificateProblem: the certificate hash is not compared with the signer\'s certificate' },
  // Issue #26, names past the constraints: the host, a mapped IPv4 address, common names.
  { file: CERTIFICATES, find: '  if (hostProblem && !problems.includes(hostProblem)) problems.push(hostProblem);', replace: '  if (hostProblem && hostProblem.length < 0) problems.push(hostProblem);',
    why: 'checkServerChain: the host is not held to the CAs\' name constraints (a wildcard stands for an excluded host)' },
  { file: NAMES, find: 'if (bytes.length === 16 && startsWith(bytes, MAPPED_PREFIX)) return bytes.slice(12);', replace: 'if (bytes.length === 0) return bytes;',
    why: 'name constraints: an IPv4-mapped IPv6 address escapes the IPv4 subtrees' },
  { file: NAMES, find: "return /^[a-z0-9_*.-]+$/i.test(commonName)", replace: "return /^[a-z0-9*.-]+$/i.test(commonName)",
    why: 'name constraints: a common name with "_" is not taken for a host' },
  { file: NAMES, find: "return values.filter((value) => typeof value === 'string');", replace: "return values.filter((value) => typeof value === 'string').slice(0, 1);",
    why: 'name constraints: only the first common name is checked' },
  { file: NAMES, find: 'if (dotted) literal =', replace: 'if (dotted && colon < 0) literal =',
    why: 'ipAddressBytes: an IPv6 host ending in dotted IPv4 passes for a host name (a dNSName then stands for it)' },
  { file: `${EXAMPLES}/other/pdf-syntax.ts`, find: '      name += String.fromCharCode(code);', replace: '      name += text.slice(at, at + 3);',
    why: 'the PDF tokenizer keeps #xx escapes in names undecoded (/Sub#46ilter is not read as /SubFilter)' },
];
