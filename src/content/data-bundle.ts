// Bundles a data module (data-module.ts) so that esbuild opens no file the
// module may not import. buildSync takes no plugin, and checking its metafile
// afterwards came too late: esbuild had already read a file outside the
// content folder (a FIFO there hung the build for good). The async build
// with a plugin refuses an import before esbuild resolves or reads it: by
// the path as written (outside the content folder, or through a hidden part
// such as .env), then by where it really leads (a link out) and by what it
// is (only a regular file is read; a FIFO or device never is). A package.json
// on the way that is not a regular file of the content folder is refused too.
//
// The Markdown pipeline that asks for a data module is synchronous, so the
// build runs in a worker thread while this thread waits on it (Atomics.wait);
// one worker serves the whole run and never keeps the process alive.
import { createRequire } from 'node:module';
import { MessageChannel, receiveMessageOnPort, Worker } from 'node:worker_threads';
import type { BuildOptions, Message, Metafile } from 'esbuild';

export type DataBundle = { code: string; metafile: Metafile; errors?: undefined } | { errors: Message[]; message: string };

/** Longer than any honest bundle takes on a loaded machine; a worker that overruns is ended and the module refused. */
const LIMIT_MS = 60_000;

/** The worker's source, run with `eval`: plain JavaScript, not compiled (the bundled CLI has no file to point a worker at). */
const WORKER_SOURCE = String.raw`
'use strict';
const { parentPort, workerData } = require('node:worker_threads');
const { closeSync, constants, fstatSync, lstatSync, openSync, realpathSync, statSync } = require('node:fs');
const { dirname, isAbsolute, join, relative, resolve, sep } = require('node:path');
const esbuild = require(workerData.esbuild);
// The first part of file's path below root that is outside it ('..') or hidden ('.env').
const badPart = (root, file) => {
  const rel = relative(root, file);
  if (isAbsolute(rel)) return '..';
  return rel.split(sep).find((part) => part === '..' || (part.startsWith('.') && part !== '.'));
};
const why = (root, file, part) => part === '..'
  ? 'which is outside the content folder; a data module may import only files of the content folder'
  : 'a hidden file; hidden files (.env, .npmrc, .git) are never read as content';
// Resolving an import, esbuild reads the package.json of each folder on the way (for "type", "sideEffects",
// "main"), a read no hook sees; it ignores tsconfig.json (tsconfigRaw). One of the content folder that is not
// a regular file there (a link out, a FIFO, a folder) is refused before esbuild reads it.
// seen (one Map a bundle) keeps each folder's answer: the imports of one folder walk its parents once.
const oddPackageJson = (root, file, seen) => {
  let at;
  try { at = realpathSync(file); } catch { try { at = realpathSync(dirname(file)); } catch { return undefined; } }
  const walked = [];
  let odd;
  for (; badPart(root, at) === undefined; at = dirname(at)) {
    if (seen.has(at)) { odd = seen.get(at); break; }
    walked.push(at);
    const found = join(at, 'package.json');
    let stat;
    try { stat = lstatSync(found); } catch { stat = undefined; }
    if (stat && !stat.isFile() && !regularInside(root, found)) { odd = found; break; }
    if (at === root) break;
  }
  for (const folder of walked) seen.set(folder, odd);
  return odd;
};
// A link to a regular file of the content folder, not hidden.
const regularInside = (root, file) => {
  try { const real = realpathSync(file); return badPart(root, real) === undefined && statSync(real).isFile(); } catch { return false; }
};
const guard = (root) => ({
  name: 'content-only',
  setup(build) {
    const seen = new Map();
    build.onResolve({ filter: /^(\.{0,2}\/|\/)/ }, (args) => {
      const file = resolve(args.resolveDir, args.path);
      const bad = oddPackageJson(root, file, seen);
      if (bad !== undefined) return { errors: [{ text: (args.kind === 'entry-point' ? 'it lies below ' : 'it imports ' + relative(root, file) + ', below ') + relative(root, bad) + ', which is not a regular file of the content folder (a link out, a FIFO, a folder); esbuild would read it to resolve imports: make it a regular file of the content folder, or remove it' }] };
      if (args.kind === 'entry-point') return undefined;
      const part = badPart(root, file);
      return part === undefined ? undefined : { errors: [{ text: 'it imports ' + relative(root, file) + ', ' + why(root, file, part) }] };
    });
    build.onLoad({ filter: /.*/ }, (args) => {
      let real;
      try { real = realpathSync(args.path); } catch { return undefined; }
      const part = badPart(root, real);
      if (part !== undefined) return { errors: [{ text: 'it imports ' + relative(root, args.path) + (real === args.path ? ', ' : ' (a link to ' + real + '), ') + why(root, real, part) }] };
      let fd;
      try { fd = openSync(real, constants.O_RDONLY | constants.O_NONBLOCK); } catch { return undefined; }
      try {
        if (!fstatSync(fd).isFile()) return { errors: [{ text: 'it imports ' + relative(root, args.path) + ', which is not a regular file (a FIFO, device or folder is never read)' }] };
      } finally { closeSync(fd); }
      return undefined;
    });
  },
});
parentPort.on('message', ({ port, done, options, root }) => {
  esbuild.build({ ...options, plugins: [guard(root)] }).then(
    (out) => ({ code: out.outputFiles[0].text, metafile: out.metafile }),
    (e) => ({ errors: (e.errors || []).map((m) => ({ text: m.text, location: m.location, pluginName: m.pluginName })), message: String(e.message || e) }),
  ).then((answer) => {
    port.postMessage(answer);
    Atomics.store(done, 0, 1);
    Atomics.notify(done, 0);
  });
});
`;

let worker: Worker | undefined;

/** Bundles with `options` (no plugins of its own), every file read by it inside `root` (real, the content folder). */
export function bundleDataModule(options: BuildOptions, root: string): DataBundle {
  worker ??= startWorker();
  const done = new Int32Array(new SharedArrayBuffer(4));
  const { port1, port2 } = new MessageChannel();
  try {
    worker.postMessage({ port: port2, done, options, root }, [port2]);
    if (Atomics.wait(done, 0, 0, LIMIT_MS) === 'timed-out') {
      void worker.terminate();
      worker = undefined;
      return { errors: [], message: `bundling it took more than ${LIMIT_MS / 1000} s (it was stopped)` };
    }
    return receiveMessageOnPort(port1)!.message as DataBundle;
  } finally {
    port1.close();
  }
}

function startWorker(): Worker {
  const started = new Worker(WORKER_SOURCE, { eval: true, workerData: { esbuild: createRequire(import.meta.url).resolve('esbuild') } });
  started.unref();
  // A worker that fails to start answers nothing: the wait's time limit reports it.
  started.on('error', () => undefined);
  return started;
}
