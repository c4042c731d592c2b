// The committed data files the guides render match what their scripts read
// from pkijs now: SignedData.verify's codes, and the migration diff's inputs.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { signedDataCodes } from '../../content/docs/guides/data/signed-data-codes.ts';
import { signedDataExplanations } from '../../content/docs/guides/data/explanations.ts';
import { migration } from '../../content/docs/guides/data/migration.ts';
import { diffApis, readApi, type ApiShape } from '../../scripts/guides/migration.ts';
import { PKIJS_JS, signedDataVerifyCodes } from '../../scripts/guides/codes.ts';
import { ROOT } from '../support/cli.ts';

describe('generated guide data', () => {
  it('lists the codes SignedData.verify uses in pkijs 3.3.2', () => {
    expect(signedDataCodes).toEqual(signedDataVerifyCodes());
    // Read by hand from SignedData.verify: 6, 11, 12 and 13 are not used.
    expect(signedDataCodes.map((c) => c.code)).toEqual([1, 2, 3, 4, 5, 7, 8, 9, 10, 14, 15]);
    expect(Object.keys(signedDataExplanations).map(Number).sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5, 7, 8, 9, 10, 14, 15]);
  });

  it('lists the codes and messages SignedData.verify uses in pkijs 4.0.0 too (the troubleshooting page of 4.0 shows them)', () => {
    const release4 = readFileSync(`${ROOT}/content/versions/pkijs-4.0/node_modules/pkijs/build/index.js`, 'utf8');
    expect(release4).toContain('class SignedData extends PkiObject');
    expect(signedDataVerifyCodes(release4)).toEqual(signedDataCodes);
  });

  it('finds no code when SignedData.verify has none (the extractor can fail)', () => {
    expect(() => signedDataVerifyCodes('class SignedData { verify() { return 1; } }')).toThrow(/No codes found/);
    expect(readFileSync(PKIJS_JS, 'utf8')).toContain('class SignedData extends PkiObject');
  });

  it('diffs two API shapes into removed, renamed and changed items', () => {
    const shape = (exports: [string, string][], classes: Record<string, [string, string][]>, functions: [string, string][] = []): ApiShape => ({
      exports: new Map(exports), functions: new Map(functions), classes: new Map(Object.entries(classes).map(([k, v]) => [k, new Map(v)])),
    });
    const from = shape([['A', 'class'], ['gone', 'function'], ['Recipientinfo', 'class'], ['f', 'function']], { A: [['x', ''], ['m', 'a, b'], ['static s', '']] }, [['f', 'a']]);
    const to = shape([['A', 'class'], ['RecipientInfo', 'class'], ['New', 'class'], ['f', 'function']], { A: [['m', 'a'], ['s', ''], ['static fromBER', 'raw']] }, [['f', 'a, b']]);
    const diff = diffApis(from, to, { from: '2', to: '3' });
    expect(diff.removedExports).toEqual([{ name: 'gone', kind: 'function', note: 'removed' }, { name: 'Recipientinfo', kind: 'class', note: 'renamed: RecipientInfo' }]);
    expect(diff.memberChanges).toEqual([
      { className: 'A', member: 'm', change: 'parameters (a, b) → (a)' },
      { className: 'A', member: 'static s', change: 'now an instance member' },
      { className: 'A', member: 'x', change: 'removed' },
    ]);
    expect(diff.functionChanges).toEqual([{ name: 'f', before: '(a)', after: '(a, b)' }]);
    expect(diff.addedClasses).toEqual(['New']);
  });

  it('reads 3.3.2 from its d.ts as the migration data says', () => {
    const now = readApi(`${ROOT}/node_modules/pkijs/build/index.d.ts`);
    expect(migration.to).toBe('3.3.2');
    for (const name of migration.addedClasses) expect(now.exports.get(name), name).toBe('class');
    for (const { member } of migration.commonNewMembers) expect(now.classes.get('Certificate')!.has(member), member).toBe(true);
    for (const { name } of migration.removedExports) expect(now.exports.has(name), name).toBe(false);
  });
});
