// The site's own TypeScript modules (config, page modules) are compiled by
// esbuild and imported without a loader hook: their code, their location and
// their errors must be as if Node ran the source itself.
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { importSiteModule } from '../../../src/shared/site-module.ts';

// Inside the checkout, as .pkidocs-cache is: compiled modules resolve packages (react) from there.
const tmp = resolve('test/.tmp');
mkdirSync(tmp, { recursive: true });
const dir = mkdtempSync(join(tmp, 'site-module-'));
const cache = join(dir, 'cache');
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('importSiteModule', () => {
  it('runs TypeScript and TSX with their local imports, and keeps the source file as import.meta', async () => {
    mkdirSync(join(dir, 'pages'), { recursive: true });
    writeFileSync(join(dir, 'pages/part.ts'), 'export const where: string = import.meta.dirname;\nexport const url = import.meta.url;\n');
    writeFileSync(join(dir, 'pages/page.tsx'), "import { where, url } from './part.ts';\nexport const here = { where, url, me: import.meta.filename };\nexport default function Page(): JSX.Element { return <p>hi</p>; }\n");
    const mod = await importSiteModule(join(dir, 'pages/page.tsx'), cache);
    expect(mod.here).toEqual({ where: join(dir, 'pages'), url: pathToFileURL(join(dir, 'pages/part.ts')).href, me: join(dir, 'pages/page.tsx') });
    const { renderToString } = await import('react-dom/server');
    const { createElement } = await import('react');
    // The one React: the module's element renders with the CLI's react-dom.
    expect(renderToString(createElement(mod.default as () => null))).toBe('<p>hi</p>');
    // Like every cache of the checkout, the compiled files hold no path of the machine (a moved checkout reuses them).
    for (const name of readdirSync(join(cache, 'modules'))) expect(readFileSync(join(cache, 'modules', name), 'utf8')).not.toContain(dir);
  });

  it('loads the new code after an edit, of the module or of a file it imports, and keeps one compiled file per module', async () => {
    const file = join(dir, 'edited.ts');
    const dep = join(dir, 'dep.ts');
    writeFileSync(dep, 'export const n = 1;\n');
    writeFileSync(file, "import { n } from './dep.ts';\nexport default ['a', n];\n");
    expect((await importSiteModule(file, cache)).default).toEqual(['a', 1]);
    writeFileSync(file, "import { n } from './dep.ts';\nexport default ['b', n];\n");
    expect((await importSiteModule(file, cache)).default).toEqual(['b', 1]);
    writeFileSync(dep, 'export const n = 2;\n');
    expect((await importSiteModule(file, cache)).default).toEqual(['b', 2]);
    expect(readdirSync(join(cache, 'modules')).filter((f) => f.startsWith('edited_ts-') && f.endsWith('.mjs'))).toHaveLength(1);
  });

  it('removes compiled files a day old when it compiles (sources moved or deleted, older versions), and keeps newer ones', async () => {
    const modules = join(cache, 'modules');
    mkdirSync(modules, { recursive: true });
    const old = join(modules, 'gone_ts-0000000000000000-1111111111111111.mjs');
    const recent = join(modules, 'other_ts-0000000000000000-2222222222222222.mjs');
    writeFileSync(old, 'export default 1;\n');
    writeFileSync(recent, 'export default 2;\n');
    const twoDaysAgo = new Date(Date.now() - 2 * 24 * 3600 * 1000);
    utimesSync(old, twoDaysAgo, twoDaysAgo);
    writeFileSync(join(dir, 'swept.ts'), 'export default 3;\n');
    expect((await importSiteModule(join(dir, 'swept.ts'), cache)).default).toBe(3);
    expect([existsSync(old), existsSync(recent)]).toEqual([false, true]);
  });

  it('reports a syntax error with its file, line and column', async () => {
    const file = join(dir, 'broken.ts');
    writeFileSync(file, 'export const a = 1;\nexport default {\n');
    await expect(importSiteModule(file, cache)).rejects.toThrow(/broken\.ts:3:1: Expected identifier but found end of file/);
  });

  it("points a throwing module's stack at its own source line (as bin/run.js enables source maps)", async () => {
    process.setSourceMapsEnabled(true);
    const file = join(dir, 'throws.tsx');
    writeFileSync(file, "export default function Page(): never {\n  const n = 1;\n  throw new Error('broke ' + n);\n}\n");
    const mod = await importSiteModule(file, cache);
    let stack = '';
    try {
      (mod.default as () => never)();
    } catch (e) {
      stack = (e as Error).stack ?? '';
    }
    expect(stack.split('\n')[1]).toContain(`${file}:3:9`);
  });

  it('reports a missing module as Node does (ERR_MODULE_NOT_FOUND, naming the file)', async () => {
    const file = join(dir, 'absent.ts');
    await expect(importSiteModule(file, cache)).rejects.toMatchObject({ code: 'ERR_MODULE_NOT_FOUND', message: expect.stringContaining(file) });
  });
});
