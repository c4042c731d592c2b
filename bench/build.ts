// npm run bench: median wall time and peak RSS of a cold build (no cache),
// warm builds (cache present, into the same out/ every time, as a user
// rebuilds: unchanged files are hard-linked from it) with nothing changed and
// with one Markdown file changed, and TypeDoc's own HTML output of the same
// d.ts, measured in the same run, round by round. RUNS=n sets the rounds (default 5).
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

interface Case {
  name: string;
  /** The command, given the output folder. */
  args: (out: string) => string[];
  /** The same output folder every run (warm builds); else a fresh one per run, removed after it. */
  sameOut?: string;
  /** Runs untimed before each run. */
  before?: (round: number) => void;
  samples: Sample[];
}

function runCase(c: Case, round: number): void {
  const out = c.sameOut ?? mkdtempSync(join(tmpdir(), 'pkidocs-bench-'));
  try {
    c.before?.(round);
    c.samples.push(run(c.args(out)));
  } finally {
    if (!c.sameOut) rmSync(out, { recursive: true, force: true });
    // The file system's deferred work for what was just written and removed (the journal, and
    // on a disk mounted with discard, trimming the freed blocks) is done now, untimed: left
    // pending, it slowed the next run's writes by up to 0.5 s, whichever tool that run was.
    // An author's next build comes seconds later, when the disk has long settled.
    settleDisk();
  }
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
const typedoc: Case = { name: 'typedoc --out', args: (out) => [node, '--import', 'tsx', join(ROOT, 'bench/typedoc-html.ts'), ENTRY, out], samples: [] };
const cold: Case = { name: 'cold build', args: (out) => [...cli, '--no-cache', '--out', out], samples: [] };
const warm: Case = { name: 'warm build, nothing changed', args: (out) => [...cli, '--out', out], sameOut: WARM_OUT, samples: [] };
const oneMd: Case = {
  name: 'warm build, one Markdown file changed',
  args: (out) => [...cli, '--out', out],
  sameOut: WARM_OUT,
  before: (round) => writeFileSync(EDITED, `${original}\nBenchmark edit ${round} of ${process.pid}.\n`),
  samples: [],
};
// Round by round, each case once: the load of a shared machine drifts over minutes, and
// interleaving gives every case the same drift. Each ratio is also taken within its round.
try {
  for (let round = 0; round < RUNS; round++) {
    runCase(typedoc, round);
    runCase(cold, round);
    // Untimed: the warm cases build after a build into their own out/ (the cold run's cache
    // records its out/, and the page edited last round is back as it was).
    run([...cli, '--out', WARM_OUT]);
    settleDisk();
    runCase(warm, round);
    runCase(oneMd, round);
    writeFileSync(EDITED, original);
    process.stderr.write(`round ${round + 1}: ${[typedoc, cold, warm, oneMd].map((c) => `${c.samples.at(-1)!.seconds.toFixed(2)} s`).join(', ')}\n`);
  }
} finally {
  writeFileSync(EDITED, original);
  run([...cli, '--out', WARM_OUT]);
  rmSync(WARM_OUT, { recursive: true, force: true });
}

const time = (c: Case): number => median(c.samples.map((x) => x.seconds));
const rss = (c: Case): number => median(c.samples.map((x) => x.rssMb));
/** The median over rounds of this case's time against TypeDoc's in the same round. */
const ratio = (c: Case): number => median(c.samples.map((x, i) => x.seconds / typedoc.samples[i]!.seconds));

const rows = [
  ['case', 'median wall', 'median peak RSS', 'vs TypeDoc HTML', 'target'],
  ['TypeDoc HTML (typedoc --out)', `${time(typedoc).toFixed(2)} s`, `${rss(typedoc).toFixed(0)} MB`, '1.00×', ''],
  ['pkidocs cold build (--no-cache)', `${time(cold).toFixed(2)} s`, `${rss(cold).toFixed(0)} MB`, `${ratio(cold).toFixed(2)}×`, '≤ 0.80×, ≤ 400 MB'],
  ['pkidocs warm, nothing changed', `${time(warm).toFixed(2)} s`, `${rss(warm).toFixed(0)} MB`, `${ratio(warm).toFixed(2)}×`, '≤ 0.10×'],
  ['pkidocs warm, one .md changed', `${time(oneMd).toFixed(2)} s`, `${rss(oneMd).toFixed(0)} MB`, `${ratio(oneMd).toFixed(2)}×`, '≤ 0.12×'],
];
console.log(`\n${RUNS} rounds, each case once per round; medians (a ratio is the median of the rounds' own ratios):\n`);
for (const r of rows) console.log(r.map((c, i) => c.padEnd([34, 13, 17, 17, 18][i]!)).join(''));
