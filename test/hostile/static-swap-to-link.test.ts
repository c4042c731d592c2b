// The content stage lists content/static/ and refuses links that lead out of
// the repository, but the file is copied (fs.copyFile, which follows a link)
// only once the pages are rendered. A static file replaced by a link to a
// file of the machine in between gets that file published by `pkidocs
// build`, which then reports success.
// A page module (code, so a fair probe) that notes its render's start and
// renders for 2.5 s holds the window open; the real site's render stage
// (hundreds of pages) opens the same one.
import { existsSync, mkdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { freshCheckout } from './support/fresh-checkout.ts';

const { tmp: TMP, checkout: CHECKOUT, out: OUT, build } = freshCheckout();
const STATIC = join(CHECKOUT, 'content/static');
const NOTES = join(STATIC, 'notes.txt');
const SLOW = join(CHECKOUT, 'content/pages/slow.tsx');
/** A file of the machine outside the repository. */
const SECRET_FILE = join(TMP, 'elsewhere/secret.txt');
const SECRET = 'SECRET-3b9d0c47-never-published';
const RENDERS = join(tmpdir(), `pkidocs-static-swap-${process.pid}`);
/** A page module that notes its render in RENDERS, then takes `ms` to render. */
const slowPage = (ms: number, text: string): string => `import { appendFileSync } from 'node:fs';\nimport { createElement as h } from 'react';\nexport default function Slow() {\n  appendFileSync(${JSON.stringify(RENDERS)}, 'r');\n  const end = Date.now() + ${ms};\n  while (Date.now() < end) { /* rendering */ }\n  return h('p', null, '${text}');\n}\n`;
const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));

/** Resolves once the slow page has started rendering `count` times. */
async function renders(count: number): Promise<void> {
  for (const end = Date.now() + 40_000; Date.now() < end; await sleep(10)) {
    if ((existsSync(RENDERS) ? readFileSync(RENDERS, 'utf8').length : 0) >= count) return;
  }
  throw new Error(`The slow page did not render ${count} times`);
}

/** Replaces content/static/notes.txt by a link to the secret file. */
function swapToLink(): void {
  rmSync(NOTES);
  symlinkSync(SECRET_FILE, NOTES);
}

beforeAll(() => {
  mkdirSync(join(TMP, 'elsewhere'), { recursive: true });
  writeFileSync(SECRET_FILE, `${SECRET}\n`);
});
afterAll(() => rmSync(RENDERS, { force: true }));
beforeEach(() => {
  rmSync(RENDERS, { force: true });
  mkdirSync(STATIC, { recursive: true });
  writeFileSync(NOTES, 'plain notes\n');
});

describe('a static file swapped for a link out of the repository while the pages render', () => {
  it('pkidocs build: fails or publishes nothing of the linked file', async () => {
    writeFileSync(SLOW, slowPage(2500, 'build'));
    const building = build();
    await renders(1);
    swapToLink();
    const { code } = await building;
    const published = existsSync(join(OUT, 'notes.txt')) ? readFileSync(join(OUT, 'notes.txt'), 'utf8') : '';
    expect({ code, leaked: published.includes(SECRET) }).toEqual({ code, leaked: false });
  }, 60_000);
});
