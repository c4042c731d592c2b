// The crypto engine of pkijs 4.0 in an ES module: Node.js's WebCrypto, set
// once at start-up, then asked for its name (what this file prints).
// #region import
import * as pkijs from 'pkijs';
import * as asn1js from 'asn1js';
// #endregion import
import { webcrypto } from 'node:crypto';

// #region node-engine
pkijs.setEngine('node', new pkijs.CryptoEngine({ name: 'node', crypto: webcrypto }));
// #endregion node-engine

// #region browser-engine
pkijs.setEngine('browser', new pkijs.CryptoEngine({ name: 'browser', crypto: globalThis.crypto }));
// #endregion browser-engine

// #region check-engine
console.log(pkijs.getEngine().name);
// #endregion check-engine
console.log(typeof asn1js.Integer);
