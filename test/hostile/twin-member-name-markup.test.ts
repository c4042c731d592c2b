// A member's name is text of the d.ts: a quoted name can hold anything, such
// as "<img src=x onerror=alert(1)>". The HTML page escapes it; the page's
// Markdown twin wrote it raw, as a heading ("### <img src=x onerror=…>") and
// a declaration line, where any Markdown renderer (a repository preview, an
// assistant's viewer) reads it as HTML: an image with an event handler in
// place of the member's name. The twin must show the name as text.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { versionedCheckout } from './support/versioned-checkout.ts';

const site = versionedCheckout();

it("shows a member name holding markup as text in the page's Markdown twin", async () => {
  writeFileSync(join(site.pkg, 'build/index.d.ts'), '/** A certificate. */\nexport declare class Certificate3 {\n  /** A method of a hostile name. */\n  "<img src=x onerror=alert(1)>"(): void;\n}\n');
  const r = await site.build();
  expect(r.code, r.output).toBe(0);
  expect(readFileSync(join(site.out, 'docs/api/classes/Certificate3/index.html'), 'utf8')).not.toContain('<img src=x');
  const twin = readFileSync(join(site.out, 'docs/api/classes/Certificate3.md'), 'utf8');
  expect(twin).toContain('onerror');
  // Outside code spans and fences, the name's "<" must be escaped.
  const prose = twin.replace(/```[\s\S]*?```/g, '').replace(/`[^`\n]*`/g, '');
  expect(prose).not.toMatch(/<img\b/);
});
