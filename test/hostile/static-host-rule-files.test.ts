// README names Netlify and Cloudflare Pages as hosts of out/. Both read two
// files of the published folder as the host's own rules: `_headers` sets the
// response headers of any path (its Content-Type too), `_redirects` rewrites
// paths (on Netlify with status 200 a proxy: another site's page answered at
// this origin). content/static copies both as they are, being neither HTML
// nor XML, so a static file typed by its extension as harmless text is
// served as text/html, and its script runs at the site's origin: the typing
// by extension (static-markup.ts) is not what such a host does.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { freshCheckout } from './support/fresh-checkout.ts';

const { checkout: CHECKOUT, out: OUT, build } = freshCheckout();
const STATIC = join(CHECKOUT, 'content/static');
const published = (name: string): string | undefined => (existsSync(join(OUT, name)) ? readFileSync(join(OUT, name), 'utf8') : undefined);

describe('static files a host reads as its own rules', () => {
  it('_headers cannot make a static text file an HTML page with script', async () => {
    mkdirSync(STATIC, { recursive: true });
    writeFileSync(join(STATIC, 'notes.txt'), '<script>document.title = "k12-attack ran"</script>\n');
    writeFileSync(join(STATIC, '_headers'), '/notes.txt\n  Content-Type: text/html; charset=utf-8\n  X-Content-Type-Options: nosniff\n');
    const result = await build();
    const served = { rule: /content-type:\s*text\/html/i.test(published('_headers') ?? ''), script: published('notes.txt')?.includes('<script>') ?? false };
    expect(served.rule && served.script, result.output).toBe(false);
  }, 180_000);

  it('_redirects cannot answer a path of the site with another site (a Netlify proxy)', async () => {
    mkdirSync(STATIC, { recursive: true });
    writeFileSync(join(STATIC, '_redirects'), '/docs/installation  https://attacker.example/page.html  200!\n');
    const result = await build();
    expect(published('_redirects') ?? '', result.output).not.toMatch(/https:\/\/attacker\.example\S*\s+200/);
  }, 180_000);
});
