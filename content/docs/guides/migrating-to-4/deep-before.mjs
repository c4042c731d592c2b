// A path into the package, as some 3.x code imports the built file directly.
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const pkijs = require('pkijs/build/index.js');

console.log(typeof pkijs.Certificate.fromBER);
