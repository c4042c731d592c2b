// npm run guides:migration: what changed between the last PKI.js 2.x release
// and 3.3.2, for the migration guide. pkijs 2.4.0 ships no type definitions,
// so its ES sources are read by the TypeScript compiler (allowJs), which infers
// the same exports and class members a d.ts would list; 3.3.2 is read from its
// own d.ts. Writes content/docs/guides/data/migration.ts, which the guide's
// tables render; the build never installs anything.
// The last 2.x version is the highest 2.x in `npm view pkijs versions`.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

export const LAST_2X = '2.4.0';
const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const OUT = path.join(ROOT, 'content/docs/guides/data/migration.ts');

export interface ApiShape {
  /** Export name → kind ('class', 'function', 'value', 'type'). */
  exports: Map<string, string>;
  /** Function name → parameter names of each signature. */
  functions: Map<string, string>;
  /** Class name → member key ('name' or 'static name') → parameter names of a method ('' for properties). */
  classes: Map<string, Map<string, string>>;
}

/** Exports and class members of the module at `entry` (a .d.ts, or .js read with allowJs). */
export function readApi(entry: string): ApiShape {
  const program = ts.createProgram([entry], { allowJs: true, checkJs: false, noEmit: true, maxNodeModuleJsDepth: 10, target: ts.ScriptTarget.ES2022, module: ts.ModuleKind.ESNext, moduleResolution: ts.ModuleResolutionKind.Bundler, skipLibCheck: true, types: [] });
  const checker = program.getTypeChecker();
  const source = program.getSourceFile(entry);
  if (!source) throw new Error(`Cannot read ${entry}`);
  const moduleSymbol = checker.getSymbolAtLocation(source);
  if (!moduleSymbol) throw new Error(`${entry} is not a module`);
  const shape: ApiShape = { exports: new Map(), functions: new Map(), classes: new Map() };
  for (const exported of checker.getExportsOfModule(moduleSymbol)) {
    const symbol = exported.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(exported) : exported;
    const kind = symbol.flags & ts.SymbolFlags.Class ? 'class'
      : symbol.flags & ts.SymbolFlags.Enum ? 'enum'
        : symbol.flags & ts.SymbolFlags.Function ? 'function'
          : symbol.flags & ts.SymbolFlags.Variable ? 'value' : 'type';
    shape.exports.set(exported.name, kind);
    const decl = symbol.valueDeclaration ?? symbol.declarations?.[0];
    if (!decl) continue;
    if (kind === 'function') shape.functions.set(exported.name, signatures(checker.getTypeOfSymbolAtLocation(symbol, decl)));
    if (kind !== 'class') continue;
    const members = new Map<string, string>();
    const describe = (member: ts.Symbol, prefix: string): void => {
      if (member.name.startsWith('_') || member.name === 'prototype' || member.name.startsWith('#')) return;
      const type = checker.getTypeOfSymbolAtLocation(member, decl);
      const params = member.flags & ts.SymbolFlags.Method ? signatures(type) : '';
      members.set(prefix + member.name, params);
    };
    const instance = checker.getDeclaredTypeOfSymbol(symbol);
    for (const member of checker.getPropertiesOfType(instance)) describe(member, '');
    const statics = checker.getTypeOfSymbolAtLocation(symbol, decl);
    for (const member of checker.getPropertiesOfType(statics)) describe(member, 'static ');
    shape.classes.set(exported.name, members);
  }
  return shape;
}

/** A parameter was dropped: some 2.x call passes more arguments than every 3.x signature takes (renames and appended parameters are compatible). */
function compatible(before: string, after: string): boolean {
  const count = (sig: string): number => (sig ? sig.split(', ').length : 0);
  const most = Math.max(...after.split(' | ').map(count));
  return before.split(' | ').every((sig) => /^(args|__0)$/.test(sig) || count(sig) <= most);
}

const signatures = (type: ts.Type): string => type.getCallSignatures().map((s) => s.parameters.map((p) => p.name).join(', ')).join(' | ');

export interface MigrationData {
  from: string;
  to: string;
  removedExports: { name: string; kind: string; note: string }[];
  addedExportCount: number;
  addedClasses: string[];
  memberChanges: { className: string; member: string; change: string }[];
  functionChanges: { name: string; before: string; after: string }[];
  /** Members 3.x added to most classes that 2.x had (e.g. static fromBER). */
  commonNewMembers: { member: string; classes: number }[];
  /** How many classes both versions export. */
  sharedClasses: number;
}

/** Removed exports (a case-only rename is named as such) and, for classes in both, removed, added and changed members. */
export function diffApis(from: ApiShape, to: ApiShape, versions: { from: string; to: string }): MigrationData {
  const lower = new Map([...to.exports.keys()].map((n) => [n.toLowerCase(), n]));
  const removedExports = [...from.exports].filter(([n]) => !to.exports.has(n)).map(([name, kind]) => {
    const renamed = lower.get(name.toLowerCase());
    return { name, kind, note: renamed ? `renamed: ${renamed}` : 'removed' };
  }).sort((a, b) => a.name.localeCompare(b.name));
  const renamedTo = new Set(removedExports.flatMap((r) => (r.note.startsWith('renamed: ') ? [r.note.slice(9)] : [])));
  const added = [...to.exports.keys()].filter((n) => !from.exports.has(n) && !renamedTo.has(n));
  const memberChanges: MigrationData['memberChanges'] = [];
  for (const [className, before] of from.classes) {
    const after = to.classes.get(className);
    if (!after) continue;
    for (const [member, params] of before) {
      if (!after.has(member)) {
        const moved = member.startsWith('static ') ? member.slice(7) : `static ${member}`;
        memberChanges.push({ className, member, change: after.has(moved) ? (member.startsWith('static ') ? 'now an instance member' : 'now static') : 'removed' });
      } else if (params && !compatible(params, after.get(member)!)) {
        memberChanges.push({ className, member, change: `parameters (${params}) → (${after.get(member)})` });
      }
    }
  }
  const functionChanges = [...from.functions].filter(([n, p]) => to.functions.has(n) && to.functions.get(n) !== p)
    .map(([name, before]) => ({ name, before: `(${before})`, after: `(${to.functions.get(name)!})` }));
  const shared = [...from.classes.keys()].filter((n) => to.classes.has(n));
  const newCounts = new Map<string, number>();
  for (const n of shared) for (const m of to.classes.get(n)!.keys()) if (!from.classes.get(n)!.has(m)) newCounts.set(m, (newCounts.get(m) ?? 0) + 1);
  const commonNewMembers = [...newCounts].filter(([, c]) => c >= shared.length / 2).map(([member, classes]) => ({ member, classes })).sort((a, b) => b.classes - a.classes || a.member.localeCompare(b.member));
  memberChanges.sort((a, b) => a.className.localeCompare(b.className) || a.member.localeCompare(b.member));
  return {
    ...versions,
    removedExports,
    addedExportCount: added.length,
    addedClasses: added.filter((n) => to.exports.get(n) === 'class').sort(),
    memberChanges,
    functionChanges,
    commonNewMembers,
    sharedClasses: shared.length,
  };
}

function main(): void {
  const dir = mkdtempSync(path.join(tmpdir(), 'pkijs-2x-'));
  try {
    execFileSync('npm', ['install', '--prefix', dir, '--no-save', '--ignore-scripts', '--no-audit', '--no-fund', `pkijs@${LAST_2X}`], { stdio: 'inherit' });
    const from = readApi(path.join(dir, 'node_modules/pkijs/src/index.js'));
    const to = readApi(path.join(ROOT, 'node_modules/pkijs/build/index.d.ts'));
    const data = diffApis(from, to, { from: LAST_2X, to: '3.3.2' });
    const body = `// Generated by \`npm run guides:migration\` (scripts/guides/migration.ts) from pkijs ${LAST_2X} and 3.3.2. Do not edit.\n`
      + `export const migration = ${JSON.stringify(data, null, 2)};\n\n`
      + '// One array per table of the guide.\n'
      + 'export const removedExports = migration.removedExports;\n'
      + 'export const functionChanges = migration.functionChanges;\n'
      + 'export const memberChanges = migration.memberChanges;\n'
      + 'export const commonNewMembers = migration.commonNewMembers.map((m) => ({ ...m, of: `${m.classes} of ${migration.sharedClasses}` }));\n'
      + 'export const addedClasses = migration.addedClasses.map((name) => ({ name }));\n';
    writeFileSync(OUT, body);
    console.log(`${path.relative(ROOT, OUT)}: ${data.removedExports.length} exports removed or renamed, ${data.addedExportCount} added, ${data.memberChanges.length} member changes`);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) main();
