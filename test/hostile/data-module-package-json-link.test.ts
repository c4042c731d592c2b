// A data module is bundled by esbuild, whose plugin (data-bundle.ts) refuses
// every module it would load from outside the content folder. esbuild reads
// more than modules, though: resolving an import, it parses the package.json
// of the folders on the way (for "type", "sideEffects", "main"), and no
// plugin hook sees that read. content/docs/package.json, a link to a file
// outside the checkout, is read; not being JSON, esbuild's error quotes its
// first word, and data-module.ts, which keeps esbuild's quotes of files
// outside the content folder out of the log by the file's name, sees the
// link's name (docs/package.json, inside) and prints the quote: the build
// log shows a word of any file of the machine.
import { mkdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { freshCheckout } from './support/fresh-checkout.ts';

const { tmp: TMP, checkout: CHECKOUT, build } = freshCheckout();
const DOCS = join(CHECKOUT, 'content/docs');
const SECRET = join(TMP, 'elsewhere/credentials');
const TOKEN = 'K14_TOKEN_b81f3c';

afterEach(() => {
  for (const name of ['table.md', 'data.ts', 'package.json']) rmSync(join(DOCS, name), { force: true });
});

describe('a data module beside a package.json linked out of the checkout', () => {
  it('prints no word of the linked file in the build log', async () => {
    mkdirSync(join(TMP, 'elsewhere'), { recursive: true });
    writeFileSync(SECRET, `${TOKEN} is the rest of a credential file\n`);
    symlinkSync(SECRET, join(DOCS, 'package.json'));
    writeFileSync(join(DOCS, 'data.ts'), "export const rows = [{ line: 'plain' }];\n");
    writeFileSync(join(DOCS, 'table.md'), '---\ntitle: Table\ndescription: A generated table.\n---\n\n```table rows=./data.ts#rows\nLine = line\n```\n');
    const result = await build();
    expect(result.output).not.toContain(TOKEN);
    expect(result.code).toBe(3);
  }, 180_000);
});
