// The parity matrix: the API reference of pkijs 3.3.2, 3.4.3 and 4.0.0 and of
// the constructs fixture, compared with TypeDoc's own JSON over every export
// and member (names, kinds, flags, signatures with their parameters' names and
// types as text). TypeDoc runs as a user runs it: its CLI, `--json`, on the
// declaration file, beside a strict tsconfig.json. One run per package.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { typedocCliJson } from '../../support/typedoc-cli.ts';
import { loadApi } from '../../../src/api/index.ts';
import { keywordAliases, modelFacts, normalise } from './parity/model-facts.ts';
import { typedocFacts } from './parity/typedoc-facts.ts';
import { CACHE_DIR, CONSTRUCTS_DTS, PKIJS_DTS, ROOT } from './support.ts';

const PACKAGES: [string, string][] = [
  ['pkijs 3.3.2', PKIJS_DTS],
  ['pkijs 3.4.3', resolve(ROOT, 'node_modules/pkijs-3.4.3/build/index.d.ts')],
  ['pkijs 4.0.0', resolve(ROOT, 'content/versions/pkijs-4.0/node_modules/pkijs/build/index.d.ts')],
  ['the constructs fixture', CONSTRUCTS_DTS],
];

/**
 * The tsconfig.json a user documenting the package would write: strict (else
 * TypeScript drops `| undefined` and `| null` from every type), and the lib the
 * reference reads built-ins from (inherited members of Error).
 */
const tsconfig = (entry: string): string =>
  JSON.stringify({ compilerOptions: { strict: true, target: 'es2022', module: 'nodenext', moduleResolution: 'nodenext', lib: ['es2020', 'dom'], types: [], skipLibCheck: true, noEmit: true }, files: [entry] });

function typedocJson(entry: string): Promise<unknown> {
  const dir = mkdtempSync(join(tmpdir(), 'pkidocs-parity-'));
  writeFileSync(join(dir, 'tsconfig.json'), tsconfig(entry));
  return typedocCliJson(dir, ['--json', 'api.json', '--skipErrorChecking', '--logLevel', 'Error', entry], entry);
}

describe('parity with TypeDoc', () => {
  it.each(PACKAGES)('%s: every export and member TypeDoc documents, as TypeDoc types it', async (_name, entry) => {
    const [json, { model }] = await Promise.all([typedocJson(entry), loadApi({ entry, cacheDir: CACHE_DIR, useCache: true })]);
    const keywords = keywordAliases(model);
    const theirs = typedocFacts(json).map((f) => normalise(f, keywords));
    const ours = new Set(modelFacts(model).map((f) => normalise(f, keywords)));
    const misses = theirs.filter((f) => !ours.has(f));
    const extra = [...ours].filter((f) => !theirs.includes(f));
    expect(theirs.length).toBeGreaterThan(40);
    expect({ misses, extra }).toEqual({ misses: [], extra: [] });
    console.log(`${_name}: ${theirs.length} facts compared, ${misses.length} misses`);
  });
});
