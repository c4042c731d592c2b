// pkijs 4.0 has no default export: import the namespace, or the names you use.
import * as pkijs from 'pkijs';

console.log(typeof pkijs.Certificate.fromBER);
