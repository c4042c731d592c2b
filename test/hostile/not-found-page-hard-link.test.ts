// Both servers now serve out/404.html only when its real path is inside out/
// (realpath + isInside). A hard link has no other real path: out/404.html
// made with link(2) from a file outside out/ passes the check, and that
// file's text is served for every missing page (nothing looks at the
// link count).
import { linkSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { serveStaticHost } from '../../src/check/static-host.ts';
import { startDevServer } from '../../src/dev/server.ts';
import { entryOf, MANIFEST, manifestText } from '../../src/output/manifest.ts';

const TMP = mkdtempSync(join(tmpdir(), 'pkidocs-404-hard-link-'));
const OUT = join(TMP, 'out');
const SECRET = 'SECRET-k8-404-hard-link-never-served';
afterAll(() => rmSync(TMP, { recursive: true, force: true }));

mkdirSync(OUT);
mkdirSync(join(TMP, 'elsewhere'));
writeFileSync(join(TMP, 'elsewhere/secret.txt'), SECRET);
writeFileSync(join(OUT, 'index.html'), '<!doctype html><title>home</title>');
linkSync(join(TMP, 'elsewhere/secret.txt'), join(OUT, '404.html'));
// As a build leaves it: out/'s manifest lists both pages (404.html with the bytes the build wrote).
writeFileSync(join(OUT, MANIFEST), manifestText(new Map([['index.html', entryOf('<!doctype html><title>home</title>')], ['404.html', entryOf('<!doctype html><title>not found</title>')]])));

describe('out/404.html planted as a hard link to a file outside out/', () => {
  it('the dev server does not serve it for a missing page', async () => {
    const server = await startDevServer({ siteDir: OUT, port: 0, host: '127.0.0.1' });
    try {
      expect(await (await fetch(`${server.url}/no-such-page`)).text()).not.toContain(SECRET);
    } finally {
      await server.close();
    }
  });

  it('the static host of pkidocs check does not serve it for a missing page', async () => {
    const host = await serveStaticHost(OUT, '/');
    try {
      expect(await (await fetch(`${host.origin}/no-such-page`)).text()).not.toContain(SECRET);
    } finally {
      await host.close();
    }
  });
});
