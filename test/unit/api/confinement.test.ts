// The package's declaration files are content: TypeScript may read no file
// they name outside the package folder (a dependency's declarations only to
// resolve types), and nothing declared outside it is published. Each refusal
// names the d.ts line, the path and what to do.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { convertDeclarations } from '../../../src/api/typedoc/convert.ts';

const TMP = mkdtempSync(join(tmpdir(), 'pkidocs-confinement-'));
const PKG = join(TMP, 'node_modules/pkg');
const ENTRY = join(PKG, 'build/index.d.ts');
const SECRET = 'SECRET-3b1d-never-published';
const OWN = '/** Ours. */\nexport declare class Own {\n  version: number;\n}\n';

beforeAll(() => {
  mkdirSync(join(PKG, 'build'), { recursive: true });
  writeFileSync(join(PKG, 'package.json'), JSON.stringify({ name: 'pkg', version: '1.0.0', types: 'build/index.d.ts' }));
  mkdirSync(join(TMP, 'elsewhere'));
  writeFileSync(join(TMP, 'elsewhere/secret.ts'), `/** ${SECRET} */\nexport declare const apiKey = "${SECRET}";\n`);
  mkdirSync(join(TMP, 'node_modules/dep'), { recursive: true });
  writeFileSync(join(TMP, 'node_modules/dep/package.json'), JSON.stringify({ name: 'dep', version: '1.0.0', types: 'index.d.ts' }));
  writeFileSync(join(TMP, 'node_modules/dep/index.d.ts'), `/** ${SECRET} */\nexport declare class Dep {\n  /** ${SECRET} */\n  leak: string;\n}\n`);
});
afterAll(() => rmSync(TMP, { recursive: true, force: true }));

const convert = (dts: string) => {
  writeFileSync(ENTRY, dts);
  return convertDeclarations(ENTRY, PKG, TMP);
};

describe('the declaration files are confined to the package folder', () => {
  it('converts a d.ts whose types come from a dependency, publishing only its own declarations (the control)', async () => {
    const { model, diagnostics } = await convert(`import * as dep from 'dep';\n${OWN}export declare function use(d: dep.Dep): void;\n`);
    expect(diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    expect(model?.items.map((i) => i.name)).toEqual(['Own', 'use']);
    expect(JSON.stringify(model)).not.toContain(SECRET);
  }, 60_000);

  it('refuses export * from a path outside the folder, naming the line, the specifier and the file', async () => {
    const { model, diagnostics } = await convert(`${OWN}export * from '../../../elsewhere/secret.js';\n`);
    expect(model).toBeUndefined();
    expect(diagnostics).toHaveLength(1);
    expect(diagnostics[0]).toMatchObject({ code: 'api/dts-outside-package', severity: 'error', file: relative(TMP, ENTRY), line: 5 });
    expect(diagnostics[0]!.message).toContain(`'../../../elsewhere/secret.js' leads to ${join(TMP, 'elsewhere/secret.ts')}`);
    expect(diagnostics[0]!.hint).toMatch(/Document a package whose type definitions stay in its own folder/);
  }, 60_000);

  it('refuses a /// <reference path> or <reference types> out of the folder, and an import type of one', async () => {
    const byReference = await convert(`/// <reference path="../../../elsewhere/secret.ts" />\n${OWN}`);
    expect(byReference.model).toBeUndefined();
    expect(byReference.diagnostics[0]).toMatchObject({ code: 'api/dts-outside-package', file: relative(TMP, ENTRY), line: 1 });
    expect(byReference.diagnostics[0]!.message).toContain('/// <reference path="../../../elsewhere/secret.ts"/> leads to');
    const byTypes = await convert(`/// <reference types="dep" />\n${OWN}`);
    expect(byTypes.model).toBeUndefined();
    expect(byTypes.diagnostics[0]).toMatchObject({ code: 'api/dts-outside-package', file: relative(TMP, ENTRY), line: 1 });
    expect(byTypes.diagnostics[0]!.message).toContain('/// <reference types="dep"/> leads to');
    const byImportType = await convert(`${OWN}export declare const key: typeof import('../../../elsewhere/secret.js').apiKey;\n`);
    expect(byImportType.model).toBeUndefined();
    expect(byImportType.diagnostics[0]).toMatchObject({ code: 'api/dts-outside-package', line: 5 });
  }, 60_000);

  it('refuses to publish what a dependency declares: re-exported by name, or inherited by a class', async () => {
    for (const dts of [`import { Dep } from 'dep';\nexport { Dep };\n`, `export { Dep } from 'dep';\n`, `import { Dep } from 'dep';\n/** Ours. */\nexport declare class Mine extends Dep {}\n`]) {
      const { model, diagnostics } = await convert(dts);
      expect(model, dts).toBeUndefined();
      expect(diagnostics[0]?.code, dts).toBe('api/dts-outside-package');
      expect(diagnostics[0]!.message).toContain(`declared in ${relative(TMP, join(TMP, 'node_modules/dep/index.d.ts'))}`);
    }
  }, 120_000);
});
