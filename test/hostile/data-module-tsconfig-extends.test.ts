// A data module is bundled with esbuild from the content folder, and its
// inputs must all be files of that folder (src/content/data-module.ts). But
// esbuild also reads the tsconfig.json beside the module, and follows its
// "extends" to any path of the machine: that file is read as JSON, and
// esbuild's complaint about it, which the build prints, quotes its first
// token. A content folder can thus make the build read a file outside it
// and print part of it in the log (a CI log is often public). An import of
// that file `with { type: 'json' }` does the same: the inputs are checked
// only once esbuild has read and parsed them.
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { freshCheckout } from './support/fresh-checkout.ts';

const fresh = freshCheckout();
/** A file of the user's, outside the checkout: its first word stands for a token. */
const SECRET_DIR = join(fresh.tmp, 'home');
const TOKEN = 'ghp_k9tsconfig0000000000000000000000000';

afterAll(() => rmSync(join(fresh.checkout, 'content/docs/tsconfig.json'), { force: true }));

describe("a tsconfig.json beside a data module, extending a file outside the content folder", () => {
  it('the build neither reads that file nor prints any of it', async () => {
    mkdirSync(SECRET_DIR, { recursive: true });
    writeFileSync(join(SECRET_DIR, 'credentials'), `${TOKEN}\n`);
    const docs = join(fresh.checkout, 'content/docs');
    writeFileSync(join(docs, 'tsconfig.json'), JSON.stringify({ extends: join(SECRET_DIR, 'credentials') }));
    writeFileSync(join(docs, 'data.ts'), "export const rows = [{ line: 'x' }];\n");
    writeFileSync(join(docs, 'installation.md'), '---\ntitle: Installation\ndescription: How to install.\n---\n\nInstall it.\n\n```table rows=./data.ts#rows\nLine = line\n```\n');
    const { output } = await fresh.build();
    expect(output).not.toContain(TOKEN);
    expect(fresh.filesHolding(TOKEN)).toEqual([]);
  }, 180_000);

  it('an import of that file as JSON prints none of it either', async () => {
    rmSync(join(fresh.checkout, 'content/docs/tsconfig.json'), { force: true });
    mkdirSync(SECRET_DIR, { recursive: true });
    writeFileSync(join(SECRET_DIR, 'credentials'), `${TOKEN}\n`);
    const docs = join(fresh.checkout, 'content/docs');
    writeFileSync(join(docs, 'data.ts'), `import secret from ${JSON.stringify(join(SECRET_DIR, 'credentials'))} with { type: 'json' };\nexport const rows = [{ line: String(secret) }];\n`);
    writeFileSync(join(docs, 'installation.md'), '---\ntitle: Installation\ndescription: How to install.\n---\n\nInstall it.\n\n```table rows=./data.ts#rows\nLine = line\n```\n');
    const { output } = await fresh.build();
    expect(output).not.toContain(TOKEN);
    expect(fresh.filesHolding(TOKEN)).toEqual([]);
  }, 180_000);
});
