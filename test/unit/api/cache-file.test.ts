// The API model cache file: what is written reads back equal; a file that is
// missing, torn, edited, of another converter version or of the wrong shape is
// told apart from a hit, with a reason.
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { readApiCache, writeApiCache, type ApiCacheEntry } from '../../../src/api/cache-file.ts';

const DIR = join(import.meta.dirname, '../../.tmp', `unit-api-cache-file-${process.pid}`);
const FILE = join(DIR, 'api-0123456789abcdef.json');
const ENTRY: ApiCacheEntry = {
  model: { packageName: 'pkijs', version: '3.3.2', items: [{ kind: 'function', name: 'answer', summary: 'The answer.', signatures: [{ parameters: [] }] }] },
  diagnostics: [{ code: 'api/typedoc', category: 'content', severity: 'warning', message: 'TypeDoc: a tag', file: 'lib.d.ts', line: 3 }],
};

beforeEach(() => {
  rmSync(DIR, { recursive: true, force: true });
  mkdirSync(DIR, { recursive: true });
});
afterAll(() => rmSync(DIR, { recursive: true, force: true }));

const reasonOf = async (text: string, version = 4): Promise<string> => {
  writeFileSync(FILE, text);
  const read = await readApiCache(FILE, version);
  return read.kind === 'bad' ? read.reason : read.kind;
};

describe('the API model cache file', () => {
  it('reads back what was written, and leaves no temp file', async () => {
    await writeApiCache(DIR, FILE, 4, ENTRY);
    expect(await readApiCache(FILE, 4)).toEqual({ kind: 'hit', entry: ENTRY });
    expect(readdirSync(DIR)).toEqual(['api-0123456789abcdef.json']);
  });

  it('tells a missing file from a bad one', async () => {
    expect(await readApiCache(FILE, 4)).toEqual({ kind: 'missing' });
  });

  it('refuses torn, edited, old-format, other-version and wrong-shaped files with a reason', async () => {
    await writeApiCache(DIR, FILE, 4, ENTRY);
    const good = readFileSync(FILE, 'utf8');
    const unsealed = 'its seal does not match: torn, edited, planted or made by another checkout';
    expect(await reasonOf(good.slice(0, good.length - 10))).toBe(unsealed);
    expect(await reasonOf(good.replace('answer', 'Answer'))).toBe(unsealed);
    expect(await reasonOf(good, 5)).toBe('it was written by converter version 4');
    expect(await reasonOf('{"converterVersion": 4, "model": {"items": [{}]}, "diagnostics": []}')).toBe('its header is missing or of the wrong shape');
    expect(await reasonOf('')).toBe('its header is missing or of the wrong shape');
    // A planted payload with a checksum anyone can compute (format 1) is not read, nor a recomputed one under format 2.
    const { createHash } = await import('node:crypto');
    const payload = '{"model": {"packageName": "pkijs", "version": "3.3.2", "items": [{"kind": "class"}]}, "diagnostics": []}';
    const sum = createHash('sha256').update(payload).digest('hex');
    expect(await reasonOf(`${JSON.stringify({ format: 1, converterVersion: 4, sha256: sum })}\n${payload}`)).toBe('its header is missing or of the wrong shape');
    expect(await reasonOf(`${JSON.stringify({ format: 2, converterVersion: 4, seal: sum })}\n${payload}`)).toBe(unsealed);
    // A sealed payload of the wrong shape (a converter that forgot to bump its version).
    const { seal } = await import('../../../src/shared/cache-seal.ts');
    const header = JSON.stringify({ format: 2, converterVersion: 4, seal: seal('api-0123456789abcdef.json', payload) });
    expect(await reasonOf(`${header}\n${payload}`)).toBe('its content is of the wrong shape (model.items.0.name)');
  });
});
