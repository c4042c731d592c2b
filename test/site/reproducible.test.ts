// Two builds of the same inputs give byte-identical output: the real site as
// the global setup built it (caches warm) and a build that reads no cache
// (TypeDoc, bundles and highlighting all afresh). No timestamps, no build
// paths, asset names from content hashes.
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, rmSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT, runCli } from '../support/cli.ts';
import { siteOut } from '../support/site.ts';

function digest(dir: string): Map<string, string> {
  const out = new Map<string, string>();
  for (const f of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (!f.isFile()) continue;
    const file = join(f.parentPath, f.name);
    out.set(relative(dir, file), createHash('sha256').update(readFileSync(file)).digest('hex'));
  }
  return out;
}

describe('reproducible output', () => {
  it('writes the same bytes on a second build that reads no cache', async () => {
    const again = join(ROOT, 'test/.tmp/reproducible');
    rmSync(again, { recursive: true, force: true });
    const { code, stderr } = await runCli(['build', '--no-cache', '--out', again]);
    expect(code, stderr).toBe(0);
    const [a, b] = [digest(siteOut()), digest(again)];
    expect([...b.keys()].sort()).toEqual([...a.keys()].sort());
    const differ = [...a].filter(([path, hash]) => b.get(path) !== hash).map(([path]) => path);
    expect(differ).toEqual([]);
    expect(a.size).toBeGreaterThan(1200);
    rmSync(again, { recursive: true, force: true });
  }, 300_000);
});
