// A page module is compiled into .pkidocs-cache/modules/ with a list of its
// sources (<name>-<hash>-sources.json: the compiled file's name, the digest of
// each input, and a seal). The seal covered the compiled file's name and code,
// not which sources it was compiled from: a sealed compiled module of older
// sources (a cache restored from an older run), named in today's list, ran as
// today's page. The digests in the list are plain SHA-256, which anyone can
// recompute, so only the seal can bind the code to the sources.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { freshCheckout } from './support/fresh-checkout.ts';

const fresh = freshCheckout();
const modules = (): string => join(fresh.cache, 'modules');
/** The list of sources of content/pages/index.tsx. */
const sourcesList = (): string => join(modules(), readdirSync(modules()).find((n) => /^index_tsx-[0-9a-f]{16}-sources\.json$/.test(n))!);
const home = (): string => readFileSync(join(fresh.out, 'index.html'), 'utf8');

describe("an older sealed page module named in today's list of sources", () => {
  it("the build runs today's page module, not the older one", async () => {
    const page = join(fresh.checkout, 'content/pages/index.tsx');
    const first = await fresh.build();
    expect(first.code, first.output).toBe(0);
    expect(home()).toContain('Fixture home');
    const older = JSON.parse(readFileSync(sourcesList(), 'utf8')) as { out: string; seal: string };
    const olderCode = readFileSync(join(modules(), older.out));

    writeFileSync(page, readFileSync(page, 'utf8').replace('Fixture home', 'Second home'));
    const second = await fresh.build();
    expect(second.code, second.output).toBe(0);
    expect(home()).toContain('Second home');

    // The planted cache: yesterday's compiled page and its seal, named in today's list.
    writeFileSync(join(modules(), older.out), olderCode);
    const today = JSON.parse(readFileSync(sourcesList(), 'utf8')) as Record<string, unknown>;
    writeFileSync(sourcesList(), JSON.stringify({ ...today, out: older.out, seal: older.seal }));
    const replayed = await fresh.build();
    expect(replayed.code, replayed.output).toBe(0);
    expect(home(), 'the older page module ran').toContain('Second home');
  }, 240_000);
});
