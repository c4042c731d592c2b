// A ```table column names a field of the rows; a row without it fails the
// build (remark-table.ts: content/table-field). The check is `field in row`,
// and a row is a plain object: `in` also sees what every object inherits
// (constructor, toString, __proto__…). A column of a field no row has then
// passes, and its cells print the inherited value: the source of JavaScript's
// Object function on the published page, and a build that reports success.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { freshCheckout } from './support/fresh-checkout.ts';

const { checkout: CHECKOUT, out: OUT, build } = freshCheckout();

describe('a ```table column naming a field every object inherits', () => {
  it.each(['constructor', 'toString'])('"Owner = %s" over enum rows ({ name, value }): the build fails naming the field', async (field) => {
    writeFileSync(join(CHECKOUT, 'content/docs/installation.md'), `---\ntitle: Installation\ndescription: How to install.\n---\n\n\`\`\`table rows=enum:Kind\nName = name\nOwner = ${field}\n\`\`\`\n`);
    const { code, output } = await build();
    const page = code === 0 ? readFileSync(join(OUT, 'docs/installation/index.html'), 'utf8') : '';
    expect({ code: code === 0 ? 0 : 'failed', nativeCode: page.includes('[native code]') }, output).toEqual({ code: 'failed', nativeCode: false });
    expect(output).toContain(`no field "${field}"`);
  }, 120_000);
});
