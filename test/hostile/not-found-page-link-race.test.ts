// Both servers check out/404.html's real path (realpath + isInside), then
// open the path again to read it. A 404.html that is a plain file when
// checked and a link to a file outside out/ when opened passes: the open
// follows the new link. A process that swaps the two (rename, so 404.html
// always exists) while missing pages are requested gets the outside file's
// text served.
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { serveStaticHost } from '../../src/check/static-host.ts';
import { startDevServer } from '../../src/dev/server.ts';
import { entryOf, MANIFEST, manifestText } from '../../src/output/manifest.ts';

const TMP = mkdtempSync(join(tmpdir(), 'pkidocs-404-race-'));
const OUT = join(TMP, 'out');
const SECRET_FILE = join(TMP, 'elsewhere/secret.txt');
const SECRET = 'SECRET-k8-404-race-never-served';
afterAll(() => rmSync(TMP, { recursive: true, force: true }));

mkdirSync(OUT);
mkdirSync(join(TMP, 'elsewhere'));
writeFileSync(SECRET_FILE, SECRET);
writeFileSync(join(OUT, 'index.html'), '<!doctype html><title>home</title>');
writeFileSync(join(OUT, '404.html'), '<!doctype html><title>not found</title>');
// As a build leaves it: out/'s manifest lists both pages, so 404.html is one the servers may send.
writeFileSync(join(OUT, MANIFEST), manifestText(new Map([['index.html', entryOf('<!doctype html><title>home</title>')], ['404.html', entryOf('<!doctype html><title>not found</title>')]])));

/** Swaps out/404.html between a plain file and a link to SECRET_FILE until killed. */
const SWAPPER = `
const { renameSync, symlinkSync, writeFileSync } = require('node:fs');
const [out, secret] = process.argv.slice(1);
for (;;) {
  symlinkSync(secret, out + '/.l'); renameSync(out + '/.l', out + '/404.html');
  writeFileSync(out + '/.f', 'plain'); renameSync(out + '/.f', out + '/404.html');
}`;

async function leaksWithin(url: string, tries: number): Promise<number> {
  const swapper = spawn(process.execPath, ['-e', SWAPPER, OUT, SECRET_FILE], { stdio: 'ignore' });
  let leaks = 0;
  try {
    for (let i = 0; i < tries && leaks === 0; i++) {
      if ((await (await fetch(`${url}/no-such-page-${i}`)).text()).includes(SECRET)) leaks++;
    }
  } finally {
    swapper.kill('SIGKILL');
  }
  return leaks;
}

describe('out/404.html swapped for a link between the check and the read', () => {
  it('the static host of pkidocs check never serves the outside file', async () => {
    const host = await serveStaticHost(OUT, '/');
    try {
      expect(await leaksWithin(host.origin, 20_000)).toBe(0);
    } finally {
      await host.close();
    }
  }, 400_000);

  it('the dev server never serves the outside file', async () => {
    const server = await startDevServer({ siteDir: OUT, port: 0, host: '127.0.0.1' });
    try {
      expect(await leaksWithin(server.url, 20_000)).toBe(0);
    } finally {
      await server.close();
    }
  }, 400_000);
});
