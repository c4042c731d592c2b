globalThis.__dir = '/work/main/src/cli'; globalThis.__url = 'file:///work/main/src/cli/main.ts';
globalThis.__pkidocs = { root: '/work/main', rootUrl: 'file:///work/main/' };
const t = performance.now(); await import(process.argv[2]); console.log(process.argv[2].slice(-30), (performance.now() - t).toFixed(0), 'ms');
