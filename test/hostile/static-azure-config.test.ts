// Azure Static Web Apps reads `staticwebapp.config.json` at the top of the
// published folder as the host's configuration: `mimeTypes` gives an
// extension its Content-Type for every file of the site, `globalHeaders` and
// `routes` set headers and rewrite paths. Like `_headers` (refused since
// bc4c625) it is host configuration, not content: published from
// content/static, it serves a static notes.txt, which pkidocs copies as
// harmless text, as text/html, and the script in it runs at the site's origin.
import { describe, it } from 'vitest';
import { freshCheckout } from './support/fresh-checkout.ts';
import { expectTextNotMadeHtml } from './support/host-rule-file.ts';

const fresh = freshCheckout();

describe('a host configuration file (Azure, IIS) in content/static', () => {
  it('staticwebapp.config.json cannot make a static text file an HTML page with script', async () => {
    await expectTextNotMadeHtml(fresh, 'staticwebapp.config.json', JSON.stringify({ mimeTypes: { '.txt': 'text/html' } }), /text\/html/);
  }, 180_000);

  // IIS, and Azure App Service on Windows, read web.config at the site's root the same way.
  it('web.config cannot make a static text file an HTML page with script', async () => {
    const rule = '<?xml version="1.0"?>\n<configuration><system.webServer><staticContent><remove fileExtension=".txt" /><mimeMap fileExtension=".txt" mimeType="text/html" /></staticContent></system.webServer></configuration>\n';
    await expectTextNotMadeHtml(fresh, 'web.config', rule, /text\/html/);
  }, 180_000);
});
