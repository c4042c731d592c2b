// How every bench measures a command: the wall time from spawn to exit, and the
// peak resident memory of the whole process tree (the command and every process
// it started: pkidocs' TypeDoc child, esbuild's service, TypeDoc's own fork),
// sampled every 50 ms from /proc. /usr/bin/time's maximum RSS is that of the
// largest single process, which hides a child running beside its parent.
import { spawn } from 'node:child_process';
import { readFileSync, readdirSync } from 'node:fs';

export interface Measured {
  seconds: number;
  peakMb: number;
  /** stdout and stderr, interleaved as they came. */
  output: string;
}

const SAMPLE_MS = 50;

/** The process and its descendants, through each thread's `children` list. */
function tree(pid: number, into: number[] = []): number[] {
  into.push(pid);
  let tasks: string[];
  try {
    tasks = readdirSync(`/proc/${pid}/task`);
  } catch {
    return into; // gone meanwhile
  }
  for (const tid of tasks) {
    let children = '';
    try {
      children = readFileSync(`/proc/${pid}/task/${tid}/children`, 'utf8');
    } catch {
      continue;
    }
    for (const child of children.split(' ')) if (child.trim()) tree(Number(child), into);
  }
  return into;
}

/** VmRSS of a process in kB (0 when it is gone or is a zombie). */
function rssKb(pid: number): number {
  try {
    const m = /^VmRSS:\s+(\d+) kB/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return m ? Number(m[1]) : 0;
  } catch {
    return 0;
  }
}

/** The resident memory of the whole tree under `pid` now, in kB. */
export function treeRssKb(pid: number): number {
  return tree(pid).reduce((sum, p) => sum + rssKb(p), 0);
}

/** Runs a command to its end; throws with its output when it fails. */
export function measure(command: string, args: string[], options: { cwd: string; env?: NodeJS.ProcessEnv }): Promise<Measured> {
  return new Promise((done, failed) => {
    const start = performance.now();
    const child = spawn(command, args, { cwd: options.cwd, env: { ...process.env, NO_COLOR: '1', ...options.env }, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    let peakKb = 0;
    let seconds = 0;
    const sample = (): void => {
      if (child.pid) peakKb = Math.max(peakKb, treeRssKb(child.pid));
    };
    const timer = setInterval(sample, SAMPLE_MS);
    sample();
    child.stdout.on('data', (d: Buffer) => (output += d.toString()));
    child.stderr.on('data', (d: Buffer) => (output += d.toString()));
    child.on('error', failed);
    child.on('exit', () => {
      seconds = (performance.now() - start) / 1000;
      clearInterval(timer);
    });
    child.on('close', (code) => {
      if (code !== 0) failed(new Error(`${command} ${args.join(' ')} failed (exit ${code}):\n${output}`));
      else done({ seconds, peakMb: peakKb / 1024, output });
    });
  });
}

export const median = (xs: number[]): number => {
  const s = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
};

/** `min–max` of a case's rounds, for the table beside the median. */
export const range = (xs: number[], digits: number): string => `${Math.min(...xs).toFixed(digits)}–${Math.max(...xs).toFixed(digits)}`;
