// The OID table (content/docs/examples/oids.ts, rendered by the OID reference
// guide) names pkijs's own constant for every OID pkijs exports one for, so a
// reader can use the constant instead of writing the number out.
import * as pkijs from 'pkijs';
import { describe, expect, it } from 'vitest';
import { OIDS } from '../../content/docs/examples/oids.ts';

/** pkijs's exported OID constants (id_*), by value. */
const constantsByOid = new Map<string, string[]>();
for (const [name, value] of Object.entries(pkijs)) {
  if (!name.startsWith('id_') || typeof value !== 'string' || !/^\d+(\.\d+)+$/.test(value)) continue;
  constantsByOid.set(value, [...(constantsByOid.get(value) ?? []), name]);
}

describe('the OID table and pkijs constants', () => {
  it('names a pkijs constant for every OID pkijs exports one for', () => {
    const missing = Object.entries(OIDS)
      .filter(([, entry]) => constantsByOid.has(entry.oid) && !('constant' in entry))
      .map(([key, entry]) => `${key} (${entry.oid}): pkijs exports ${constantsByOid.get(entry.oid)!.join(', ')}`);
    expect(missing).toEqual([]);
  });

  it('names only constants that hold its OID', () => {
    for (const [key, entry] of Object.entries(OIDS)) {
      if ('constant' in entry) expect(constantsByOid.get(entry.oid) ?? [], key).toContain(entry.constant);
    }
  });
});
