// Azure Static Web Apps reads `staticwebapp.config.json` at the top of the
// published folder as the host's configuration: `mimeTypes` gives an
// extension its Content-Type for every file of the site, `globalHeaders` and
// `routes` set headers and rewrite paths. Like `_headers` (refused since
// bc4c625) it is host configuration, not content: published from
// content/static, it serves a static notes.txt, which pkidocs copies as
// harmless text, as text/html, and the script in it runs at the site's origin.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { freshCheckout } from './support/fresh-checkout.ts';

const { checkout: CHECKOUT, out: OUT, build } = freshCheckout();
const STATIC = join(CHECKOUT, 'content/static');
const published = (name: string): string | undefined => (existsSync(join(OUT, name)) ? readFileSync(join(OUT, name), 'utf8') : undefined);

describe('a host configuration file (Azure, IIS) in content/static', () => {
  it('staticwebapp.config.json cannot make a static text file an HTML page with script', async () => {
    mkdirSync(STATIC, { recursive: true });
    writeFileSync(join(STATIC, 'notes.txt'), '<script>document.title = "k14-attack ran"</script>\n');
    writeFileSync(join(STATIC, 'staticwebapp.config.json'), JSON.stringify({ mimeTypes: { '.txt': 'text/html' } }));
    const result = await build();
    const served = { rule: /text\/html/.test(published('staticwebapp.config.json') ?? ''), script: published('notes.txt')?.includes('<script>') ?? false };
    expect(served.rule && served.script, result.output).toBe(false);
    expect(result.code).toBe(3);
  }, 180_000);

  // IIS, and Azure App Service on Windows, read web.config at the site's root the same way.
  it('web.config cannot make a static text file an HTML page with script', async () => {
    mkdirSync(STATIC, { recursive: true });
    writeFileSync(join(STATIC, 'notes.txt'), '<script>document.title = "k14-attack ran"</script>\n');
    writeFileSync(join(STATIC, 'web.config'), '<?xml version="1.0"?>\n<configuration><system.webServer><staticContent><remove fileExtension=".txt" /><mimeMap fileExtension=".txt" mimeType="text/html" /></staticContent></system.webServer></configuration>\n');
    const result = await build();
    const served = { rule: /text\/html/.test(published('web.config') ?? ''), script: published('notes.txt')?.includes('<script>') ?? false };
    expect(served.rule && served.script, result.output).toBe(false);
    expect(result.code).toBe(3);
  }, 180_000);
});
