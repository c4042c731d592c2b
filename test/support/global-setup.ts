// Builds the real site once per test run, through the CLI as a user would,
// into test/.tmp/site, for every test that asserts on the real output (site
// tests, budgets, browser tests).
import { execFile } from 'node:child_process';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    siteOut: string;
    siteStats: { pages: number; links: number; bytes: number; output: string };
  }
}

export default async function setup(project: TestProject): Promise<void> {
  const root = resolve(import.meta.dirname, '../..');
  const outDir = join(root, 'test/.tmp/site');
  const env = { ...process.env, NODE_ENV: 'production', NO_COLOR: '1' };
  let output: string;
  try {
    const result = await promisify(execFile)(process.execPath, [join(root, 'bin/pkidocs.js'), 'build', '--no-cache', '--out', outDir], { cwd: root, env, maxBuffer: 1 << 26 });
    output = result.stderr + result.stdout;
  } catch (e) {
    const err = e as { stderr?: string; stdout?: string; code?: number };
    throw new Error(`The real site did not build (exit ${err.code}):\n${err.stderr ?? ''}${err.stdout ?? ''}`);
  }
  // The site's size is the last size of the line: what it wrote, what out/ already held, or "… MB in all".
  const m = /Built (\d+) pages \(\d+ rendered, \d+ reused\), checked (\d+) links .*, wrote .*[ (]([\d.]+) MB/.exec(output);
  if (!m) throw new Error(`Unexpected build output:\n${output}`);
  project.provide('siteOut', outDir);
  project.provide('siteStats', { pages: Number(m[1]), links: Number(m[2]), bytes: Number(m[3]) * 1e6, output });
}
