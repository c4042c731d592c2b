// The tree is the pipeline: every folder of src/ is a stage (or shared code),
// the folders import each other in one direction only (type imports too), so
// do the files of the whole code base, only the CLI reaches the dev server,
// and nothing sits at the root of src/ or of the repository but the design's.
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../support/cli.ts';

const SRC = join(ROOT, 'src');
const IMPORT = /(?:^|\s)(?:import|export)\s[^;]*?\sfrom\s+['"](\.{1,2}\/[^'"]+)['"]|import\(\s*['"](\.{1,2}\/[^'"]+)['"]\s*\)/g;
/** The code whose files must not import each other in a circle (fixtures and test copies aside). */
const CODE_DIRS = ['src', 'templates', 'client', 'bin', 'scripts', 'bench', 'test/support', 'test/e2e/support', 'test/examples/support', 'test/dev/helpers'];
/** What the repository's root may hold: the design's top level and its config files. */
const ROOT_ENTRIES = new Set([
  'bin', 'src', 'content', 'templates', 'client', 'test', 'docs', 'scripts', 'bench', '.ci', '.github',
  'README.md', 'CONTRIBUTING.md', 'LICENSE', 'package.json', 'package-lock.json', 'tsconfig.json',
  'eslint.config.mjs', 'vitest.config.ts', 'vitest.mutate.config.ts', 'stryker.config.mjs', '.gitignore',
]);

/** The top folder of a path under src/, or "(root)" for a file directly in it. */
const folderOf = (file: string): string => relative(SRC, file).split('/').length > 1 ? relative(SRC, file).split('/')[0]! : '(root)';

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' }).filter((f) => /\.[cm]?[jt]sx?$/.test(f)).map((f) => join(dir, f));
}

/** file → files it imports (relative imports only), over every code folder; keys relative to the root. */
function fileGraph(): Map<string, Map<string, string>> {
  const graph = new Map<string, Map<string, string>>();
  for (const file of CODE_DIRS.flatMap((d) => sourceFiles(join(ROOT, d)))) {
    const edges = new Map<string, string>();
    for (const m of readFileSync(file, 'utf8').matchAll(IMPORT)) {
      const target = relative(ROOT, resolve(dirname(file), m[1] ?? m[2]!));
      edges.set(target, relative(ROOT, file));
    }
    graph.set(relative(ROOT, file), edges);
  }
  return graph;
}

/** The entries at the repository's root that git tracks (committed or staged). */
function rootEntries(): string[] {
  const out = execFileSync('git', ['ls-files', '--cached', '--full-name'], { cwd: ROOT, encoding: 'utf8' });
  return [...new Set(out.split('\n').filter(Boolean).map((f) => f.split('/')[0]!))].sort();
}

/** folder → folders it imports, with one importing file per edge for the message. */
function folderGraph(): Map<string, Map<string, string>> {
  const graph = new Map<string, Map<string, string>>();
  for (const file of sourceFiles(SRC)) {
    for (const m of readFileSync(file, 'utf8').matchAll(IMPORT)) {
      const target = resolve(dirname(file), m[1] ?? m[2]!);
      if (!target.startsWith(`${SRC}/`)) continue;
      const [from, to] = [folderOf(file), folderOf(target)];
      if (from === to) continue;
      if (!graph.has(from)) graph.set(from, new Map());
      graph.get(from)!.set(to, relative(ROOT, file));
    }
  }
  return graph;
}

/** Every cycle's nodes, found by depth-first search (a node fully explored once is not walked again). */
function cycles(graph: Map<string, Map<string, string>>): string[][] {
  const found: string[][] = [];
  const done = new Set<string>();
  const visit = (node: string, path: string[]): void => {
    for (const next of graph.get(node)?.keys() ?? []) {
      const at = path.indexOf(next);
      if (at >= 0) found.push([...path.slice(at), next]);
      else if (!done.has(next)) visit(next, [...path, next]);
    }
    done.add(node);
  };
  for (const node of graph.keys()) if (!done.has(node)) visit(node, [node]);
  return found;
}

describe('the shape of src/', () => {
  const graph = folderGraph();

  it('reads the imports it checks (the graph is not empty)', () => {
    expect(graph.get('site')?.has('render')).toBe(true);
    expect(graph.get('cli')?.has('dev')).toBe(true);
  });

  it('has no folder circle, type imports included', () => {
    expect(cycles(graph).map((c) => c.join(' → '))).toEqual([]);
  });

  it('lets only the CLI import the dev server', () => {
    const importers = [...graph].filter(([, to]) => to.has('dev')).map(([from]) => from);
    expect(importers).toEqual(['cli']);
  });

  it('keeps nothing at the root of src/ but an index', () => {
    const loose = readdirSync(SRC).filter((f) => statSync(join(SRC, f)).isFile() && f !== 'index.ts');
    expect(loose).toEqual([]);
  });

  it('keeps every file of the orchestrator under 250 lines', () => {
    const long = sourceFiles(join(SRC, 'site')).filter((f) => readFileSync(f, 'utf8').split('\n').length > 250);
    expect(long.map((f) => relative(ROOT, f))).toEqual([]);
  });

  it('has no two files that import each other, nor any longer circle of files', () => {
    const files = fileGraph();
    expect(files.get('src/site/build.ts')?.has('src/site/types.ts')).toBe(true);
    expect(cycles(files).map((c) => c.join(' → '))).toEqual([]);
  });

  it('keeps at the root of the repository only the design\'s top level and config files', () => {
    const entries = rootEntries();
    expect(entries).toContain('src');
    expect(entries.filter((e) => !ROOT_ENTRIES.has(e))).toEqual([]);
  });

  it('finds a circle when there is one (the check itself works)', () => {
    const circular = new Map([['a', new Map([['b', 'x']])], ['b', new Map([['a', 'y']])]]);
    expect(cycles(circular).length).toBeGreaterThan(0);
  });
});
