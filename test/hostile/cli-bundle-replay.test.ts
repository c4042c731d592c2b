// bin/ runs pkidocs from a bundle in .pkidocs-cache/cli-<key>/, where <key>
// hashes the sources it was built from. The cache folder is content, so the
// bundle's manifest carries a seal: an HMAC under a key the folder does not
// hold, of the manifest's list of files (name → sha256). The seal does not
// cover the folder's name, i.e. which sources the bundle is of. A sealed
// bundle of older sources (kept a day beside the new one, or in a cache
// restored from an older run with the same key) copied to the folder of
// today's key is loaded as today's pkidocs: the checkout's code is not what
// runs, and a fix to pkidocs can be rolled back from the cache folder.
import { cpSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { freshCheckout } from './support/fresh-checkout.ts';

const fresh = freshCheckout();
const bundles = (): string[] => readdirSync(fresh.cache).filter((n) => /^cli-[0-9a-f]{16}$/.test(n));

describe("an older sealed CLI bundle moved to the folder of today's sources", () => {
  it("the build runs the checkout's pkidocs, not the older bundle", async () => {
    const first = await fresh.build();
    expect(first.stdout).toMatch(/^Built \d+ pages/m);
    const [older] = bundles();

    // Today's pkidocs words its result line differently (a source edit: a new cache key).
    const source = join(fresh.checkout, 'src/cli/build.ts');
    writeFileSync(source, readFileSync(source, 'utf8').replace('return `Built ${', 'return `Assembled ${'));
    const second = await fresh.build();
    expect(second.stdout).toMatch(/^Assembled \d+ pages/m);
    const today = bundles().find((n) => n !== older)!;
    expect(today).toBeDefined();

    // The planted cache: yesterday's sealed bundle under today's key.
    rmSync(join(fresh.cache, today), { recursive: true });
    cpSync(join(fresh.cache, older!), join(fresh.cache, today), { recursive: true });
    const replayed = await fresh.build();
    expect(replayed.code, replayed.output).toBe(0);
    expect(replayed.stdout, 'the older bundle ran').toMatch(/^Assembled \d+ pages/m);
  }, 240_000);
});
