// The home page: what PKI.js is for, what it is built on, and where each
// feature's worked examples are.
import type { PageModuleProps } from '../../src/content/page-modules.ts';

interface Feature {
  title: string;
  standard: string;
  text: string;
  href: string;
}

/** The home page's meta description (search results and link previews). */
export const description = 'PKI.js: X.509 certificates, CRLs, OCSP, CMS signing and encryption, timestamps and PKCS#12 in TypeScript on WebCrypto, for browsers and Node.js.';

const EXAMPLES = '/docs/examples';

const FEATURES: Feature[] = [
  { title: 'X.509 certificates', standard: 'RFC 5280', text: 'Issue, parse and validate certificates and whole chains, extensions included.', href: `${EXAMPLES}/certificates-and-revocation/create-and-validate-certificate` },
  { title: 'Enrollment requests', standard: 'PKCS#10 · RFC 2986', text: 'Build certificate signing requests that prove possession of a key, and check them on the CA side.', href: `${EXAMPLES}/certificates-and-revocation/working-with-certificate-requests` },
  { title: 'Signing and encryption', standard: 'CMS · RFC 5652', text: 'Sign data, verify signatures and encrypt for recipients by certificate or by password.', href: `${EXAMPLES}/signing-and-encryption-with-CMS` },
  { title: 'Timestamping', standard: 'RFC 3161', text: 'Request and issue trusted timestamps that prove data existed at a point in time.', href: `${EXAMPLES}/timestamping` },
  { title: 'Certificate status', standard: 'OCSP · RFC 6960', text: 'Ask a responder whether a certificate is still good, and answer such requests.', href: `${EXAMPLES}/certificates-and-revocation/working-with-OCSP-requests` },
  { title: 'Revocation lists', standard: 'CRL · RFC 5280', text: 'Publish and read certificate revocation lists with their entries and extensions.', href: `${EXAMPLES}/certificates-and-revocation/creating-and-parsing-CRLs` },
  { title: 'Key and certificate stores', standard: 'PKCS#12 · RFC 7292', text: 'Pack keys and certificates into password-protected .p12/.pfx files and open them again.', href: `${EXAMPLES}/other/working-with-PKCS-12-files` },
  { title: 'Secure e-mail', standard: 'S/MIME · RFC 8551', text: 'Encrypt and sign MIME messages, and verify the signed mail you receive.', href: `${EXAMPLES}/other/S-MIME-signature-encryption` },
];

export default function HomePage(_props: PageModuleProps) {
  return (
    <>
      <header className="hero">
        <div className="hero__inner">
          <h1 className="hero__title">Certificates, signatures and encrypted messages for TypeScript, in the browser and in Node.js.</h1>
          <p className="hero__text">
            PKI.js implements the formats of public key infrastructure on top of the WebCrypto API. Every key operation runs
            in the platform&apos;s own crypto, so the same code works in browsers and in Node.js with no native modules and no
            bundled cryptography.
          </p>
          <a className="button button--hero" href="/docs/installation">Get started →</a>
        </div>
      </header>
      <section className="features" aria-labelledby="features">
        <h2 id="features">Features</h2>
        <ul className="features__grid">
          {FEATURES.map((f) => (
            <li key={f.title} className="feature">
              <a href={f.href}>
                <span className="feature__standard">{f.standard}</span>
                <h3 className="feature__title">{f.title}</h3>
                <p>{f.text}</p>
              </a>
            </li>
          ))}
        </ul>
      </section>
    </>
  );
}
