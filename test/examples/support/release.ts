// Which pkijs release the examples' tests run against: 3.3.2 (the root's), or
// 4.0.0 in the vitest project `examples-4.0`, which aliases pkijs and asn1js
// to the content/versions/pkijs-4.0 workspace and sets PKIDOCS_PKIJS_RELEASE.
export const PKIJS_RELEASE = process.env.PKIDOCS_PKIJS_RELEASE ?? '3.3.2';

/** True where pkijs 4 changed what a test pins down of pkijs alone (not of the example). */
export const PKIJS_4 = PKIJS_RELEASE.startsWith('4.');
