// The 3.x → 4.0 migration guide's data: the committed module is what
// `npm run guides:migration4` writes from the two installed releases today,
// and the diff finds each kind of change in declaration files made for it.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { diffSurfaces, readSurface } from '../../scripts/guides/api-surface.ts';
import { diffPackaging, migration4, render } from '../../scripts/guides/migration4.ts';
import { ROOT } from '../support/cli.ts';
import * as committed from '../../content/docs/guides/data/migration-4.ts';

const dir = mkdtempSync(join(tmpdir(), 'migration4-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A d.ts whose `export {}` keeps undeclared-export constants private, as pkijs's bundled d.ts does. */
function surfaceOf(name: string, text: string) {
  const file = join(dir, `${name}.d.ts`);
  writeFileSync(file, `${text}\nexport {};\n`);
  return readSurface(file);
}

describe('the 3.x → 4.0 migration data', () => {
  it('is committed as the script writes it from pkijs 3.3.2 and 4.0.0 now', () => {
    const data = migration4();
    expect([data.from, data.to]).toEqual(['3.3.2', '4.0.0']);
    expect(readFileSync(join(ROOT, 'content/docs/guides/data/migration-4.ts'), 'utf8'), 'run npm run guides:migration4').toBe(render(data));
  });

  it('matches what the guide says of the API in words, so a release that breaks more fails here', () => {
    // The guide states these in words (content/docs/guides/migrating-to-4.md, "The API"): update it when they change.
    const { migration4: data } = committed;
    expect({ removedExports: data.removedExports, removedMembers: data.removedMembers, addedExports: data.addedExports }).toEqual({ removedExports: [], removedMembers: [], addedExports: [] });
    expect(data.changedMembers.map((c) => `${c.owner}.${c.member}: ${c.change.replace(/:.*/, '')} ${/X25519/.test(c.change)}`)).toEqual(['AbstractCryptoEngine.generateKey: overload added true', 'CryptoEngine.generateKey: overload added true']);
    expect(data.addedMembers.map((m) => `${m.owner}.${m.member} ${m.after.startsWith('optional ')}`)).toEqual(['BasicOCSPResponseVerifyParams.issuerCerts true', 'BasicOCSPResponseVerifyParams.trustedResponders true']);
    // "What the package declares", in words.
    const row = (field: string) => data.packaging.find((p) => p.field === field)?.after;
    expect([row('type'), row('peerDependencies: asn1js'), row('dependencies: asn1js'), row('dependencies: @peculiar/utils')]).toEqual(['module', '^4.0.0', '(none)', '^4.1.0']);
    expect(row('engines')).toBe('{"node":"^20.19.0 || >=22.12.0"}');
    expect(['pvtsutils', 'pvutils', 'tslib'].map((d) => row(`dependencies: ${d}`))).toEqual(['(none)', '(none)', '(none)']);
    expect(['@noble/hashes', 'bytestreamjs'].map((d) => data.packaging.find((p) => p.field === `dependencies: ${d}`)).map((p) => [p!.before, p!.after].map((v) => /\d+/.exec(v)![0])))
      .toEqual([['1', '2'], ['2', '3']]);
    expect(data.changedFunctions.map((f) => f.before.replace('Uint8Array<ArrayBufferLike>', 'Uint8Array') === f.after)).toEqual([true]);
  });

  it('finds removed, renamed, added and changed exports and members, and ignores what only the printing changed', () => {
    const before = surfaceOf('before', `
      declare const VERSION$a = "version";
      declare const TYPE$b = "type";
      export declare class Kept {
        static fromBER(raw: ArrayBuffer): Kept;
        static defaultValues(memberName: typeof VERSION$a): number;
        version: number;
        name?: string;
        get tbs(): ArrayBuffer;
        sign(key: CryptoKey): Promise<void>;
        gone(): void;
        private hidden: number;
      }
      export interface Params { a: string | number; b?: boolean; }
      export declare class Recipientinfo {}
      export declare function removedFn(): void;
      export declare function changed(a: string): void;
      export declare function overloads(a: string): string;
      export declare function overloads(a: number): number;
      export type T = typeof TYPE$b;`);
    const after = surfaceOf('after', `
      declare const VERSION$17 = "version";
      declare const TYPE$1 = "type";
      export declare class Kept {
        static fromBER(raw: ArrayBuffer): Kept;
        static defaultValues(memberName: typeof VERSION$17): number;
        readonly version: number;
        name: string;
        get tbs(): Uint8Array;
        sign(key: CryptoKey, hash?: string): Promise<void>;
        added(): void;
        private hidden: string;
      }
      export interface Params { a: number | string; b: boolean; c?: number; }
      export declare class RecipientInfo {}
      export declare function changed(a: string, b: number): void;
      export declare function overloads(a: string): string;
      export declare function overloads(a: number): number;
      export declare function overloads(a: boolean): boolean;
      export declare class New {}
      export type T = typeof TYPE$1;`);
    const diff = diffSurfaces(before, after);
    expect(diff.removedExports).toEqual([{ name: 'Recipientinfo', kind: 'class', note: 'renamed: RecipientInfo' }, { name: 'removedFn', kind: 'function', note: 'removed' }]);
    expect(diff.addedExports).toEqual([{ name: 'New', kind: 'class' }]);
    expect(diff.removedMembers).toEqual([{ owner: 'Kept', member: 'gone', before: '(): void' }]);
    expect(diff.addedMembers).toEqual([{ owner: 'Kept', member: 'added', after: '(): void' }, { owner: 'Params', member: 'c', after: 'optional : number' }]);
    expect(diff.changedMembers.map(({ owner, member, before: b, after: a }) => `${owner}.${member}: ${b} → ${a}`)).toEqual([
      'Kept.name: optional : string → : string',
      'Kept.sign: (key: CryptoKey): Promise<void> → (key: CryptoKey, hash?: string): Promise<void>',
      'Kept.tbs: readonly : ArrayBuffer → readonly : Uint8Array',
      'Kept.version: : number → readonly : number',
      'Params.b: optional : boolean → : boolean',
      // Union order: the d.ts text changed, which the guide shows as written.
      'Params.a: : string | number → : number | string',
    ].sort());
    expect(diff.changedFunctions).toEqual([
      { name: 'changed', before: '(a: string): void', after: '(a: string, b: number): void' },
      { name: 'overloads', before: '(a: string): string; (a: number): number', after: '(a: string): string; (a: number): number; (a: boolean): boolean' },
    ]);
    expect(diff.changedMembers.find((c) => c.member === 'sign')!.change).toBe('signature');
  });

  it('names the overload a method gained', () => {
    const a = surfaceOf('a', 'export declare class E { generateKey(a: "Ed25519"): void; generateKey(a: string): void; }');
    const b = surfaceOf('b', 'export declare class E { generateKey(a: "Ed25519"): void; generateKey(a: "X25519"): void; generateKey(a: string): void; }');
    expect(diffSurfaces(a, b).changedMembers).toEqual([expect.objectContaining({ owner: 'E', member: 'generateKey', change: 'overload added: (a: "X25519"): void' })]);
  });

  it('lists each packaging field and dependency that differs', () => {
    expect(diffPackaging(
      { main: 'a.js', engines: { node: '>=16' }, dependencies: { x: '1', y: '2' } },
      { main: 'a.js', type: 'module', engines: { node: '>=20' }, dependencies: { y: '3' }, peerDependencies: { x: '^4' } },
    )).toEqual([
      { field: 'type', before: '(none)', after: 'module' },
      { field: 'engines', before: '{"node":">=16"}', after: '{"node":">=20"}' },
      { field: 'dependencies: x', before: '1', after: '(none)' },
      { field: 'dependencies: y', before: '2', after: '3' },
      { field: 'peerDependencies: x', before: '(none)', after: '^4' },
    ]);
  });

  it('says which release is missing when a d.ts cannot be read', () => {
    expect(() => readSurface(join(dir, 'absent.d.ts'))).toThrow(/Cannot read .*absent\.d\.ts: is the release installed\?/);
  });
});
