// What each pkijs result code means and what to do about it, for the tables
// of the troubleshooting guide. The build fails when pkijs has a code that
// is not explained here, or when an entry explains a code pkijs does not have.

/** ChainValidationCode members, keyed by name (the rows come from the API model). */
export const chainCodes = {
  unknown: {
    meaning: 'Any other failure. pkijs also returns -1 with "No valid certificate paths found" when it finds no issuer at all for a certificate of the path.',
    todo: 'Read `resultMessage`. For a missing issuer, pass every intermediate in `certs` and the root in `trustedCerts`.',
  },
  success: {
    meaning: 'A path from the last entry of `certs` to a trusted certificate was found and checked.',
    todo: 'Check what path validation leaves to you: host name, extended key usage, key usage. See [Security](./security.md).',
  },
  noRevocation: {
    meaning: 'Revocation data (CRLs or OCSP responses) was given, but none of it covers one of the certificates of the path.',
    todo: 'Pass a CRL from the issuer of every certificate in the path, or `passedWhenNotRevValues: true` if missing data is acceptable.',
  },
  noPath: {
    meaning: 'No path could be built from the end-entity certificate.',
    todo: 'Check that the end-entity certificate is the last entry of `certs`.',
  },
  noValidPath: {
    meaning: 'Paths were built, but none ends at a certificate of `trustedCerts` (for example a self-signed certificate that is not trusted).',
    todo: 'Add the right root to `trustedCerts`; compare its subject with the issuer of the top certificate of the path.',
  },
};

/** The codes of SignedData.verify, keyed by code (the rows come from signed-data-codes.ts). */
export const signedDataExplanations = {
  1: { meaning: 'No SignerInfo at the index given as `signer`.', todo: 'Pass `signer: 0` for the first signer; `signerInfos.length` says how many there are.' },
  2: { meaning: 'The message carries no certificates, so the signer\'s certificate cannot be found.', todo: 'Add the signer\'s certificate to `signedData.certificates` before calling verify.' },
  3: {
    meaning: 'None of the attached certificates matches the SignerInfo\'s `sid`: its issuer and serial number, or its key identifier, which pkijs compares with the SHA-1 hash of each certificate\'s public key, not with the certificate\'s subjectKeyIdentifier extension.',
    todo: 'Attach the signer\'s own certificate; when the `sid` is a key identifier, make it the SHA-1 hash of the subjectPublicKey bits (RFC 5280 4.2.1.2 method 1).',
    // Holds for pkijs 3.3.2, 3.4.3 and 4.0.0. (test/api-notes/claims/guides.ts runs it.)
  },
  4: { meaning: 'The content is a time-stamp token (TSTInfo) and no `data` was given to check its message imprint against.', todo: 'Pass the time-stamped bytes as `data`.' },
  5: { meaning: 'With `checkChain: true`, the signer\'s certificate did not validate up to `trustedCerts`.', todo: 'The message names the chain problem; pass the root in `trustedCerts` and intermediates in the message or via `findIssuer`.' },
  7: { meaning: 'The SignerInfo\'s digest algorithm is one pkijs does not know.', todo: 'Use SHA-256, SHA-384 or SHA-512 when signing.' },
  8: { meaning: 'The signature is detached (no eContent) and no `data` was given.', todo: 'Pass the signed content as `data` (an ArrayBuffer).' },
  9: { meaning: 'Signed attributes are present without the mandatory content-type attribute (RFC 5652 11.1).', todo: 'The signer must add content-type; such a message cannot be verified.' },
  10: { meaning: 'Signed attributes are present without the mandatory message-digest attribute (RFC 5652 11.2).', todo: 'The signer must add message-digest; such a message cannot be verified.' },
  14: { meaning: 'Not an error: the result of `extendedMode: true`. `signatureVerified` says whether the signature matched.', todo: 'Read `signatureVerified`; it is `false` for a bad signature, which does not throw.' },
  15: { meaning: 'Anything else, for example the content does not match the message-digest attribute, or a time-stamp token\'s TSTInfo failed.', todo: 'Read the message; a digest mismatch means the content was changed or the wrong `data` was given.' },
};
