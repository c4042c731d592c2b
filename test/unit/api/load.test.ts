// loadApi: the on-disk cache, TypeDoc's messages as diagnostics, and a cache
// hit that never loads typedoc.
import { execFile } from 'node:child_process';
import { mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { loadApi } from '../../../src/api/index.ts';
import { BuildFailure } from '../../../src/diagnostics/diagnostic.ts';
import { ROOT } from './support.ts';

const dir = join(ROOT, 'test/.tmp', `api-load-${process.pid}`);
const cacheDir = join(dir, 'cache');
const entry = join(dir, 'lib.ts');

const SOURCE = `/** A documented function. */
export declare function answer(): number;
/**
 * Uses a tag TypeDoc does not know.
 * @frobnicate twice
 */
export declare const thing: string;
`;

beforeAll(() => {
  mkdirSync(dir, { recursive: true });
  writeFileSync(entry, SOURCE);
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** The model files of a cache folder (not the lists of the files their keys cover). */
const models = (dir: string): string[] => readdirSync(dir).filter((f) => /^api-[0-9a-f]{16}\.json$/.test(f));

describe('loadApi', () => {
  it('converts on a miss, then answers from the cache with an equal model and the same diagnostics', async () => {
    const first = await loadApi({ entry, cacheDir, useCache: true });
    expect(first.cacheHit).toBe(false);
    expect(first.model.items.map((i) => i.name)).toEqual(['answer', 'thing']);
    // The model, and the list of files its key covers (cache-key.ts).
    const files = readdirSync(cacheDir);
    expect(files).toHaveLength(2);
    expect(models(cacheDir)).toHaveLength(1);
    expect(models(cacheDir)[0]).toMatch(/^api-[0-9a-f]{16}\.json$/);

    const second = await loadApi({ entry, cacheDir, useCache: true });
    expect(second.cacheHit).toBe(true);
    expect(second.model).toEqual(first.model);
    expect(second.diagnostics).toEqual(first.diagnostics);
  });

  it('misses when the declaration file changes', async () => {
    writeFileSync(entry, `${SOURCE}/** Added later. */\nexport declare const later: boolean;\n`);
    try {
      const result = await loadApi({ entry, cacheDir, useCache: true });
      expect(result.cacheHit).toBe(false);
      expect(result.model.items.map((i) => i.name)).toContain('later');
      expect(models(cacheDir)).toHaveLength(2);
    } finally {
      writeFileSync(entry, SOURCE);
    }
  });

  it('does not read the cache when useCache is false, and writes a good one over a bad one', async () => {
    const other = join(dir, 'no-cache');
    const good = await loadApi({ entry, cacheDir: other, useCache: true });
    const [file] = models(other);
    writeFileSync(join(other, file!), '{"converterVersion": 4, "model": {"items": [{}]}}');
    const result = await loadApi({ entry, cacheDir: other, useCache: false });
    expect(result.cacheHit).toBe(false);
    expect(models(other)).toEqual([file]);
    const again = await loadApi({ entry, cacheDir: other, useCache: true });
    expect(again.cacheHit).toBe(true);
    expect(again.model).toEqual(good.model);
  });

  it('reports a cache file of the wrong shape in one line, converts again and replaces it', async () => {
    const other = join(dir, 'bad-cache');
    await loadApi({ entry, cacheDir: other, useCache: true });
    const [file] = models(other);
    const notices: string[] = [];
    for (const bad of ['{"converterVersion": 4, "model": {"items": [{}]}}', 'not json', '']) {
      writeFileSync(join(other, file!), bad);
      const result = await loadApi({ entry, cacheDir: other, useCache: true, onNotice: (l) => notices.push(l) });
      expect(result.cacheHit).toBe(false);
      expect(result.model.items.map((i) => i.name)).toEqual(['answer', 'thing']);
    }
    expect(notices).toHaveLength(3);
    expect(notices[0]).toMatch(/API model cache .*api-[0-9a-f]{16}\.json is not usable/);
    expect(notices.every((l) => !l.includes('\n'))).toBe(true);
    expect((await loadApi({ entry, cacheDir: other, useCache: true, onNotice: (l) => notices.push(l) })).cacheHit).toBe(true);
    expect(notices).toHaveLength(3);
  });

  it('returns TypeDoc messages as warning diagnostics and prints nothing', async () => {
    const printed = [
      vi.spyOn(console, 'log'),
      vi.spyOn(console, 'info'),
      vi.spyOn(console, 'warn'),
      vi.spyOn(console, 'error'),
      vi.spyOn(process.stdout, 'write'),
      vi.spyOn(process.stderr, 'write'),
    ];
    try {
      const { diagnostics } = await loadApi({ entry, cacheDir, useCache: false });
      for (const spy of printed) expect(spy).not.toHaveBeenCalled();
      expect(diagnostics).toEqual([
        {
          code: 'api/typedoc',
          category: 'content',
          severity: 'warning',
          message: 'TypeDoc: Encountered an unknown block tag @frobnicate',
          hint: 'The API reference was still generated; fix the doc comment if the page looks wrong.',
          file: 'test/.tmp/' + `api-load-${process.pid}/lib.ts`,
          line: 5,
          column: 4,
        },
      ]);
    } finally {
      for (const spy of printed) spy.mockRestore();
    }
  });

  it('fails with a diagnostic naming the file when the declaration file is missing', async () => {
    const missing = join(dir, 'nope.d.ts');
    const failure = await loadApi({ entry: missing, cacheDir, useCache: true }).catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(BuildFailure);
    expect((failure as BuildFailure).diagnostics).toEqual([
      expect.objectContaining({ code: 'api/entry-missing', severity: 'error', file: missing }),
    ]);
    expect((failure as BuildFailure).diagnostics[0]?.message).toMatchInlineSnapshot(
      `"The API declaration file cannot be read: it does not exist."`,
    );
  });

  it('answers a hit without loading typedoc (its speed is a benchmark figure, not a test)', async () => {
    // A fresh process, so nothing else has imported typedoc before.
    const script = join(dir, 'hit.ts');
    writeFileSync(
      script,
      `import { loadApi } from ${JSON.stringify(join(ROOT, 'src/api/index.ts'))};
const r = await loadApi({ entry: ${JSON.stringify(entry)}, cacheDir: ${JSON.stringify(cacheDir)}, useCache: true });
const loads = (globalThis as Record<symbol, unknown>)[Symbol.for('typedoc_loads')] ?? 0;
console.log(JSON.stringify({ hit: r.cacheHit, loads, items: r.model.items.length }));`,
    );
    const { stdout } = await promisify(execFile)(process.execPath, ['--import', 'tsx', script], { cwd: ROOT });
    const result = JSON.parse(stdout.trim().split('\n').at(-1)!) as { hit: boolean; loads: number; items: number };
    expect(result).toEqual({ hit: true, loads: 0, items: expect.any(Number) });
    expect(result.items).toBeGreaterThan(0);
  });
});
