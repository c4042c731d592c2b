// A compiled page module in .pkidocs-cache/modules/ is run only when its seal
// (a key the cache folder does not hold) matches: the seal covers the compiled
// file's name and code. The list beside it (<module>-sources.json: which
// compiled file, the inputs it was made from with their digests, the seal) is
// not sealed itself: its inputs are digests of public files, which anyone can
// compute. A cache restored from an older run (same key: a CI secret) holds an
// older compiled module with a valid seal; a list naming that file, its seal,
// and the digests of today's sources makes the build run yesterday's code.
import { copyFileSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { freshCheckout } from './support/fresh-checkout.ts';

const fresh = freshCheckout();
const page = (text: string): string => `import { createElement as h } from 'react';\nexport default function Home() { return h('h1', null, '${text}'); }\n`;

describe('a compiled page module replayed through its unsealed source list', () => {
  it("the build runs today's page module, not an older compiled one", async () => {
    const modules = join(fresh.cache, 'modules');
    const listOf = (): string => readdirSync(modules).find((n) => n.startsWith('index_tsx-') && n.endsWith('-sources.json'))!;
    writeFileSync(join(fresh.checkout, 'content/pages/index.tsx'), page('Yesterday home'));
    expect((await fresh.build()).code).toBe(0);
    // What a cache saved by that run holds (the attacker's copy).
    const old = JSON.parse(readFileSync(join(modules, listOf()), 'utf8')) as { out: string; seal: string };
    const saved = join(fresh.tmp, old.out);
    copyFileSync(join(modules, old.out), saved);

    writeFileSync(join(fresh.checkout, 'content/pages/index.tsx'), page('Today home'));
    const today = await fresh.build();
    expect(today.code, today.output).toBe(0);
    expect(readFileSync(join(fresh.out, 'index.html'), 'utf8')).toContain('Today home');

    // The planted cache: yesterday's sealed code, and a list naming it with today's inputs (digests of public files).
    const name = listOf();
    const now = JSON.parse(readFileSync(join(modules, name), 'utf8')) as { out: string; files: [string, string][]; seal: string };
    copyFileSync(saved, join(modules, old.out));
    writeFileSync(join(modules, name), JSON.stringify({ out: old.out, files: now.files, seal: old.seal }));

    const replayed = await fresh.build('--no-cache');
    expect(replayed.code, replayed.output).toBe(0);
    const heading = /<h1>([^<]*)<\/h1>/.exec(readFileSync(join(fresh.out, 'index.html'), 'utf8'))?.[1];
    expect(heading, 'the home page came from the replayed compiled module').toBe('Today home');
  }, 240_000);
});
