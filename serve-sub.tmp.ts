import { serveStaticHost } from '/work/wt/publish/src/check/static-host.ts';
const host = await serveStaticHost('/work/wt/publish/test/.tmp/e2e-out/subpath', '/PKI.js/');
console.log(host.origin);
setInterval(() => {}, 1 << 30);
