// An ES module that takes pkijs 3.x as a default import: Node.js hands it the
// CommonJS build's exports object.
import pkijs from 'pkijs';

console.log(typeof pkijs.Certificate.fromBER);
