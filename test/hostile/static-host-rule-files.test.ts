// README names Netlify and Cloudflare Pages as hosts of out/. Both read two
// files of the published folder as the host's own rules: `_headers` sets the
// response headers of any path (its Content-Type too), `_redirects` rewrites
// paths (on Netlify with status 200 a proxy: another site's page answered at
// this origin). content/static copies both as they are, being neither HTML
// nor XML, so a static file typed by its extension as harmless text is
// served as text/html, and its script runs at the site's origin: the typing
// by extension (static-markup.ts) is not what such a host does. They are
// host configuration: refused, unless the config (code) opts in.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { freshCheckout } from './support/fresh-checkout.ts';

const { checkout: CHECKOUT, out: OUT, build } = freshCheckout();
const CONFIG = join(CHECKOUT, 'content/site.config.ts');
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
    expect(result.code).toBe(3);
    expect(result.output).toContain("_headers is read by Netlify and Cloudflare Pages as the host's own rules");
    expect(result.output).toContain('[content/host-rule-file]');
    expect(result.output).toContain('static: { hostRuleFiles: true }');
  }, 180_000);

  it('_redirects cannot answer a path of the site with another site (a Netlify proxy)', async () => {
    mkdirSync(STATIC, { recursive: true });
    writeFileSync(join(STATIC, '_redirects'), '/docs/installation  https://attacker.example/page.html  200!\n');
    const result = await build();
    expect(published('_redirects') ?? '', result.output).not.toMatch(/https:\/\/attacker\.example\S*\s+200/);
    expect(result.code).toBe(3);
    expect(result.output).toContain('[content/host-rule-file]');
  }, 180_000);

  it('a config that opts in with static.hostRuleFiles publishes both as they are', async () => {
    mkdirSync(STATIC, { recursive: true });
    const rules = { _headers: '/*\n  X-Frame-Options: DENY\n', _redirects: '/old  /docs/installation  301\n' };
    for (const [name, text] of Object.entries(rules)) writeFileSync(join(STATIC, name), text);
    const config = readFileSync(CONFIG, 'utf8');
    writeFileSync(CONFIG, config.replace('  docs: {', '  static: { hostRuleFiles: true },\n  docs: {'));
    try {
      const result = await build();
      expect(result.code, result.output).toBe(0);
      expect({ _headers: published('_headers'), _redirects: published('_redirects') }).toEqual(rules);
    } finally {
      writeFileSync(CONFIG, config);
    }
  }, 180_000);
});
