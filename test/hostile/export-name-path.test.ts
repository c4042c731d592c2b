// An export's name makes its API page's path (src/routes/api-urls.ts). A
// declaration file may export under any string (`export { X as "a/b" }`), so
// "../../../../docs/installation" named a page path out of the API pages: the
// write guard stopped the build with a stack trace, and a name that stayed
// inside out/ could take another page's files. Such a name is refused, in
// words that name the export and the declaration file.
import { existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DTS, freshCheckout } from './support/fresh-checkout.ts';

const fresh = freshCheckout();

describe('an export named like a path', () => {
  it.each([
    ['../../../../docs/installation'],
    ['../Certificate'],
    ['a b'],
  ])('%j fails the build with a clear message, writing nothing', async (name) => {
    writeFileSync(join(fresh.pkg, 'build/index.d.ts'), `${DTS}declare class Evil {\n  x: number;\n}\nexport { Evil as ${JSON.stringify(name)} };\n`);
    const { code, output } = await fresh.build();
    expect(code, output).toBe(3);
    expect(output).toContain('[api/unroutable-name]');
    expect(output).toContain(JSON.stringify(name));
    expect(output).not.toMatch(/unexpected error|\n\s+at /);
    expect(existsSync(fresh.out)).toBe(false);
  }, 180_000);
});
