// Data modules: a TypeScript file in the content folder whose exports a page
// renders (the tables of the guides). Content, not code: the file is bundled
// with esbuild (it may import other files of the content folder, and JSON),
// then run in a child process under Node's permission model with no grant
// (data-module-child.ts): it cannot read or write a file, start a process or
// a worker, and it is killed after a time limit. `node:vm` alone was no
// boundary (a host-realm error's constructor gave back `process`). Only plain
// JSON leaves the child, so no object of the build reaches the module and
// none of the module's objects reaches the build.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { lstatSync, realpathSync } from 'node:fs';
import { basename, relative, resolve } from 'node:path';
import { moduleInputs } from '../shared/module-inputs.ts';
import { isInside } from '../shared/path-inside.ts';
import { bundleDataModule } from './data-bundle.ts';
import { CHILD_SOURCE } from './data-module-child.ts';
import { hiddenPartOf } from './read-file.ts';

export type DataValue = string | number | boolean | null | DataValue[] | { [key: string]: DataValue };

export interface DataModule {
  /** The module's exports, as plain JSON data. */
  exports: Record<string, DataValue>;
  /** What the bundle was made of (src/shared/module-inputs.ts): every file it read, absolute, and the resolutions of its imports. */
  inputs: string[];
}

export type DataModuleResult = { module: DataModule; problem?: undefined } | { module?: undefined; problem: string };

const TIME_LIMIT_MS = 2000;
/** The hard kill: the time limit plus the child's start-up (~50 ms idle, over a second on a loaded machine). */
const KILL_AFTER_MS = TIME_LIMIT_MS + 2000;
/** The largest answer read back: far above any table (the site's largest module answers ~12 KB). */
const MAX_ANSWER_BYTES = 16 * 1024 * 1024;
/** Node 20 calls the permission model experimental; later versions accept the plain flag. */
const PERMISSION_FLAG = process.allowedNodeEnvironmentFlags.has('--permission') ? '--permission' : '--experimental-permission';

/** Bundles and evaluates `file`; a problem is a sentence saying what went wrong and what to do. */
export function loadDataModule(file: string, contentDir: string): DataModuleResult {
  const root = resolve(contentDir);
  const realRoot = realpathSync(root);
  // Every import is judged before esbuild reads it (data-bundle.ts); the inputs are checked again below.
  const out = bundleDataModule({
    entryPoints: [file],
    bundle: true,
    write: false,
    metafile: true,
    format: 'cjs',
    platform: 'neutral',
    target: 'es2022',
    // Packages stay `require(…)` calls, which fail in the empty context with a clear message.
    packages: 'external',
    logLevel: 'silent',
    absWorkingDir: root,
    // No tsconfig.json is looked for: its "extends" could name any file of the machine.
    tsconfigRaw: '{}',
  }, realRoot);
  if (out.errors) {
    const first = out.errors[0];
    const at = first?.location?.file;
    // esbuild quotes what it could not parse, and reads files no plugin hook sees (a folder's package.json):
    // its text is shown only from a regular file that really is in the content folder, judged by where it leads.
    if (at && !isInside(resolve(root, at), root, { orSelf: true })) return { problem: outsideProblem(root, resolve(root, at)) };
    if (at && !quotable(resolve(root, at), root, realRoot)) return { problem: unquotableProblem(root, resolve(root, at)) };
    const where = first?.location ? `${at}:${first.location.line}:${first.location.column + 1}` : '';
    // An import the bundle refused: what it names, then where.
    if (first?.pluginName === 'content-only') return { problem: `${first.text}${where && ` (${where})`}` };
    return { problem: `it does not compile: ${where && `${where}: `}${first?.text ?? out.message}` };
  }
  const code = out.code;
  const { files, resolutions } = moduleInputs(out.metafile, root, file);
  const outside = files.find((p) => !isInside(p, root, { orSelf: true }));
  if (outside) return { problem: outsideProblem(root, outside) };
  const hidden = files.find((p) => hiddenPartOf(p, root) !== undefined);
  if (hidden) return { problem: `it imports ${relative(root, hidden)}, a hidden file; hidden files (.env, .npmrc, .git) are never read as content` };
  const run = runSandboxed(code, file);
  if (run.problem !== undefined) return run;
  return { module: { exports: JSON.parse(run.json) as Record<string, DataValue>, inputs: [...files, ...resolutions] } };
}

/** Whether esbuild's quote of `file` may be shown: a regular file, not a link, not hidden, whose real path is in the content folder. */
function quotable(file: string, root: string, realRoot: string): boolean {
  try {
    if (!lstatSync(file).isFile() || hiddenPartOf(file, root) !== undefined) return false;
    const real = realpathSync(file);
    return isInside(real, realRoot, { orSelf: true }) && hiddenPartOf(real, realRoot) === undefined;
  } catch {
    return false;
  }
}

function unquotableProblem(root: string, file: string): string {
  return `esbuild could not read ${relative(root, file)} while bundling it, a link, a hidden file or a file that leads out of the content folder (its text is not shown); make it a regular file of the content folder or remove it`;
}

function outsideProblem(root: string, file: string): string {
  return `it imports ${relative(root, file)}, which is outside the content folder; a data module may import only files of the content folder`;
}

/** The module's memoised answers, by a hash of the bundled code: a module read by two tables runs once. */
const answers = new Map<string, { json: string; problem?: undefined } | { problem: string }>();

/**
 * Runs the bundled module in a child process (data-module-child.ts) that can
 * read, write and start nothing, and kills it (SIGKILL, nothing it does can
 * delay that) when it overruns the time limit.
 */
function runSandboxed(code: string, file: string): { json: string; problem?: undefined } | { problem: string } {
  const key = createHash('sha256').update(code).digest('hex');
  const known = answers.get(key);
  if (known) return known;
  const result = spawnSync(process.execPath, [PERMISSION_FLAG, '--disallow-code-generation-from-strings', '--max-old-space-size=256', '--no-warnings', '-e', CHILD_SOURCE, basename(file), String(TIME_LIMIT_MS)], {
    input: code,
    env: {},
    cwd: '/',
    timeout: KILL_AFTER_MS,
    killSignal: 'SIGKILL',
    maxBuffer: MAX_ANSWER_BYTES,
    stdio: ['pipe', 'pipe', 'pipe'],
    encoding: 'utf8',
  });
  const answer = parseAnswer(result.stdout);
  let outcome: { json: string; problem?: undefined } | { problem: string };
  if ((result.error as NodeJS.ErrnoException | undefined)?.code === 'ETIMEDOUT' || (result.signal === 'SIGKILL' && !answer)) outcome = { problem: `it did not finish within ${TIME_LIMIT_MS} ms (it was stopped)` };
  else if ((result.error as NodeJS.ErrnoException | undefined)?.code === 'ENOBUFS') outcome = { problem: `its exports are larger than ${MAX_ANSWER_BYTES} bytes` };
  else if (answer?.json !== undefined && result.status === 0) outcome = { json: answer.json };
  else if (answer?.error !== undefined) outcome = { problem: /Script execution timed out/.test(answer.error) ? `it did not finish within ${TIME_LIMIT_MS} ms` : explain(answer.error) };
  else outcome = { problem: `it stopped without an answer (exit ${result.status ?? result.signal}): ${(result.stderr ?? '').trim().split('\n')[0] || 'no message'}` };
  answers.set(key, outcome);
  return outcome;
}

function parseAnswer(stdout: string | null): { json?: string; error?: string } | undefined {
  const line = (stdout ?? '').split('\n').find((l) => l.startsWith('{'));
  if (!line) return undefined;
  try {
    const value = JSON.parse(line) as unknown;
    if (typeof value !== 'object' || value === null) return undefined;
    const { json, error } = value as { json?: unknown; error?: unknown };
    return { json: typeof json === 'string' ? json : undefined, error: typeof error === 'string' ? error : undefined };
  } catch {
    return undefined;
  }
}

/** The child's error as a reason, with what a data module may do when it reached for Node.js. */
function explain(message: string): string {
  if (/is not defined$/.test(message)) {
    return `it failed while running: ${message}. Data modules run without Node.js (no require, process, fs, imports of packages): they only compute and export plain data`;
  }
  if (/Access to this API has been restricted|Code generation from strings disallowed|process\.binding/.test(message)) {
    return `it tried to reach outside its sandbox (${message}). Data modules can read no file, start no process and run no generated code: they only compute and export plain data`;
  }
  return `it failed while running: ${message}`;
}
