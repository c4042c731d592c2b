// The cache folder is content, and a checkout can hold .pkidocs-cache as a
// link (git keeps links; `ln -s .. .pkidocs-cache` in a PR). The cache
// chokepoints (src/shared/cache-io.ts) resolve the cache folder through its
// own link (realPathOfSync(cacheDir)), so the folder it leads to is "the
// cache"; bin/cli-bundle.js writes and deletes there before any check runs.
// With .pkidocs-cache a link to a project folder of the user, one
// `pkidocs build`:
// - deletes its package.json and its whole node_modules/
//   (clearResolutionPlants: rmSync of <cache>/package.json, <cache>/node_modules);
// - writes the CLI bundle (cli-<hash>/) into it, then fails to load it.
import { existsSync, mkdirSync, readdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { freshCheckout } from './support/fresh-checkout.ts';

const { tmp: TMP, cache: CACHE, build } = freshCheckout();
const PROJECT = join(TMP, 'my-project');

describe('.pkidocs-cache planted as a link to a project folder of the user', () => {
  it('a build deletes nothing there', async () => {
    rmSync(CACHE, { recursive: true, force: true });
    mkdirSync(join(PROJECT, 'node_modules/left-pad'), { recursive: true });
    writeFileSync(join(PROJECT, 'package.json'), '{"name":"my-project"}');
    writeFileSync(join(PROJECT, 'node_modules/left-pad/index.js'), 'module.exports = 1;');
    symlinkSync(PROJECT, CACHE);
    const result = await build();
    expect(existsSync(join(PROJECT, 'package.json')), result.output).toBe(true);
    expect(existsSync(join(PROJECT, 'node_modules/left-pad/index.js')), result.output).toBe(true);
  }, 180_000);

  it('a build writes nothing there', async () => {
    rmSync(CACHE, { recursive: true, force: true });
    rmSync(PROJECT, { recursive: true, force: true });
    mkdirSync(PROJECT, { recursive: true });
    writeFileSync(join(PROJECT, 'notes.txt'), 'mine');
    symlinkSync(PROJECT, CACHE);
    const result = await build();
    expect(readdirSync(PROJECT), result.output).toEqual(['notes.txt']);
  }, 180_000);

  it('a restored cache whose modules/ is a link to the project: a build deletes nothing there', async () => {
    // The case the cache chokepoints refuse (cache-chokepoints.test.ts), met by bin/ before they run.
    rmSync(CACHE, { recursive: true, force: true });
    rmSync(PROJECT, { recursive: true, force: true });
    mkdirSync(join(PROJECT, 'node_modules/left-pad'), { recursive: true });
    writeFileSync(join(PROJECT, 'package.json'), '{"name":"my-project"}');
    mkdirSync(CACHE);
    symlinkSync(PROJECT, join(CACHE, 'modules'));
    const result = await build();
    expect(existsSync(join(PROJECT, 'package.json')), result.output).toBe(true);
    expect(existsSync(join(PROJECT, 'node_modules/left-pad')), result.output).toBe(true);
  }, 180_000);
});
