// Set-up shared by the common-name attacks: a root, a sub-CA permitted only
// example.org (dNSName), and the two verdicts on a document signer it issued,
// validateLeaf's and OpenSSL's.
import type * as pkijs from 'pkijs';
import { beforeAll } from 'vitest';
import { PURPOSES } from '../../../content/docs/examples/certificates-and-revocation/create-and-validate-certificate.ts';
import type { KeyAndCertificate } from '../../../content/docs/examples/example-helpers.ts';
import { validateLeaf } from '../../../content/docs/guides/security.ts';
import { useOpensslFolder } from '../support/openssl.ts';
import { exampleOrgOnlyCa } from './constrained-ca.ts';
import { createCast, opensslVerify, type Cast } from './fixture.ts';

export interface ExampleOrgCa {
  /** The sub-CA permitted only example.org (set in beforeAll). */
  ca: () => KeyAndCertificate;
  /** validateLeaf's and OpenSSL's verdicts on a document signer issued by that CA. */
  verdicts: (leaf: pkijs.Certificate) => Promise<{ trusted: boolean; openssl: string }>;
}

/** Registers the set-up with the calling test file's beforeAll. */
export function useExampleOrgCa(): ExampleOrgCa {
  const openssl = useOpensslFolder();
  let cast: Cast;
  let ca: KeyAndCertificate;
  beforeAll(async () => {
    cast = await createCast();
    ca = await exampleOrgOnlyCa(cast.root, [2]);
  });
  return {
    ca: () => ca,
    verdicts: async (leaf) => {
      const received = [leaf, ca.certificate];
      const result = await validateLeaf(received, [cast.root.certificate], PURPOSES.documentSigning);
      return { trusted: result.result, openssl: (await opensslVerify(openssl, [cast.root.certificate], received)).output };
    },
  };
}
