// The program a data module runs in: a separate Node.js process, started by
// data-module.ts with the permission model on and nothing granted (no file
// read or write, no child process, no worker, no inspector), code generation
// from strings off, an empty environment, and killed when it overruns. It
// reads the bundled module on stdin and answers one JSON line on stdout:
// `{ "json": "<the exports as JSON>" }` or `{ "error": "<what went wrong>" }`.
//
// Inside, the module still runs in an empty vm context (no require, process
// or Buffer) with the time limit over its code and its promises: that keeps
// honest mistakes ("require is not defined", a loop) plain.
// The vm is not the boundary: a module that escapes it (a host-realm error's
// constructor) only reaches this process, which can read and write nothing
// and whose code generation is off. The answer is written when the process
// is about to exit, after every promise the module left has settled, so an
// escape attempt in a `.then` fails the module instead of going unseen.

/** The child's source, run with `node -e`. Plain JavaScript: it is not compiled. */
export const CHILD_SOURCE = String.raw`
'use strict';
const { readFileSync, writeSync } = require('node:fs');
const { createContext, Script } = require('node:vm');
let answered = false;
const answer = (value) => {
  if (answered) return;
  answered = true;
  writeSync(1, JSON.stringify(value) + '\n');
};
const fail = (e) => {
  answer({ error: e && typeof e === 'object' && 'message' in e ? String(e.message) : String(e) });
  process.exit(1);
};
process.on('uncaughtException', fail);
process.on('unhandledRejection', fail);
const p = process.permission;
if (!p || ['fs.read', 'fs.write', 'child', 'worker'].some((scope) => p.has(scope))) {
  fail(new Error('the sandbox is not in force (the permission model is off or grants access)'));
}
const code = readFileSync(0, 'utf8');
const filename = process.argv[1] || 'data-module.ts';
const timeout = Number(process.argv[2]) || 2000;
// What the host realm offers an escaped module, removed before it runs.
for (const name of ['require', 'module', 'exports', 'WebAssembly', 'fetch', 'SharedArrayBuffer']) delete globalThis[name];
process.getBuiltinModule = undefined;
process.dlopen = undefined;
const context = createContext(Object.create(null), { codeGeneration: { strings: false, wasm: false }, microtaskMode: 'afterEvaluate' });
const wrapped = '(function () { var module = { exports: {} }; var exports = module.exports;\n' + code + '\nreturn JSON.stringify(module.exports, function (k, v) {' +
  " if (typeof v === 'function' || typeof v === 'symbol' || typeof v === 'bigint') throw new TypeError('the export ' + (k || 'itself') + ' is a ' + typeof v + ', not plain data');" +
  " if (typeof v === 'number' && !isFinite(v)) throw new TypeError('the export ' + k + ' is ' + v + ', not plain data');" +
  " if (v === undefined && k) throw new TypeError('the value of ' + k + ' is undefined, not plain data');" +
  ' return v; }); })()';
let json;
try {
  json = new Script(wrapped, { filename }).runInContext(context, { timeout });
} catch (e) {
  fail(e);
}
if (typeof json !== 'string') fail(new Error('it exports nothing'));
// Only once nothing the module started is left (or it failed, above).
process.on('exit', (status) => { if (status === 0) answer({ json }); });
`;
