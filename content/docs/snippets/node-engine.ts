// Selects Node.js's WebCrypto implementation as the crypto engine of PKI.js.
import { webcrypto } from 'node:crypto';
import * as pkijs from 'pkijs';

// #region node-engine
export function useNodeCrypto(): void {
  // Node's webcrypto object implements the standard Crypto interface.
  const crypto = webcrypto as unknown as Crypto;
  pkijs.setEngine('node', new pkijs.CryptoEngine({ name: 'node', crypto }));
}
// #endregion node-engine

// #region browser-engine
export function useBrowserCrypto(): void {
  // In a browser (and in Node 20+, where it is global too) this is the platform's WebCrypto.
  pkijs.setEngine('browser', new pkijs.CryptoEngine({ name: 'browser', crypto: globalThis.crypto }));
}
// #endregion browser-engine

// #region check-engine
export function currentEngineName(): string {
  // getEngine() reports which engine PKI.js will use for every operation.
  return pkijs.getEngine().name;
}
// #endregion check-engine
