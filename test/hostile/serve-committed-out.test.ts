// `pkidocs serve` (no --watch) builds only when out/ holds no index.html;
// otherwise it serves out/ as it finds it. README's trust model counts out/
// between runs as content (it may be committed, or restored from a CI cache),
// and the dev server's one guard, "only the files out/.pkidocs-manifest.json
// lists, with the bytes it lists", reads that list from out/ itself: a
// checkout whose out/ holds a page with a <script>, the marker and a manifest
// listing the page's sha256 is served as it is, and the script runs at
// http://127.0.0.1:3000 on `git clone … && npx pkidocs serve`.
import { spawn, type ChildProcess } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { freshCheckout } from './support/fresh-checkout.ts';

const { checkout: CHECKOUT } = freshCheckout();
const OUT = join(CHECKOUT, 'out');
const PAGE = '<!doctype html><html><head><title>fixture</title></head><body><h1>Fixture home</h1><script>document.title = "k14-attack ran"</script></body></html>\n';

let serve: ChildProcess | undefined;
afterEach(() => {
  serve?.kill('SIGINT');
  serve = undefined;
  rmSync(OUT, { recursive: true, force: true });
});

/** Starts `pkidocs serve --port 0` in the checkout; resolves with the URL it prints, or the output when it exits first. */
function startServe(): Promise<{ url?: string; output: string }> {
  return new Promise((done) => {
    let output = '';
    serve = spawn(process.execPath, [join(CHECKOUT, 'bin/pkidocs.js'), 'serve', '--port', '0'], { cwd: CHECKOUT, env: { ...process.env, NO_COLOR: '1' } });
    const take = (chunk: Buffer): void => {
      output += chunk.toString();
      const url = /at (http:\/\/127\.0\.0\.1:\d+)\//.exec(output)?.[1];
      if (url) done({ url, output });
    };
    serve.stdout!.on('data', take);
    serve.stderr!.on('data', take);
    serve.on('exit', () => done({ output }));
  });
}

describe('serve over a committed out/', () => {
  it('does not serve a planted page with script, listed by a planted manifest', async () => {
    mkdirSync(OUT, { recursive: true });
    writeFileSync(join(OUT, 'index.html'), PAGE);
    writeFileSync(join(OUT, '.pkidocs-out'), 'This folder was written by pkidocs. `pkidocs build` replaces it as a whole; do not keep other files in it.\n');
    const sha256 = createHash('sha256').update(PAGE).digest('hex');
    writeFileSync(join(OUT, '.pkidocs-manifest.json'), `{"pkidocs":"manifest","version":1,"files":{\n"index.html":{"size":${Buffer.byteLength(PAGE)},"sha256":"${sha256}"}\n}}\n`);
    const started = await startServe();
    expect(started.url, started.output).toBeDefined();
    const response = await fetch(`${started.url}/`);
    const body = await response.text();
    expect({ type: response.headers.get('content-type'), script: body.includes('k14-attack ran') }).not.toEqual({ type: 'text/html; charset=utf-8', script: true });
  }, 180_000);
});
