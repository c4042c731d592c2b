// npm run bench: median wall time and peak RSS of a cold build (no cache), a
// warm build (cache present) and TypeDoc's own HTML output of the same d.ts,
// measured in the same run. RUNS=n sets the runs per case (default 5).
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
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

const median = (xs: number[]): number => {
  const s = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
};

function bench(name: string, args: () => string[]): { time: number; rss: number } {
  const samples: Sample[] = [];
  for (let i = 0; i < RUNS; i++) {
    const out = mkdtempSync(join(tmpdir(), 'pkidocs-bench-'));
    try {
      samples.push(run([...args(), out]));
    } finally {
      rmSync(out, { recursive: true, force: true });
    }
    process.stderr.write('.');
  }
  const result = { time: median(samples.map((s) => s.seconds)), rss: median(samples.map((s) => s.rssMb)) };
  process.stderr.write(` ${name}: ${result.time.toFixed(2)} s, ${result.rss.toFixed(0)} MB\n`);
  return result;
}

const node = process.execPath;
const cli = [node, join(ROOT, 'bin/pkidocs.js'), 'build'];
// Fill the cache once, so that "warm" measures a build with an unchanged API.
run([...cli, '--out', join(tmpdir(), 'pkidocs-bench-prime')]);
rmSync(join(tmpdir(), 'pkidocs-bench-prime'), { recursive: true, force: true });

const typedoc = bench('typedoc --out', () => [node, '--import', 'tsx', join(ROOT, 'bench/typedoc-html.ts'), ENTRY]);
const cold = bench('cold build', () => [...cli, '--no-cache', '--out']);
const warm = bench('warm build', () => [...cli, '--out']);

const rows = [
  ['case', 'median wall', 'median peak RSS', 'vs TypeDoc HTML', 'target'],
  ['TypeDoc HTML (typedoc --out)', `${typedoc.time.toFixed(2)} s`, `${typedoc.rss.toFixed(0)} MB`, '1.00×', ''],
  ['pkidocs cold build (--no-cache)', `${cold.time.toFixed(2)} s`, `${cold.rss.toFixed(0)} MB`, `${(cold.time / typedoc.time).toFixed(2)}×`, '≤ 1.00×, ≤ 400 MB'],
  ['pkidocs warm build', `${warm.time.toFixed(2)} s`, `${warm.rss.toFixed(0)} MB`, `${(warm.time / typedoc.time).toFixed(2)}×`, '≤ 0.25×, ≤ 400 MB'],
];
console.log(`\n${RUNS} runs per case, medians:\n`);
for (const r of rows) console.log(r.map((c, i) => c.padEnd([34, 13, 17, 17, 18][i]!)).join(''));
