// .pkidocs-cache may be a link to an empty folder (cache-folder.js claims
// it), and a folder inside the checkout is allowed unless it is content/,
// out/, .git or node_modules/. Git leaves a submodule that was not
// initialised as an empty folder, so a checkout can hold `evil/cache` empty,
// `.pkidocs-cache -> evil/cache` and packages in `evil/node_modules/`. The
// cached CLI bundle and the compiled site modules then live in evil/cache/,
// and Node resolves their bare imports (react, esbuild, typedoc…) from the
// importing file's folder up: clearResolutionPlants clears node_modules in
// the cache folder only, so evil/node_modules/ is what they load, and its code
// runs with the user's rights on `pkidocs build`.
import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../support/cli.ts';
import { freshCheckout } from './support/fresh-checkout.ts';

const { checkout: CHECKOUT } = freshCheckout();
/** React's entry points the CLI bundle and the page modules import (bin/cli-bundle.js keeps React external). */
const REACT_FILES = ['index', 'jsx-runtime', 'jsx-dev-runtime'];

function build(): Promise<{ code: number; output: string }> {
  return new Promise((done) => {
    execFile(process.execPath, [join(CHECKOUT, 'bin/pkidocs.js'), 'build'], { cwd: CHECKOUT, env: { ...process.env, NO_COLOR: '1' } }, (err, stdout, stderr) => {
      done({ code: err ? ((err as { code?: number }).code ?? 1) : 0, output: stderr + stdout });
    });
  });
}

describe('a cache folder linked into a folder beside planted packages', () => {
  it('runs no code of those packages', async () => {
    const evil = join(CHECKOUT, 'evil');
    const mark = join(evil, 'ran.txt');
    mkdirSync(join(evil, 'cache'), { recursive: true }); // as git leaves a submodule not initialised
    // A React that notes it ran, then hands over the real one (so the bundle links and runs on).
    const react = join(evil, 'node_modules/react');
    mkdirSync(react, { recursive: true });
    const exportsMap = Object.fromEntries(REACT_FILES.map((f) => [f === 'index' ? '.' : `./${f}`, `./${f}.js`]));
    writeFileSync(join(react, 'package.json'), JSON.stringify({ name: 'react', version: '19.0.0', exports: exportsMap }));
    for (const f of REACT_FILES) {
      const real = join(ROOT, 'node_modules/react', `${f}.js`);
      writeFileSync(join(react, `${f}.js`), `require('node:fs').appendFileSync(${JSON.stringify(mark)}, 'react/${f}\\n');\nmodule.exports = require(${JSON.stringify(real)});\n`);
    }
    symlinkSync('evil/cache', join(CHECKOUT, '.pkidocs-cache'));

    const result = await build();
    const ran = existsSync(mark) ? readFileSync(mark, 'utf8').split('\n').filter(Boolean) : [];
    expect(ran, result.output).toEqual([]);
  }, 180_000);
});
