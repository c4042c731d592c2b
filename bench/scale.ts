// npm run bench:scale: how a build's cost grows with the site. Generates
// synthetic sites at 1×, 4× and 10× the real one (22 Markdown pages with
// headings, code and links; a d.ts of 127 classes, 273 interfaces and 3
// enums with documented members, per 1×) in throw-away checkouts, and prints
// per size the median cold (--no-cache) and warm (nothing changed, same out/)
// wall time, the time per page, the peak RSS and the output size.
// SIZES=1,4,10 and RUNS=n (default 3) choose what runs.
import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, readdirSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

const ROOT = resolve(import.meta.dirname, '..');
const SIZES = (process.env.SIZES ?? '1,4,10').split(',').map(Number);
const RUNS = Number(process.env.RUNS ?? 3);
const BASE = { docs: 22, classes: 127, interfaces: 273, enums: 3, members: 8 };

const CONFIG = `export default {
  title: 'Scale', tagline: 'A synthetic site',
  library: { package: 'pkijs', version: '3.3.2' },
  repositoryUrl: 'https://github.com/PeculiarVentures/PKI.js', contactEmail: 'docs@example.org',
  navbar: { logo: { alt: 'logo', src: 'logo.svg', width: 80 }, items: [{ type: 'docSidebar', sidebarId: 'docs', label: 'Docs' }] },
  footer: { columns: [{ title: 'Learn', items: [{ label: 'Installation', to: '/docs/installation' }] }] },
  docs: { versions: [{ name: 'current', label: 'Next' }], mainPage: 'installation' },
};
`;
const HOME = "import { createElement as h } from 'react';\nexport default function Home() { return h('h1', null, 'Scale'); }\n";

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
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  for (const part of ['bin', 'src', 'templates', 'client', 'package.json', 'package-lock.json', 'tsconfig.json']) cpSync(join(ROOT, part), join(dir, part), { recursive: true });
  mkdirSync(join(dir, 'node_modules'));
  for (const name of readdirSync(join(ROOT, 'node_modules'))) if (name !== 'pkijs') symlinkSync(join(ROOT, 'node_modules', name), join(dir, 'node_modules', name));
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

function build(dir: string, args: string[]): Sample {
  const r = spawnSync('/usr/bin/time', ['-f', '@@%e %M', process.execPath, join(dir, 'bin/pkidocs.js'), 'build', ...args], { cwd: dir, encoding: 'utf8', env: { ...process.env, NO_COLOR: '1' } });
  const m = /@@([\d.]+) (\d+)/.exec(r.stderr);
  const pages = /Built (\d+) pages/.exec(r.stderr);
  if (r.status !== 0 || !m || !pages) throw new Error(`build in ${dir} failed (exit ${r.status}):\n${r.stderr}`);
  return { seconds: Number(m[1]), rssMb: Number(m[2]) / 1024, pages: Number(pages[1]) };
}

const median = (xs: number[]): number => {
  const s = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
};

function size(dir: string): number {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' }).reduce((n, f) => {
    const s = statSync(join(dir, f));
    return s.isFile() ? n + s.size : n;
  }, 0);
}

const rows: string[][] = [['size', 'pages', 'cold', 'cold per page', 'warm', 'warm per page', 'peak RSS (cold)', 'output']];
for (const factor of SIZES) {
  const dir = join(tmpdir(), `pkidocs-scale-${factor}`);
  const out = join(dir, 'out');
  makeSite(dir, factor);
  build(dir, ['--out', out]); // the CLI bundle and the caches
  const cold: Sample[] = [];
  const warm: Sample[] = [];
  for (let i = 0; i < RUNS; i++) {
    cold.push(build(dir, ['--no-cache', '--out', out]));
    process.stderr.write('.');
  }
  for (let i = 0; i < RUNS; i++) {
    warm.push(build(dir, ['--out', out]));
    process.stderr.write('.');
  }
  const pages = cold[0]!.pages;
  const c = median(cold.map((s) => s.seconds));
  const w = median(warm.map((s) => s.seconds));
  rows.push([`${factor}×`, String(pages), `${c.toFixed(2)} s`, `${((c / pages) * 1000).toFixed(1)} ms`, `${w.toFixed(2)} s`, `${((w / pages) * 1000).toFixed(2)} ms`,
    `${median(cold.map((s) => s.rssMb)).toFixed(0)} MB`, `${(size(out) / 1e6).toFixed(1)} MB`]);
  process.stderr.write(` ${factor}×: | ${rows.at(-1)!.join(' | ')} |\n`);
  rmSync(dir, { recursive: true, force: true });
}
console.log(`\n${RUNS} runs per case, medians (warm: nothing changed, same out/):\n`);
for (const r of rows) console.log(`| ${r.join(' | ')} |`);
