// The second seal of a cache file (src/shared/cache-io.ts): the bundled CLI
// seals what it writes under the hash of its own code too, and a file whose
// second seal matches the code running now is read without its zod schema
// (those exact bytes came from this code's JSON.stringify). Anything else (no
// second seal, another code's, a file edited since) is checked whole, as before.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { loadChecked, writeSealed } from '../../../src/shared/cache-io.ts';

const schema = z.object({ n: z.number() });
let cache: string;
let file: string;
const savedHash = process.env.PKIDOCS_CODE_HASH;
beforeEach(() => {
  cache = mkdtempSync(join(tmpdir(), 'pkidocs-writer-seal-'));
  file = join(cache, 'pages.json');
});
afterEach(() => {
  rmSync(cache, { recursive: true, force: true });
  if (savedHash === undefined) delete process.env.PKIDOCS_CODE_HASH;
  else process.env.PKIDOCS_CODE_HASH = savedHash;
  vi.restoreAllMocks();
});

/** loadChecked of `file` with the notices it gave and how many times the schema ran. */
async function load(): Promise<{ data: unknown; notices: string[]; parses: number }> {
  const spy = vi.spyOn(schema, 'safeParse');
  const notices: string[] = [];
  const data = await loadChecked(file, schema, 'page cache', (line) => notices.push(line));
  const parses = spy.mock.calls.length;
  spy.mockRestore();
  return { data, notices, parses };
}

describe('a cache file sealed by the code that reads it', () => {
  it('is read back without running its schema', async () => {
    process.env.PKIDOCS_CODE_HASH = 'code-a';
    await writeSealed(cache, file, JSON.stringify({ n: 1 }));
    expect(readFileSync(`${file}.seal`, 'utf8').split('\n').map((l) => /^[0-9a-f]{64}$/.test(l))).toEqual([true, true]);
    expect(await load()).toEqual({ data: { n: 1 }, notices: [], parses: 0 });
  });

  it('written by other code (another hash), is checked whole: a shape that code wrote and this one refuses is reported', async () => {
    process.env.PKIDOCS_CODE_HASH = 'code-a';
    await writeSealed(cache, file, JSON.stringify({ n: 'one' }));
    process.env.PKIDOCS_CODE_HASH = 'code-b';
    const r = await load();
    expect(r.data).toBeUndefined();
    expect(r.parses).toBe(1);
    expect(r.notices).toEqual([expect.stringContaining('is not usable (wrong shape)')]);
  });

  it('edited after it was sealed, is checked whole and refused, whatever its shape', async () => {
    process.env.PKIDOCS_CODE_HASH = 'code-a';
    await writeSealed(cache, file, JSON.stringify({ n: 1 }));
    writeFileSync(file, JSON.stringify({ n: 'one' }));
    expect((await load()).notices).toEqual([expect.stringContaining('is not usable (wrong shape)')]);
    writeFileSync(file, JSON.stringify({ n: 2 }));
    const edited = await load();
    expect(edited.data).toBeUndefined();
    expect(edited.parses).toBe(1);
    expect(edited.notices).toEqual([expect.stringContaining('is not usable (its seal does not match: edited or planted)')]);
  });

  it('with its second seal moved to another file, is checked whole', async () => {
    process.env.PKIDOCS_CODE_HASH = 'code-a';
    const other = join(cache, 'bundle.json');
    await writeSealed(cache, other, JSON.stringify({ n: 'one' }));
    writeFileSync(file, JSON.stringify({ n: 'one' }));
    writeFileSync(`${file}.seal`, readFileSync(`${other}.seal`));
    const r = await load();
    expect(r.data).toBeUndefined();
    expect(r.parses).toBe(1);
  });

  it('outside the bundled CLI (no code hash), gets one seal and is checked whole', async () => {
    delete process.env.PKIDOCS_CODE_HASH;
    await writeSealed(cache, file, JSON.stringify({ n: 1 }));
    expect(readFileSync(`${file}.seal`, 'utf8')).toMatch(/^[0-9a-f]{64}$/);
    expect(await load()).toEqual({ data: { n: 1 }, notices: [], parses: 1 });
  });
});
