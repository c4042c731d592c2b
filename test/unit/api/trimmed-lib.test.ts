// The trimmed lib.dom (src/api/typedoc/trimmed-lib.ts): the program gets only
// the DOM declarations the package names, the model is the one the whole lib
// gives, and a package that names one the trimmed lib left out is converted
// again with the whole lib.
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { convertDeclarations } from '../../../src/api/typedoc/convert.ts';
import { trimDomLib } from '../../../src/api/typedoc/trimmed-lib.ts';
import { COMPILER_OPTIONS } from '../../../src/api/options.ts';
import { ROOT } from './support.ts';

const dir = join(ROOT, 'test/.tmp', `trimmed-lib-${process.pid}`);

/** A package that uses WebCrypto types, a DOM interface as a base, and a class of its own named like a DOM one. */
const CRYPTO = `/** Signs things. */
export declare class Signer {
  /** The key, from {@link SubtleCrypto.importKey}. */
  key: CryptoKey;
  constructor(crypto: Crypto);
  sign(data: BufferSource): Promise<ArrayBuffer>;
}
/** Parameters, with the DOM's \`name\` inherited. */
export interface SignParams extends Algorithm {
  saltLength: number;
}
/** Not the DOM's Request. */
export declare class Request {
  make(): Request;
}
`;

/** An entry that asks for the DOM lib itself, and imports a file (read after the lib) that names HTMLElement. */
const LATE_ENTRY = `/// <reference lib="dom" />
export { mount } from './late-view.js';
`;
const LATE_VIEW = `/** Mounts a view. */
export declare function mount(into: HTMLElement): void;
`;

beforeAll(() => {
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'crypto.d.ts'), CRYPTO);
  writeFileSync(join(dir, 'late.d.ts'), LATE_ENTRY);
  writeFileSync(join(dir, 'late-view.d.ts'), LATE_VIEW);
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A program of `entry` on a host that serves the trimmed lib. */
function trimmedProgram(entry: string) {
  const { options } = ts.convertCompilerOptionsFromJson(COMPILER_OPTIONS, dir);
  const host = ts.createCompilerHost(options, true);
  const trimmed = trimDomLib(host);
  return { program: ts.createProgram([entry], options, host), trimmed };
}

describe('the trimmed lib.dom', () => {
  it('holds the DOM declarations the package names and what they name, not the rest', () => {
    const { program, trimmed } = trimmedProgram(join(dir, 'crypto.d.ts'));
    expect(trimmed.unmet([program])).toEqual([]);
    const dom = program.getSourceFiles().find((f) => f.fileName.endsWith('/lib.dom.d.ts'));
    const full = readFileSync(dom!.fileName, 'utf8');
    const names = new Set(dom!.statements.flatMap((s) => ('name' in s && s.name && ts.isIdentifier(s.name as ts.Node) ? [(s.name as ts.Identifier).text] : [])));
    // Named by the package, and named by those (SubtleCrypto's methods take KeyFormat and JsonWebKey).
    for (const name of ['CryptoKey', 'Crypto', 'SubtleCrypto', 'Algorithm', 'BufferSource', 'KeyFormat', 'JsonWebKey']) expect(names).toContain(name);
    // The package's own Request shadows the DOM's, which would pull in most of the DOM.
    for (const name of ['Request', 'HTMLElement', 'Document', 'Window']) expect(names).not.toContain(name);
    expect(dom!.text.length).toBeLessThan(full.length / 20);
    expect(dom!.text).toContain('/// <reference no-default-lib="true"/>');
    // Only that host is trimmed: TypeScript's own reads give the whole lib.
    expect(ts.sys.readFile(dom!.fileName)).toBe(full);
  });

  it('gives the model the whole lib gives', async () => {
    const entry = join(dir, 'crypto.d.ts');
    const [trimmed, whole] = [await convertDeclarations(entry, dir, dir, true), await convertDeclarations(entry, dir, dir, false)];
    expect(trimmed.model).toBeDefined();
    expect(JSON.stringify(trimmed)).toBe(JSON.stringify(whole));
    // The inherited DOM member is there: the base was in the trimmed lib.
    const params = trimmed.model!.items.find((i) => i.name === 'SignParams');
    expect(JSON.stringify(params)).toContain('"name":"name"');
  });

  it('converts again with the whole lib when a file read after the lib names a DOM type it left out', async () => {
    const entry = join(dir, 'late.d.ts');
    const { program, trimmed } = trimmedProgram(entry);
    expect(trimmed.unmet([program])).toContain('HTMLElement');
    const [withTrim, whole] = [await convertDeclarations(entry, dir, dir, true), await convertDeclarations(entry, dir, dir, false)];
    expect(JSON.stringify(withTrim)).toBe(JSON.stringify(whole));
    expect(JSON.stringify(whole.model)).toContain('"name":"HTMLElement","package":"typescript"');
  });
});
