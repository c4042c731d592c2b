// Code of the browsers-and-bundlers guide: one engine set-up that runs in
// browsers, Node.js, Deno, Bun and workers. test/guides/browsers.test.ts runs
// it in Node.js and bundles it for the browser with esbuild.
import * as pkijs from 'pkijs';

// #region engine
/**
 * Every one of these runtimes has WebCrypto at globalThis.crypto, so one
 * set-up fits all; pass another Crypto (an HSM bridge, a polyfill) to use it.
 */
export function installEngine(webcrypto: Crypto = globalThis.crypto): pkijs.ICryptoEngine {
  const engine = new pkijs.CryptoEngine({ name: 'webcrypto', crypto: webcrypto });
  pkijs.setEngine('webcrypto', engine);
  return engine;
}
// #endregion engine

// #region parse-pem
/** PEM → Certificate with atob, which every runtime has (Buffer is Node.js only). */
export function certificateFromPem(pem: string): pkijs.Certificate {
  const base64 = pem.replace(/-----(BEGIN|END) CERTIFICATE-----/g, '').replace(/\s+/g, '');
  const der = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
  return pkijs.Certificate.fromBER(der);
}
// #endregion parse-pem
