// npm run bench: pkidocs builds of the real site against TypeDoc's own HTML
// output of the default version's d.ts (yardstick.ts), in throw-away copies of
// the checkout (sites.ts): the real site, every documented version (today
// 4.0.0 + 3.3.2), and the same site trimmed to its default version (3.3.2).
// Cases: cold (--no-cache) and warm with nothing changed, for each site; on the
// real site, warm with one Markdown file changed (one page rendered) and warm
// with one doc comment of the d.ts changed. Warm builds go into the same out/
// every time, as a user rebuilds.
// Each time is the wall time of the whole process, spawn to exit (the CLI's
// own "Built … in" figure, printed beside it, leaves out start-up and exit);
// each memory figure the peak of the whole process tree (measure.ts).
// RUNS=n rounds (default 5); --record appends the table to docs/benchmarks.md.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { builtLine } from './built-line.ts';
import { measure, median, range, type Measured } from './measure.ts';
import { loadAverage, record } from './record.ts';
import { allVersionsSite, singleVersionSite, type BenchSite } from './sites.ts';
import { yardstick } from './yardstick.ts';

const RUNS = Number(process.env.RUNS ?? 5);
const loadAtStart = loadAverage();
const DIR = mkdtempSync(join(tmpdir(), 'pkidocs-bench-'));
const all = allVersionsSite(join(DIR, 'all'));
const single = singleVersionSite(join(DIR, 'single'));
const ENTRY = join(all.dir, 'node_modules/pkijs/build/index.d.ts');
const MARKDOWN = join(all.dir, 'content/docs/installation.md');
const markdown = readFileSync(MARKDOWN, 'utf8');
const dts = readFileSync(ENTRY, 'utf8');
const COMMENT = 'Initializes a new instance of the {@link Certificate} class';
if (dts.split(COMMENT).length !== 2) throw new Error(`The d.ts edit needs exactly one "${COMMENT}" in ${ENTRY}.`);

interface Sample extends Measured {
  /** The CLI's own figure ("Built … in 5.05 s"), when it printed one. */
  built?: number;
  /** Pages this run rendered (not the site's page count). */
  pages?: number;
}
interface Case {
  name: string;
  target: string;
  /** Untimed, before each run. */
  prepare?: () => Promise<unknown>;
  run: (round: number) => Promise<Sample>;
  samples: Sample[];
}

const typedoc = yardstick(ENTRY);
let programFiles = '';

async function build(site: BenchSite, args: string[]): Promise<Sample> {
  const r = await measure(process.execPath, [join(site.dir, 'bin/pkidocs.js'), 'build', '--config', site.config, ...args], { cwd: site.dir });
  const line = builtLine(r.output);
  return { ...r, pages: line?.rendered, built: line?.seconds };
}

/** Runs with a fresh output folder, removed afterwards. */
async function freshOut<T>(f: (out: string) => Promise<T>): Promise<T> {
  const out = mkdtempSync(join(tmpdir(), 'pkidocs-bench-out-'));
  try {
    return await f(out);
  } finally {
    rmSync(out, { recursive: true, force: true });
  }
}

/** A site's warm out/, where every warm build of it goes. */
const warmOut = (site: BenchSite): string => join(site.dir, 'out');
/** Untimed: a warm case starts from a build into its own out/ (the cache records the out/ of the last build, a cold one's). */
const rebuild = (site: BenchSite) => (): Promise<Sample> => build(site, ['--out', warmOut(site)]);
const cold = (site: BenchSite) => (): Promise<Sample> => freshOut((out) => build(site, ['--no-cache', '--out', out]));

const cases: Case[] = [
  { name: 'TypeDoc HTML (its CLI, empty folder)', target: '', samples: [], run: () => freshOut(async (out) => {
    const r = await typedoc.run(out);
    programFiles = r.files;
    return r;
  }) },
  { name: `pkidocs cold (--no-cache), ${single.versions} only`, target: '≤ 0.85×; tree peak ≤ TypeDoc’s', samples: [], run: cold(single) },
  { name: `pkidocs cold (--no-cache), ${all.versions}`, target: '', samples: [], run: cold(all) },
  { name: `pkidocs warm, nothing changed, ${single.versions} only`, target: '≤ 0.08×', samples: [], prepare: rebuild(single), run: rebuild(single) },
  { name: `pkidocs warm, nothing changed, ${all.versions}`, target: '≤ 0.08×', samples: [], prepare: async () => {
    writeFileSync(MARKDOWN, markdown); // the previous round's edit undone
    await rebuild(all)();
  }, run: rebuild(all) },
  { name: `pkidocs warm, one Markdown file changed, ${all.versions}`, target: '≤ 0.10×, 1 page rendered', samples: [], run: (round) => {
    writeFileSync(MARKDOWN, `${markdown}\nBenchmark edit ${round}.\n`);
    return rebuild(all)();
  } },
  // Left changed: the next round's cold build converts this d.ts and fills the cache with it.
  { name: `pkidocs warm, a d.ts doc comment changed, ${all.versions}`, target: '≤ 0.6×', samples: [], run: (round) => {
    writeFileSync(ENTRY, dts.replace(COMMENT, `${COMMENT} (benchmark edit ${round})`));
    return rebuild(all)();
  } },
];

/**
 * The file system's deferred work for what a run wrote and removed (the journal, and on a disk
 * mounted with discard the trims) is done untimed between runs: left pending, it slowed the
 * next run's writes by up to 0.5 s, whichever tool that run was.
 */
const settleDisk = (): void => void spawnSync('sync');

try {
  for (const site of [all, single]) await rebuild(site)(); // the CLI bundle and the caches of each copy
  // Round by round, each case once: the load of a shared machine drifts over minutes, and
  // interleaving gives every case the same drift. Each ratio is taken within its round.
  for (let round = 0; round < RUNS; round++) {
    for (const c of cases) {
      await c.prepare?.();
      settleDisk();
      c.samples.push(await c.run(round));
    }
    process.stderr.write(`round ${round + 1}: ${cases.map((c) => `${c.samples.at(-1)!.seconds.toFixed(2)} s`).join(', ')} (load ${loadAverage()})\n`);
  }
} finally {
  typedoc.remove();
  rmSync(DIR, { recursive: true, force: true });
}

const [yard] = cases;
/** The median over rounds of this case's time against TypeDoc's in the same round. */
const ratio = (c: Case): number => median(c.samples.map((x, i) => x.seconds / yard!.samples[i]!.seconds));
const seconds = (xs: number[]): string => `${median(xs).toFixed(2)} s (${range(xs, 2)})`;
const rows = cases.map((c) => {
  const built = c.samples.flatMap((s) => (s.built === undefined ? [] : [s.built]));
  const pages = [...new Set(c.samples.map((s) => s.pages ?? '?'))].join(', ');
  return [c.name, seconds(c.samples.map((s) => s.seconds)), built.length ? seconds(built) : '', `${ratio(c).toFixed(2)}×`,
    `${median(c.samples.map((s) => s.peakMb)).toFixed(0)} MB (${range(c.samples.map((s) => s.peakMb), 0)})`, c === yard ? '' : pages, c.target];
});
const table = [
  `${RUNS} interleaved rounds; medians (min–max); a ratio is the median of the rounds' own ratios. ` +
    `Sites: ${all.versions} (the real one) and ${single.versions} only (its config trimmed to that version). ` +
    `TypeDoc documents ${single.versions}'s d.ts; its program: ${programFiles}.`,
  '',
  '| case | wall, spawn to exit | "Built … in" | vs TypeDoc | tree peak RSS | pages rendered | target |',
  '|---|---|---|---|---|---|---|',
  ...rows.map((r) => `| ${r.join(' | ')} |`),
].join('\n');
console.log(`\n${table}\n\nLoad average (1 / 5 / 15 min): ${loadAtStart} at the start, ${loadAverage()} at the end.`);
record('npm run bench', table, loadAtStart);
