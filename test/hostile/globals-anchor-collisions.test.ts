// The globals page gives each function, type alias and variable the id of its
// lower-cased name (globalsAnchor, routes/api-urls.ts), with no slugger to
// keep ids unique, unlike a class page's members (apiPageAnchors). The
// d.ts is content, so its names can take an id twice:
// - `__pkidocs` gets `___pkidocs` (the reserved-prefix escape), the id a
//   function really named `___pkidocs` has too;
// - a function `functions` takes the id of the page's own "Functions"
//   section heading (GLOBALS_SECTION_IDS);
// - `Encode` and `encode` are two exports with one id.
// Each link to the second one (#id) lands on the first, and the build passes.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { freshCheckout } from './support/fresh-checkout.ts';

const { pkg: PKG, out: OUT, build } = freshCheckout();

/** The ids that occur more than once in `html`. */
function duplicateIds(html: string): string[] {
  const seen = new Map<string, number>();
  for (const m of html.matchAll(/\sid="([^"]*)"/g)) seen.set(m[1]!, (seen.get(m[1]!) ?? 0) + 1);
  return [...seen].filter(([, n]) => n > 1).map(([id]) => id).sort();
}

async function globalsPageOf(dts: string): Promise<{ code: number; output: string; html: string }> {
  writeFileSync(join(PKG, 'build/index.d.ts'), `/** A certificate. */\nexport declare class Certificate {\n  /** Its version. */\n  version: number;\n}\n${dts}`);
  const { code, output } = await build();
  return { code, output, html: code === 0 ? readFileSync(join(OUT, 'docs/api/globals/index.html'), 'utf8') : '' };
}

describe('names on the API globals page that share one anchor', () => {
  it('functions "__pkidocs" and "___pkidocs": refused, or two distinct ids', async () => {
    const { code, output, html } = await globalsPageOf('/** One. */\nexport declare function __pkidocs(): void;\n/** Two. */\nexport declare function ___pkidocs(): void;\n');
    if (code !== 0) return;
    expect(duplicateIds(html), output).toEqual([]);
  }, 120_000);

  it('a function "functions": refused, or its id is not the Functions section heading', async () => {
    const { code, output, html } = await globalsPageOf('/** Named like a section. */\nexport declare function functions(): void;\n');
    if (code !== 0) return;
    expect(duplicateIds(html), output).toEqual([]);
  }, 120_000);

  it('functions "Encode" and "encode": refused, or two distinct ids', async () => {
    const { code, output, html } = await globalsPageOf('/** Upper. */\nexport declare function Encode(): void;\n/** Lower. */\nexport declare function encode(): void;\n');
    if (code !== 0) return;
    expect(duplicateIds(html), output).toEqual([]);
  }, 120_000);
});
