// CommonJS code as it loads pkijs 3.x: the package's main file is CommonJS.
const pkijs = require('pkijs');

console.log(typeof pkijs.Certificate.fromBER);
