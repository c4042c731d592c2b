// npm run bench:scale: how a build's cost grows with the site. Generates
// synthetic sites at 1×, 4× and 10× the real one (22 Markdown pages with
// headings, code and links; a d.ts of 127 classes, 273 interfaces and 3
// enums with documented members, per 1×) in throw-away checkouts, and prints
// per size the median cold (--no-cache) and warm (nothing changed, same out/)
// wall time of the whole process, the time per page, the cold build against
// TypeDoc's own HTML output of the same d.ts (yardstick.ts; interleaved with
// the cold runs), the peak RSS of the whole process tree (measure.ts) of the
// cold and warm builds and of TypeDoc, and the
// output size. SIZES=1,4,10 and RUNS=n (default 3) choose what runs;
// --record appends the table to docs/benchmarks.md.
import { mkdirSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { copyCheckout } from './checkout.ts';
import { measure, median } from './measure.ts';
import { loadAverage, record } from './record.ts';
import { yardstick } from './yardstick.ts';
import { fixtureConfig, fixtureHome } from '../test/support/fixture-site.ts';

const SIZES = (process.env.SIZES ?? '1,4,10').split(',').map(Number);
const RUNS = Number(process.env.RUNS ?? 3);
const BASE = { docs: 22, classes: 127, interfaces: 273, enums: 3, members: 8 };

const CONFIG = fixtureConfig('Scale', 'A synthetic site');
const HOME = fixtureHome('Scale');

function dts(factor: number): string {
  const out: string[] = [];
  const member = (owner: string, m: number): string =>
    `  /**\n   * Member ${m} of ${owner}: returns the value for ${owner.toLowerCase()} ${m}.\n   * @param value - The input of step ${m}.\n   */\n  member${m}(value: string, other?: ${owner}): Promise<number>;\n  /** Field ${m}. */\n  field${m}: string;`;
  for (let i = 0; i < BASE.interfaces * factor; i++) {
    out.push(`/** Parameters number ${i}. */\nexport interface Params${i} {\n${Array.from({ length: BASE.members / 2 }, (_, m) => `  /** Option ${m}. */\n  option${m}?: string;`).join('\n')}\n}`);
  }
  for (let i = 0; i < BASE.classes * factor; i++) {
    const name = `Thing${i}`;
    out.push(`/**\n * Thing number ${i}, built from {@link Params${i % (BASE.interfaces * factor)}}.\n *\n * \`\`\`ts\n * const t = new ${name}();\n * \`\`\`\n */\nexport declare class ${name} {\n  constructor(params?: Params${i % (BASE.interfaces * factor)});\n${Array.from({ length: BASE.members }, (_, m) => member(name, m)).join('\n')}\n}`);
  }
  for (let i = 0; i < BASE.enums * factor; i++) out.push(`/** Kinds ${i}. */\nexport declare enum Kind${i} {\n  A = 0,\n  B = 1\n}`);
  return `${out.join('\n')}\n`;
}

function markdown(i: number, count: number): string {
  const next = (i + 1) % count;
  const title = i === 0 ? 'Installation' : `Page ${i}`;
  return `---\ntitle: ${title}\ndescription: Synthetic page ${i}.\nsidebar_position: ${i + 1}\n---\n\n## Overview\n\nThis page shows \`Thing${i}\` and links to [the next page](./${next === 0 ? 'installation' : `page-${next}`}.md#overview).\n\n\`\`\`ts\nimport { Thing${i} } from 'pkijs';\nconst thing = new Thing${i}();\nawait thing.member0('x');\n\`\`\`\n\n## Details\n\n${'Some prose about the library, with a sentence or two of detail. '.repeat(20)}\n\n### More\n\n- one\n- two\n- three\n`;
}

function makeSite(dir: string, factor: number): void {
  copyCheckout(dir);
  const pkg = join(dir, 'node_modules/pkijs');
  mkdirSync(join(pkg, 'build'), { recursive: true });
  writeFileSync(join(pkg, 'package.json'), JSON.stringify({ name: 'pkijs', version: '3.3.2', types: 'build/index.d.ts' }));
  writeFileSync(join(pkg, 'README.md'), '# pkijs\n\nA synthetic library.\n');
  writeFileSync(join(pkg, 'build/index.d.ts'), dts(factor));
  for (const sub of ['docs', 'pages', 'static']) mkdirSync(join(dir, 'content', sub), { recursive: true });
  writeFileSync(join(dir, 'content/site.config.ts'), CONFIG);
  writeFileSync(join(dir, 'content/pages/index.tsx'), HOME);
  writeFileSync(join(dir, 'content/static/logo.svg'), '<svg xmlns="http://www.w3.org/2000/svg" width="8" height="8"/>\n');
  const count = BASE.docs * factor;
  for (let i = 0; i < count; i++) writeFileSync(join(dir, 'content/docs', i === 0 ? 'installation.md' : `page-${i}.md`), markdown(i, count));
}

interface Sample {
  seconds: number;
  rssMb: number;
  pages: number;
}

async function build(dir: string, args: string[]): Promise<Sample> {
  const r = await measure(process.execPath, [join(dir, 'bin/pkidocs.js'), 'build', ...args], { cwd: dir });
  const pages = /Built (\d+) pages/.exec(r.output);
  if (!pages) throw new Error(`build in ${dir} printed no page count:\n${r.output}`);
  return { seconds: r.seconds, rssMb: r.peakMb, pages: Number(pages[1]) };
}

function size(dir: string): number {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' }).reduce((n, f) => {
    const s = statSync(join(dir, f));
    return s.isFile() ? n + s.size : n;
  }, 0);
}

const loadAtStart = loadAverage();
const mb = (xs: number[]): string => `${median(xs).toFixed(0)} MB`;
const rows: string[][] = [['size', 'pages', 'cold', 'cold per page', 'TypeDoc HTML', 'cold vs TypeDoc', 'warm', 'warm per page', 'tree peak: cold / warm / TypeDoc', 'output']];
for (const factor of SIZES) {
  const dir = join(tmpdir(), `pkidocs-scale-${factor}`);
  const out = join(dir, 'out');
  makeSite(dir, factor);
  const typedoc = yardstick(join(dir, 'node_modules/pkijs/build/index.d.ts'));
  await build(dir, ['--out', out]); // the CLI bundle and the caches
  const cold: Sample[] = [];
  const docs: { seconds: number; peakMb: number }[] = [];
  const warm: Sample[] = [];
  // TypeDoc and the cold build in turns, so that both see the same drift of the machine's load.
  for (let i = 0; i < RUNS; i++) {
    docs.push(await typedoc.run(join(dir, 'typedoc-out')));
    rmSync(join(dir, 'typedoc-out'), { recursive: true, force: true });
    cold.push(await build(dir, ['--no-cache', '--out', out]));
    process.stderr.write('.');
  }
  for (let i = 0; i < RUNS; i++) {
    warm.push(await build(dir, ['--out', out]));
    process.stderr.write('.');
  }
  const pages = cold[0]!.pages;
  const c = median(cold.map((s) => s.seconds));
  const w = median(warm.map((s) => s.seconds));
  const ratio = median(cold.map((s, i) => s.seconds / docs[i]!.seconds));
  rows.push([`${factor}×`, String(pages), `${c.toFixed(2)} s`, `${((c / pages) * 1000).toFixed(1)} ms`, `${median(docs.map((d) => d.seconds)).toFixed(2)} s`, `${ratio.toFixed(2)}×`,
    `${w.toFixed(2)} s`, `${((w / pages) * 1000).toFixed(2)} ms`, `${mb(cold.map((s) => s.rssMb))} / ${mb(warm.map((s) => s.rssMb))} / ${mb(docs.map((d) => d.peakMb))}`, `${(size(out) / 1e6).toFixed(1)} MB`]);
  process.stderr.write(` ${factor}×: | ${rows.at(-1)!.join(' | ')} | (load ${loadAverage()})\n`);
  typedoc.remove();
  rmSync(dir, { recursive: true, force: true });
}
const table = [
  `${RUNS} runs per case, medians (warm: nothing changed, same out/; targets at 10×: cold ≤ 0.9× TypeDoc, tree peak ≤ 700 MB):`,
  '',
  `| ${rows[0]!.join(' | ')} |`,
  `|${rows[0]!.map(() => '---|').join('')}`,
  ...rows.slice(1).map((r) => `| ${r.join(' | ')} |`),
].join('\n');
console.log(`\n${table}\n\nLoad average (1 / 5 / 15 min): ${loadAtStart} at the start, ${loadAverage()} at the end.`);
record('npm run bench:scale', table, loadAtStart);
