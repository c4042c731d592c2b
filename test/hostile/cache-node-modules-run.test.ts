// pkidocs runs code from its cache folder: the CLI itself, bundled into
// .pkidocs-cache/cli-<key>/ (bin/cli-bundle.js), and each compiled site
// module in .pkidocs-cache/modules/ (site-module.ts). Both leave packages
// (React first of all) as imports, so Node resolves them from the bundle's
// folder up: .pkidocs-cache/cli-<key>/node_modules, then
// .pkidocs-cache/node_modules, and only then the checkout's node_modules. The
// cache folder is content (CI restores one another branch wrote), and the
// seals cover the bundle's files, not what their imports resolve to: a
// package planted at .pkidocs-cache/node_modules/react is the React the CLI
// loads, and its code runs on every command.
import { cpSync, existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../support/cli.ts';
import { freshCheckout } from './support/fresh-checkout.ts';

const { tmp: TMP, cache: CACHE, build } = freshCheckout();

describe('a package planted in the cache folder', () => {
  it('.pkidocs-cache/node_modules/react (a copy of React that leaves a mark): its code never runs', async () => {
    const ran = join(TMP, 'planted-package-ran');
    const react = join(CACHE, 'node_modules/react');
    cpSync(join(ROOT, 'node_modules/react'), react, { recursive: true, dereference: true });
    const index = join(react, 'index.js');
    writeFileSync(index, `require('node:fs').writeFileSync(${JSON.stringify(ran)}, 'ran');\n${readFileSync(index, 'utf8')}`);
    const { code, output } = await build();
    expect({ ran: existsSync(ran) }, `exit ${code}\n${output}`).toEqual({ ran: false });
    expect(code, output).toBe(0);
    expect(output).toContain(".pkidocs-cache/node_modules is not pkidocs'");
    expect(existsSync(join(CACHE, 'node_modules'))).toBe(false);
  }, 120_000);
});
