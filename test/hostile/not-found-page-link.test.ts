// Both servers read nothing outside out/: a file that is a link leading out is
// refused (the dev server's resolve-request.ts answers 403, check's
// static-host.ts answers as for a missing file). Their fallback for a missing
// page, out/404.html, is read with no inside check at all: a 404.html planted
// as a link to a file of the machine is served, over HTTP, for any missing
// path, by `pkidocs serve` and by the host `pkidocs check` crawls.
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { serveStaticHost } from '../../src/check/static-host.ts';
import { startDevServer } from '../../src/dev/server.ts';
import { ROOT } from '../support/cli.ts';

const TMP = mkdtempSync(join(tmpdir(), 'pkidocs-404-link-'));
const OUT = join(TMP, 'out');
const SECRET = 'SECRET-k7-404-never-served';
afterAll(() => rmSync(TMP, { recursive: true, force: true }));

mkdirSync(OUT);
mkdirSync(join(TMP, 'elsewhere'));
writeFileSync(join(TMP, 'elsewhere/secret.txt'), SECRET);
writeFileSync(join(OUT, 'index.html'), '<!doctype html><title>home</title>');
symlinkSync(join(TMP, 'elsewhere/secret.txt'), join(OUT, 'leak.html'));
symlinkSync(join(TMP, 'elsewhere/secret.txt'), join(OUT, '404.html'));

describe('out/404.html planted as a link to a file outside out/', () => {
  it('the dev server refuses the link by its name (403) yet serves it for a missing page', async () => {
    const server = await startDevServer({ siteDir: OUT, port: 0, host: '127.0.0.1' });
    try {
      const direct = await fetch(`${server.url}/leak.html`);
      expect(direct.status).toBe(403); // the inside check holds here
      const missing = await fetch(`${server.url}/no-such-page`);
      expect(await missing.text()).not.toContain(SECRET);
    } finally {
      await server.close();
    }
  });

  // serve serves only a site this checkout built (src/site/built-here.ts): this planted one is not served as
  // found, it is built first; the secret is asked for only if a server came up on the planted folder.
  it('pkidocs serve --out (the real CLI) does not serve the planted folder as found: it builds first', async () => {
    const child = spawn(process.execPath, [join(ROOT, 'bin/pkidocs.js'), 'serve', '--out', OUT, '--port', '0'], { cwd: ROOT, env: { ...process.env, NO_COLOR: '1' } });
    try {
      let said = '';
      const url = await new Promise<string>((done, fail) => {
        const timer = setTimeout(() => fail(new Error(`serve did not start: ${said}`)), 60_000);
        const hear = (chunk: Buffer): void => {
          said += chunk.toString();
          const m = / at (http:\/\/127\.0\.0\.1:\d+)\//.exec(said);
          if (m || said.includes('holds a site this checkout did not build')) {
            clearTimeout(timer);
            done(m?.[1] ?? '');
          }
        };
        child.stdout.on('data', hear);
        child.stderr.on('data', hear);
      });
      expect({ served: url !== '', said: said.includes('holds a site this checkout did not build') }).toEqual({ served: false, said: true });
    } finally {
      child.kill('SIGTERM');
    }
  }, 90_000);

  it('the static host of pkidocs check serves it for a missing page', async () => {
    const host = await serveStaticHost(OUT, '/');
    try {
      expect(await (await fetch(`${host.origin}/no-such-page`)).text()).not.toContain(SECRET);
    } finally {
      await host.close();
    }
  });
});
