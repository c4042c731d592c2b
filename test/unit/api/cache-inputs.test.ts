// The API cache is keyed on every file TypeDoc's program read: editing the
// second .d.ts of a two-file package is a miss that shows the edit, not the
// old page (issue 29, item 7).
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { loadApi } from '../../../src/api/index.ts';
import { ROOT } from './support.ts';

const dir = mkdtempSync(join(tmpdir(), 'pkidocs-cache-inputs-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

it('misses after an edit of a file the entry imports, and shows the edit', async () => {
  const pkg = join(dir, 'pkg');
  cpSync(resolve(ROOT, 'test/fixtures/api/constructs'), pkg, { recursive: true });
  const options = { entry: join(pkg, 'index.d.ts'), cacheDir: join(dir, 'cache'), useCache: true, inProcess: true };
  const shape = (r: Awaited<ReturnType<typeof loadApi>>) => r.model.items.find((i) => i.name === 'Shape');

  expect((await loadApi(options)).cacheHit).toBe(false);
  const warm = await loadApi(options);
  expect(warm.cacheHit).toBe(true);

  const shapes = join(pkg, 'shapes.d.ts');
  writeFileSync(shapes, readFileSync(shapes, 'utf8').replace('name?: string;', 'name?: string;\n  colour: string;'));
  const edited = await loadApi(options);
  expect(edited.cacheHit).toBe(false);
  expect(shape(edited)).toMatchObject({ members: expect.arrayContaining([expect.objectContaining({ name: 'colour' })]) });
  expect((await loadApi(options)).cacheHit).toBe(true);
});
