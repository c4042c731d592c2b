// Which code of the pages a docs version shares (docs.versions[].shares) no
// test runs against that version's release. A shared page is the default
// version's file rendered again, so its code must be run on the other release
// too: a TypeScript module by being imported (directly or through other
// modules) by a test file of a vitest project that sets PKIDOCS_PKIJS_RELEASE
// to the release; a script (.cjs, .mjs, .js) run as a file by being named in
// such a test file.
import { readdirSync, readFileSync } from 'node:fs';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, dirname, join, relative, resolve, sep } from 'node:path';
import { build } from 'esbuild';
import type { SiteConfig } from '../../src/config/schema.ts';
import { libraryVersionOf } from '../../src/config/versions.ts';
import type { DocSource } from '../../src/content/docs.ts';

/** A test project as vitest.config.ts declares it. */
export interface TestProject {
  name: string;
  /** PKIDOCS_PKIJS_RELEASE of its env: the release its tests run pkijs at (none: the default one). */
  release?: string;
  include: readonly string[];
  exclude?: readonly string[];
}

export interface Untested {
  /** The shared page's id in its version (`4.0/guides/concepts`). */
  page: string;
  /** Its code file, relative to the root. */
  file: string;
  release: string;
}

/** The files a page shows or reads its tables from: `include=./x.ts#region`, `rows=./data/y.ts#name`. */
export function codeFilesOf(doc: DocSource): string[] {
  const found = [...doc.body.matchAll(/\b(?:include|rows|explain)=(\.{1,2}\/[^\s#`]+)/g)].map((m) => resolve(dirname(doc.file), m[1]!));
  return [...new Set(found)];
}

/** `test/examples/**\/*.test.ts` as a regular expression over '/'-separated paths; other glob syntax is refused. */
export function globRegExp(glob: string): RegExp {
  if (/[?{}[\]!()]/.test(glob)) throw new Error(`Glob syntax this check does not read: ${glob}`);
  const body = glob.split('/').map((part) => (part === '**' ? '(?:[^/]+/)*' : `${part.split('*').map((s) => s.replace(/[.+^$|\\]/g, '\\$&')).join('[^/]*')}/`)).join('');
  return new RegExp(`^${body.slice(0, -1)}$`);
}

/** The test files of a project, relative to the root. */
export function projectFiles(root: string, project: TestProject): string[] {
  const include = project.include.map(globRegExp);
  const all = readdirSync(join(root, 'test'), { recursive: true, encoding: 'utf8' }).map((f) => `test/${f.split(sep).join('/')}`);
  return all.filter((f) => include.some((r) => r.test(f)) && !f.startsWith('test/.tmp/')).sort();
}

/** Every module the test files import, directly or not (root-relative), and their sources. */
async function reached(root: string, tests: readonly string[]): Promise<{ modules: Set<string>; sources: string }> {
  if (!tests.length) return { modules: new Set(), sources: '' };
  const outdir = mkdtempSync(join(tmpdir(), 'shared-pages-'));
  try {
    const out = await build({
      entryPoints: tests.map((t) => join(root, t)), absWorkingDir: root, bundle: true, write: false, metafile: true,
      platform: 'node', format: 'esm', packages: 'external', outdir, logLevel: 'silent',
    });
    return { modules: new Set(Object.keys(out.metafile.inputs)), sources: tests.map((t) => readFileSync(join(root, t), 'utf8')).join('\n') };
  } finally {
    rmSync(outdir, { recursive: true, force: true });
  }
}

/** The code of every shared page that no test of its version's release runs. */
export async function untestedSharedCode(root: string, config: SiteConfig, docs: readonly DocSource[], projects: readonly TestProject[]): Promise<Untested[]> {
  const out: Untested[] = [];
  for (const version of config.docs.versions.filter((v) => v.path && v.shares?.length)) {
    const release = libraryVersionOf(config, version);
    const tests = [...new Set(projects.filter((p) => p.release === release).flatMap((p) => projectFiles(root, p)))];
    const { modules, sources } = await reached(root, tests);
    for (const doc of docs.filter((d) => d.sharedFrom !== undefined && d.id.startsWith(`${version.path}/`))) {
      for (const abs of codeFilesOf(doc)) {
        const file = relative(root, abs).split(sep).join('/');
        const run = /\.tsx?$/.test(file) ? modules.has(file) : sources.includes(basename(file));
        if (!run) out.push({ page: doc.id, file, release });
      }
    }
  }
  return out;
}
