// Runs vitest for test/mutate-examples.ts: the example suite or the tests related
// to one file, each with the JSON reporter, and reads the report back.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const REPORT_DIR = path.join(ROOT, 'test/.tmp/mutate');

/** The vitest run in progress, for the signal handlers. */
let child: ChildProcess | undefined;

/** Ends the vitest run in progress and its workers (it runs in a process group of its own). */
export function stopVitest(): void {
  if (!child?.pid) return;
  try { process.kill(-child.pid, 'SIGTERM'); } catch { /* already gone */ }
}

export interface SuiteResult {
  passed: boolean;
  /** The run failed before any test failed (a build lock held by another run, a crash): no verdict. */
  setupError?: boolean;
  /** The first failing test ("file > name"), or why the run failed without one. */
  firstFailure?: string;
  /** The test files that ran, one entry per project ("<project>|<file>" is not in the report: file names repeat). */
  files: string[];
  seconds: number;
}

interface JsonReport {
  testResults?: Array<{
    name: string;
    message?: string;
    assertionResults?: Array<{ fullName: string; status: string; failureMessages?: string[] }>;
  }>;
}

export const SUITE = 'test/examples';
const VITEST_ARGS = ['--bail=1', '--reporter=json'];

/**
 * Runs vitest with `args` and the JSON reporter; stops at the first failure.
 * With `related <file>`, only the tests that import the file, directly or
 * through other modules.
 */
async function runVitest(label: string, args: string[]): Promise<SuiteResult> {
  mkdirSync(REPORT_DIR, { recursive: true });
  const report = path.join(REPORT_DIR, `${label}.json`);
  rmSync(report, { force: true });
  const started = Date.now();
  let stderr = '';
  const code = await new Promise<number>((resolve) => {
    child = spawn('npx', ['vitest', ...args, ...VITEST_ARGS, `--outputFile=${report}`],
      { cwd: ROOT, stdio: ['ignore', 'ignore', 'pipe'], detached: true });
    child.stderr?.on('data', (chunk: Buffer) => { stderr = (stderr + chunk.toString()).slice(-4000); });
    child.on('close', (exit) => {
      child = undefined;
      if (exit !== 0 && exit !== 1) console.error(stderr);
      resolve(exit ?? 1);
    });
  });
  const seconds = Math.round((Date.now() - started) / 1000);
  let json: JsonReport | undefined;
  try { json = JSON.parse(readFileSync(report, 'utf8')) as JsonReport; } catch { /* no report: judged below */ }
  const files = (json?.testResults ?? []).map((file) => path.relative(ROOT, file.name)).sort();
  if (code === 0) return { passed: true, files, seconds };
  const lastError = stderr.split('\n').map((line) => line.trim()).filter((line) => /error/i.test(line)).slice(-1)[0];
  let firstFailure = `vitest exited with ${code} and reported no failing test (a setup error?)${lastError ? `: ${lastError.slice(0, 200)}` : ''}`;
  for (const file of json?.testResults ?? []) {
    const relative = path.relative(ROOT, file.name);
    const failed = file.assertionResults?.find((test) => test.status === 'failed');
    if (failed) {
      const message = (failed.failureMessages?.[0] ?? '').split('\n')[0]?.slice(0, 160);
      firstFailure = `${relative} > ${failed.fullName}${message ? ` (${message})` : ''}`;
      break;
    }
    if (file.message) firstFailure = `${relative}: ${file.message.split('\n')[0]}`;
  }
  return { passed: false, setupError: firstFailure.startsWith('vitest exited'), firstFailure, files, seconds };
}

/** Runs once more when the first run gave no verdict: it may have met another run's lock. */
export async function runTwiceOnSetupError(label: string, args: string[]): Promise<SuiteResult> {
  const result = await runVitest(label, args);
  return result.setupError ? runVitest(label, args) : result;
}

/** The whole example suite, every project, as `vitest run test/examples` runs it (a multiset of file names). */
export async function suiteFiles(): Promise<string[]> {
  mkdirSync(REPORT_DIR, { recursive: true });
  const list = path.join(REPORT_DIR, 'suite-files.json');
  await new Promise<void>((resolve) => {
    child = spawn('npx', ['vitest', 'list', SUITE, '--filesOnly', `--json=${list}`], { cwd: ROOT, stdio: 'ignore', detached: true });
    child.on('close', () => { child = undefined; resolve(); });
  });
  try {
    const entries = JSON.parse(readFileSync(list, 'utf8')) as Array<{ file: string }>;
    return entries.map((entry) => path.relative(ROOT, entry.file)).sort();
  } catch {
    return []; // unknown: every mutant the related tests let through then goes to the whole suite
  }
}
