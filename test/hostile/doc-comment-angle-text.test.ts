// A doc comment that compares with "<" and ">" (fresh-eyes review of #30).
// The search row of a member is its summary with Markdown and HTML taken out
// (src/search/api-rows.ts docSummary), and the HTML pattern /<[^<>]+>/g takes
// any text between a "<" and the next ">" for a tag: "Valid when 0 < version
// and version > 2" became "Valid when 0 2" in the search result, the words
// between dropped from the index too.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { expandIndex, type SearchIndexData } from '../../src/shared/search-index.ts';
import { DTS, freshCheckout } from './support/fresh-checkout.ts';

const { pkg: PKG, out: OUT, build } = freshCheckout();
const SENTENCE = 'Valid when 0 < version and version > 2, as RFC 5280 requires';

describe('a doc comment comparing with < and >', () => {
  it('keeps the whole sentence in the search result of the method', async () => {
    // A method (a property's search row holds its name only), on the fixture's Certificate.
    writeFileSync(join(PKG, 'build/index.d.ts'), DTS.replace('  version: number;\n', `  version: number;\n  /** ${SENTENCE}. */\n  checkVersion(): boolean;\n`));
    const built = await build();
    expect(built.code, built.output).toBe(0);
    const records = expandIndex(JSON.parse(readFileSync(join(OUT, '_pkidocs/search-index.json'), 'utf8')) as SearchIndexData);
    const version = records.find((r) => r.owner === 'Certificate' && r.name === 'checkVersion');
    expect(version, 'no search record for Certificate#checkVersion').toBeDefined();
    // Measured: "Valid when 0 2, as RFC 5280 requires."
    expect(version!.text ?? '').toContain('0 < version and version > 2');
  }, 60_000);
});
