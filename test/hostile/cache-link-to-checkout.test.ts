// bin/cli-bundle.js now touches a linked .pkidocs-cache only when the folder
// it leads to is empty or holds pkidocs' CACHEDIR.TAG. The tag is content:
// a checkout that commits CACHEDIR.TAG (pkidocs' text) at its top and
// .pkidocs-cache as a link to `.` passes the check, and clearResolutionPlants
// then treats the checkout as the cache: it deletes the checkout's
// package.json and its whole node_modules/ (the user's install).
import { existsSync, lstatSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { freshCheckout } from './support/fresh-checkout.ts';

const { checkout: CHECKOUT, cache: CACHE, build } = freshCheckout();
const TAG_TEXT = 'Signature: 8a477f597d28d172789f06886806bc55\n# The cache of pkidocs: everything in this folder can be deleted.\n';

describe('.pkidocs-cache a link to the checkout itself, with pkidocs\' tag committed', () => {
  it('a build deletes neither the checkout\'s package.json nor its node_modules/', async () => {
    rmSync(CACHE, { recursive: true, force: true });
    writeFileSync(join(CHECKOUT, 'CACHEDIR.TAG'), TAG_TEXT);
    symlinkSync('.', CACHE);
    const result = await build();
    expect(existsSync(join(CHECKOUT, 'package.json')), result.output).toBe(true);
    expect(lstatSync(join(CHECKOUT, 'node_modules'), { throwIfNoEntry: false })?.isDirectory(), result.output).toBe(true);
  }, 180_000);
});
