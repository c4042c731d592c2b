// .pkidocs-cache may be a link to an empty folder (README: claimed, then kept
// as the cache). Node resolves a bare import of code run from the cache (the
// CLI bundle's `react`, say) from the cached file's real folder upwards, and
// bin/cli-bundle.js clears planted node_modules/ and package.json only inside
// the cache folder, never in the folders above it. A checkout can hold an
// empty folder git did not write (an uninitialised submodule: `git clone`
// without --recursive, actions/checkout's default), so a pull request that
// commits `.pkidocs-cache -> vendor/empty`, the submodule `vendor/empty` and a
// `vendor/node_modules/react/` makes the next `pkidocs build` run that React.
import { existsSync, mkdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../support/cli.ts';
import { freshCheckout } from './support/fresh-checkout.ts';

const fresh = freshCheckout();

describe('.pkidocs-cache committed as a link to an empty folder beside a node_modules/', () => {
  it('the build runs no package of the checkout but its own node_modules/', async () => {
    const ran = join(fresh.tmp, 'planted-react-ran');
    const vendor = join(fresh.checkout, 'vendor');
    mkdirSync(join(vendor, 'empty'), { recursive: true }); // the uninitialised submodule
    const react = join(vendor, 'node_modules/react');
    mkdirSync(react, { recursive: true });
    writeFileSync(join(react, 'package.json'), JSON.stringify({ name: 'react', version: '18.3.1', main: 'index.js', exports: { '.': './index.js', './jsx-runtime': './jsx-runtime.js', './package.json': './package.json' } }));
    // The planted React notes that it ran, then hands over the real one so that the build goes on.
    for (const entry of ['index', 'jsx-runtime']) {
      writeFileSync(join(react, `${entry}.js`), `require('node:fs').writeFileSync(${JSON.stringify(ran)}, 'ran');\nmodule.exports = require(${JSON.stringify(join(ROOT, 'node_modules/react', `${entry}.js`))});\n`);
    }
    rmSync(fresh.cache, { recursive: true, force: true });
    symlinkSync('vendor/empty', fresh.cache);
    const result = await fresh.build();
    expect(existsSync(ran), `the React of vendor/node_modules ran\n${result.output}`).toBe(false);
  }, 180_000);
});
