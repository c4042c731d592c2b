// Resolving a data module's imports, esbuild reads the package.json of each
// folder on the way, a read no plugin hook sees. One of the content folder
// that is not a regular file there is refused before esbuild reads it
// (src/content/data-bundle.ts): a FIFO hung the bundle past 40 s (its limit is
// 60 s), and a link out was read (its first word once reached the log).
import { execFileSync } from 'node:child_process';
import { mkdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { freshCheckout } from './support/fresh-checkout.ts';

const { tmp: TMP, checkout: CHECKOUT, timedBuild } = freshCheckout();
const DOCS = join(CHECKOUT, 'content/docs');
const REFUSED = /table\.md:6 error The data module \.\/data\.ts cannot be read: it lies below docs\/package\.json, which is not a regular file of the content folder/;

afterEach(() => {
  for (const name of ['table.md', 'data.ts', 'package.json', 'real.json']) rmSync(join(DOCS, name), { force: true });
});

function dataPage(): void {
  writeFileSync(join(DOCS, 'data.ts'), "export const rows = [{ line: 'plain' }];\n");
  writeFileSync(join(DOCS, 'table.md'), '---\ntitle: Table\ndescription: A generated table.\n---\n\n```table rows=./data.ts#rows\nLine = line\n```\n');
}

describe('a data module below a package.json that is no regular file of the content folder', () => {
  it('is refused at once, naming the file, when it is a FIFO', async () => {
    execFileSync('mkfifo', [join(DOCS, 'package.json')]);
    dataPage();
    const result = await timedBuild(40_000);
    expect({ code: result.code, fast: result.ms < 30_000, refused: REFUSED.test(result.output) }, result.output).toEqual({ code: 3, fast: true, refused: true });
  }, 180_000);

  it('is refused, naming the file, when it is a link out of the checkout', async () => {
    mkdirSync(join(TMP, 'elsewhere'), { recursive: true });
    writeFileSync(join(TMP, 'elsewhere/package.json'), '{"name":"elsewhere"}\n');
    symlinkSync(join(TMP, 'elsewhere/package.json'), join(DOCS, 'package.json'));
    dataPage();
    const result = await timedBuild(60_000);
    expect({ code: result.code, refused: REFUSED.test(result.output) }, result.output).toEqual({ code: 3, refused: true });
  }, 180_000);

  it('builds when it is a link to a regular file of the content folder', async () => {
    writeFileSync(join(DOCS, 'real.json'), '{"name":"docs"}\n');
    symlinkSync('real.json', join(DOCS, 'package.json'));
    dataPage();
    const result = await timedBuild(60_000);
    expect(result.code, result.output).toBe(0);
  }, 180_000);
});
