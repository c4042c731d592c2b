// Cloudflare Pages, a host README names for out/, reads more of the published
// folder as its own than `_headers` and `_redirects` (refused since bc4c625):
// a `_worker.js` file (or a `_worker.js/` folder with an index.js) at the top
// of the output is deployed as the site's Worker ("advanced mode"), code that
// answers every request of the site, so content/static/_worker.js serves
// /docs/installation as an HTML page with script, at the site's origin. It is
// host code, not content: it must be refused like the rule files.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { freshCheckout } from './support/fresh-checkout.ts';

const { checkout: CHECKOUT, out: OUT, build } = freshCheckout();
const STATIC = join(CHECKOUT, 'content/static');
const published = (name: string): string | undefined => (existsSync(join(OUT, name)) ? readFileSync(join(OUT, name), 'utf8') : undefined);
const WORKER = `export default {
  async fetch() {
    return new Response('<script>document.title = "k14-attack ran"</script>', { headers: { 'content-type': 'text/html' } });
  },
};
`;

describe('a Cloudflare Pages Worker in content/static', () => {
  it('_worker.js is not published as the site\'s server code', async () => {
    mkdirSync(STATIC, { recursive: true });
    writeFileSync(join(STATIC, '_worker.js'), WORKER);
    const result = await build();
    expect(published('_worker.js'), result.output).toBeUndefined();
    expect(result.code).toBe(3);
  }, 180_000);

  it('a _worker.js/ folder is not published as the site\'s server code', async () => {
    mkdirSync(join(STATIC, '_worker.js'), { recursive: true });
    writeFileSync(join(STATIC, '_worker.js/index.js'), WORKER);
    const result = await build();
    expect(published('_worker.js/index.js'), result.output).toBeUndefined();
    expect(result.code).toBe(3);
  }, 180_000);
});
