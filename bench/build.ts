// npm run bench: median wall time and peak RSS of a cold build (no cache),
// warm builds (cache present, into the same out/ every time, as a user
// rebuilds: unchanged files are hard-linked from it) with nothing changed and
// with one Markdown file changed, and TypeDoc's own HTML output of the same
// d.ts, measured in the same run. RUNS=n sets the runs per case (default 5).
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

const ROOT = resolve(import.meta.dirname, '..');
const RUNS = Number(process.env.RUNS ?? 5);
const ENTRY = join(ROOT, 'node_modules/pkijs/build/index.d.ts');

interface Sample {
  seconds: number;
  rssMb: number;
}

/** Runs a command under GNU time and reads its wall time and peak RSS. */
function run(args: string[]): Sample {
  const r = spawnSync('/usr/bin/time', ['-f', '@@%e %M', ...args], { cwd: ROOT, encoding: 'utf8', env: { ...process.env, NO_COLOR: '1' } });
  const m = /@@([\d.]+) (\d+)/.exec(r.stderr);
  if (r.status !== 0 || !m) throw new Error(`${args.join(' ')} failed (exit ${r.status}):\n${r.stderr}`);
  return { seconds: Number(m[1]), rssMb: Number(m[2]) / 1024 };
}

function settleDisk(): void {
  spawnSync('sync');
}

const median = (xs: number[]): number => {
  const s = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
};

/** `args` gets the output folder: a fresh one per run, or `sameOut` every time; `before` runs untimed before each run. */
function bench(name: string, args: (out: string) => string[], sameOut?: string, before?: (i: number) => void): { time: number; rss: number } {
  const samples: Sample[] = [];
  for (let i = 0; i < RUNS; i++) {
    const out = sameOut ?? mkdtempSync(join(tmpdir(), 'pkidocs-bench-'));
    try {
      before?.(i);
      samples.push(run(args(out)));
    } finally {
      if (!sameOut) rmSync(out, { recursive: true, force: true });
      // The file system's deferred work for what was just written and removed (the journal, and
      // on a disk mounted with discard, trimming the freed blocks) is done now, untimed: left
      // pending, it slowed the next run's writes by up to 0.5 s, whichever tool that run was.
      // An author's next build comes seconds later, when the disk has long settled.
      settleDisk();
    }
    process.stderr.write('.');
  }
  const result = { time: median(samples.map((s) => s.seconds)), rss: median(samples.map((s) => s.rssMb)) };
  process.stderr.write(` ${name}: ${result.time.toFixed(2)} s, ${result.rss.toFixed(0)} MB\n`);
  return result;
}

const node = process.execPath;
const cli = [node, join(ROOT, 'bin/pkidocs.js'), 'build'];
const WARM_OUT = join(tmpdir(), 'pkidocs-bench-warm');
rmSync(WARM_OUT, { recursive: true, force: true });
// Fill the caches and out/ once, so that "warm" measures a build with an unchanged API.
run([...cli, '--out', WARM_OUT]);

// The Markdown page the one-change case edits (restored afterwards): a line appended, different each run.
const EDITED = join(ROOT, 'content/docs/installation.md');
const original = readFileSync(EDITED, 'utf8');
const typedoc = bench('typedoc --out', (out) => [node, '--import', 'tsx', join(ROOT, 'bench/typedoc-html.ts'), ENTRY, out]);
const cold = bench('cold build', (out) => [...cli, '--no-cache', '--out', out]);
const warm = bench('warm build, nothing changed', (out) => [...cli, '--out', out], WARM_OUT);
let oneMd: { time: number; rss: number };
try {
  oneMd = bench('warm build, one Markdown file changed', (out) => [...cli, '--out', out], WARM_OUT, (i) => writeFileSync(EDITED, `${original}\nBenchmark edit ${i} of ${process.pid}.\n`));
} finally {
  writeFileSync(EDITED, original);
  run([...cli, '--out', WARM_OUT]);
  rmSync(WARM_OUT, { recursive: true, force: true });
}

const rows = [
  ['case', 'median wall', 'median peak RSS', 'vs TypeDoc HTML', 'target'],
  ['TypeDoc HTML (typedoc --out)', `${typedoc.time.toFixed(2)} s`, `${typedoc.rss.toFixed(0)} MB`, '1.00×', ''],
  ['pkidocs cold build (--no-cache)', `${cold.time.toFixed(2)} s`, `${cold.rss.toFixed(0)} MB`, `${(cold.time / typedoc.time).toFixed(2)}×`, '≤ 0.80×, ≤ 400 MB'],
  ['pkidocs warm, nothing changed', `${warm.time.toFixed(2)} s`, `${warm.rss.toFixed(0)} MB`, `${(warm.time / typedoc.time).toFixed(2)}×`, '≤ 0.10×'],
  ['pkidocs warm, one .md changed', `${oneMd.time.toFixed(2)} s`, `${oneMd.rss.toFixed(0)} MB`, `${(oneMd.time / typedoc.time).toFixed(2)}×`, '≤ 0.12×'],
];
console.log(`\n${RUNS} runs per case, medians:\n`);
for (const r of rows) console.log(r.map((c, i) => c.padEnd([34, 13, 17, 17, 18][i]!)).join(''));
