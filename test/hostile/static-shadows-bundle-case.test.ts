// content/static may not put a file in _pkidocs/, the folder of the client
// bundle and the navigation chunks (copy-static.ts TOOL_FOLDER), because a
// file there of the bundle's name (known in advance: builds are reproducible)
// would run in every page. The check is `rel.startsWith('_pkidocs/')`, case
// and all; the static listing knows that two paths differing only in case are
// one file on macOS and Windows (content/case-collision), but compares static
// files only with each other. content/static/_PKIDOCS/<bundle name> is
// published beside _pkidocs/<bundle name>: a build on a case-insensitive disk,
// or a deploy to one (IIS, Azure App Service on Windows), keeps one of the
// two, and every page loads the content's script as the site's bundle.
import { mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { freshCheckout } from './support/fresh-checkout.ts';

const { checkout: CHECKOUT, out: OUT, build } = freshCheckout();

/** The paths of out/ that another path of out/ equals but for case. */
function caseTwins(): string[] {
  const paths = readdirSync(OUT, { recursive: true, encoding: 'utf8' }).map((p) => p.split('\\').join('/'));
  const byLower = new Map<string, string[]>();
  for (const p of paths) byLower.set(p.toLowerCase(), [...(byLower.get(p.toLowerCase()) ?? []), p]);
  return [...byLower.values()].filter((list) => list.length > 1).flat().sort();
}

describe('a static file in _PKIDOCS/, the tool folder spelled in another case', () => {
  it('is not published beside the client bundle it would stand in for', async () => {
    const first = await build();
    expect(first.code, first.output).toBe(0);
    const bundle = readdirSync(join(OUT, '_pkidocs')).find((f) => /^app-\w+\.js$/.test(f));
    expect(bundle).toBeDefined();
    mkdirSync(join(CHECKOUT, 'content/static/_PKIDOCS'), { recursive: true });
    writeFileSync(join(CHECKOUT, 'content/static/_PKIDOCS', bundle!), 'document.title = "k14-attack ran";\n');
    const result = await build();
    expect(result.code === 0 ? caseTwins().filter((p) => p.endsWith(bundle!)) : [], result.output).toEqual([]);
  }, 240_000);
});
