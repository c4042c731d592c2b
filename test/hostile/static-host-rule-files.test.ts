// README names Netlify and Cloudflare Pages as hosts of out/. Both read two
// files of the published folder as the host's own rules: `_headers` sets the
// response headers of any path (its Content-Type too), `_redirects` rewrites
// paths (on Netlify with status 200 a proxy: another site's page answered at
// this origin). content/static copies both as they are, being neither HTML
// nor XML, so a static file typed by its extension as harmless text is
// served as text/html, and its script runs at the site's origin: the typing
// by extension (static-markup.ts) is not what such a host does. They are
// host configuration: refused, unless the config (code) opts in.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { freshCheckout } from './support/fresh-checkout.ts';
import { expectTextNotMadeHtml, plantStatic, published } from './support/host-rule-file.ts';

const fresh = freshCheckout();
const CONFIG = join(fresh.checkout, 'content/site.config.ts');

describe('static files a host reads as its own rules', () => {
  it('_headers cannot make a static text file an HTML page with script', async () => {
    const rule = '/notes.txt\n  Content-Type: text/html; charset=utf-8\n  X-Content-Type-Options: nosniff\n';
    const result = await expectTextNotMadeHtml(fresh, '_headers', rule, /content-type:\s*text\/html/i);
    expect(result.output).toContain("_headers is read by Netlify and Cloudflare Pages as the host's own rules");
    expect(result.output).toContain('[content/host-rule-file]');
    expect(result.output).toContain('static: { hostRuleFiles: true }');
  }, 180_000);

  it('_redirects cannot answer a path of the site with another site (a Netlify proxy)', async () => {
    plantStatic(fresh, { _redirects: '/docs/installation  https://attacker.example/page.html  200!\n' });
    const result = await fresh.build();
    expect(published(fresh, '_redirects') ?? '', result.output).not.toMatch(/https:\/\/attacker\.example\S*\s+200/);
    expect(result.code).toBe(3);
    expect(result.output).toContain('[content/host-rule-file]');
  }, 180_000);

  it('a config that opts in with static.hostRuleFiles publishes both as they are', async () => {
    const rules = { _headers: '/*\n  X-Frame-Options: DENY\n', _redirects: '/old  /docs/installation  301\n' };
    plantStatic(fresh, rules);
    const config = readFileSync(CONFIG, 'utf8');
    writeFileSync(CONFIG, config.replace('  docs: {', '  static: { hostRuleFiles: true },\n  docs: {'));
    try {
      const result = await fresh.build();
      expect(result.code, result.output).toBe(0);
      expect({ _headers: published(fresh, '_headers'), _redirects: published(fresh, '_redirects') }).toEqual(rules);
    } finally {
      writeFileSync(CONFIG, config);
    }
  }, 180_000);
});
