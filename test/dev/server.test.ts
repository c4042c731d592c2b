// The dev server's HTTP semantics on a hand-made site folder: content types,
// ETag/304, HEAD, clean URLs and redirects, the 404 page, every traversal
// spelling, the reload script injection, a port in use and a clean stop.
import { request } from 'node:http';
import { mkdir, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { dirname, join } from 'node:path';
import * as cheerio from 'cheerio';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordingReporter } from '../../src/cli/reporter.ts';
import { serveCommand } from '../../src/cli/serve.ts';
import { LiveChannel } from '../../src/dev/live.ts';
import { startDevServer, type DevServer } from '../../src/dev/server.ts';
import { entryOf, MANIFEST, manifestText } from '../../src/output/manifest.ts';
import { createFixture, PROJECT } from './helpers/fixture.ts';
import { SseClient } from './helpers/sse.ts';

const BASE = join(PROJECT, `test/.tmp/dev-server-${process.pid}`);
const SITE = join(BASE, 'out');
const SECRET = 'top secret, outside the site';

const FILES: Record<string, string> = {
  'index.html': '<!doctype html><html><body><h1>Home</h1></body></html>',
  'docs/installation/index.html': '<!doctype html><html><body><h1>Installation</h1></body></html>',
  'legacy.html': '<!doctype html><html><body><h1>Legacy</h1></body></html>',
  '404.html': '<!doctype html><html><body><h1>Page Not Found</h1></body></html>',
  '_pkidocs/app-ABC.js': 'console.log("app");',
  '_pkidocs/site-ABC.css': 'body{margin:0}',
  '_pkidocs/chunks/docs/installation.json': '{"html":"<h1>Installation</h1>"}',
  'favicon.svg': '<svg xmlns="http://www.w3.org/2000/svg"/>',
};

interface Reply {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/** Sends the target exactly as written (no client-side normalisation). */
function fetchRaw(server: DevServer, target: string, options: { method?: string; headers?: Record<string, string> } = {}): Promise<Reply> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port: server.port, path: target, method: options.method ?? 'GET', headers: options.headers }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (c: string) => (body += c));
      res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

let server: DevServer;

beforeAll(async () => {
  await rm(BASE, { recursive: true, force: true });
  for (const [rel, text] of Object.entries(FILES)) {
    await mkdir(dirname(join(SITE, rel)), { recursive: true });
    await writeFile(join(SITE, rel), text);
  }
  // What a build writes beside the pages: the servers serve only the files it lists.
  await writeFile(join(SITE, MANIFEST), manifestText(new Map(Object.entries(FILES).map(([rel, text]) => [rel, entryOf(text)]))));
  await mkdir(join(BASE, 'private'), { recursive: true });
  await writeFile(join(BASE, 'secret.txt'), SECRET);
  await writeFile(join(BASE, 'private/secret.txt'), SECRET);
  await symlink(join(BASE, 'secret.txt'), join(SITE, 'link-out.txt'));
  await symlink(join(BASE, 'private'), join(SITE, 'dir-link'));
  server = await startDevServer({ siteDir: SITE, port: 0, host: '127.0.0.1' });
});

afterAll(async () => {
  await server?.close();
  await rm(BASE, { recursive: true, force: true });
});

describe('serving files', () => {
  it.each([
    ['/', 'text/html; charset=utf-8'],
    ['/_pkidocs/app-ABC.js', 'text/javascript; charset=utf-8'],
    ['/_pkidocs/site-ABC.css', 'text/css; charset=utf-8'],
    ['/_pkidocs/chunks/docs/installation.json', 'application/json; charset=utf-8'],
    ['/favicon.svg', 'image/svg+xml'],
  ])('serves %s as %s', async (path, type) => {
    const reply = await fetchRaw(server, path);
    expect(reply.status).toBe(200);
    expect(reply.headers['content-type']).toBe(type);
    expect(reply.headers['x-content-type-options']).toBe('nosniff');
  });

  it('answers a matching If-None-Match with 304 and no body, and a stale one with the file', async () => {
    const first = await fetchRaw(server, '/docs/installation');
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^".+"$/);
    const strong = await fetchRaw(server, '/docs/installation', { headers: { 'If-None-Match': etag } });
    const weak = await fetchRaw(server, '/docs/installation', { headers: { 'If-None-Match': `"other", W/${etag}` } });
    const stale = await fetchRaw(server, '/docs/installation', { headers: { 'If-None-Match': '"stale"' } });
    expect([strong.status, strong.body, weak.status]).toEqual([304, '', 304]);
    expect(stale.status).toBe(200);
    expect(cheerio.load(stale.body)('h1').text()).toBe('Installation');
  });

  it('gives a new ETag when the file is rewritten', async () => {
    const before = (await fetchRaw(server, '/favicon.svg')).headers.etag;
    await writeFile(join(SITE, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"><g/></svg>');
    const after = await fetchRaw(server, '/favicon.svg', { headers: { 'If-None-Match': String(before) } });
    expect(after.status).toBe(200);
    expect(after.body).toContain('<g/>');
  });

  it('answers HEAD with the GET headers and no body', async () => {
    const get = await fetchRaw(server, '/_pkidocs/site-ABC.css');
    const head = await fetchRaw(server, '/_pkidocs/site-ABC.css', { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.body).toBe('');
    expect(head.headers['content-length']).toBe(String(Buffer.byteLength(get.body)));
    expect(head.headers.etag).toBe(get.headers.etag);
  });

  it('refuses other methods with 405 and an Allow header', async () => {
    const reply = await fetchRaw(server, '/', { method: 'POST' });
    expect(reply.status).toBe(405);
    expect(reply.headers.allow).toBe('GET, HEAD');
  });
});

describe('clean URLs', () => {
  it('serves a folder’s index.html at the clean URL', async () => {
    const reply = await fetchRaw(server, '/docs/installation');
    expect(cheerio.load(reply.body)('h1').text()).toBe('Installation');
  });

  it.each([
    ['/docs/installation.html', '/docs/installation'],
    ['/docs/installation/', '/docs/installation'],
    ['/docs/installation.html?tab=npm', '/docs/installation?tab=npm'],
    ['/docs.html', '/docs'],
  ])('redirects %s to %s with 301', async (from, to) => {
    const reply = await fetchRaw(server, from);
    expect(reply.status).toBe(301);
    expect(reply.headers.location).toBe(to);
  });

  it.each([['/docs/installation/index.html', 'Installation'], ['/legacy.html', 'Legacy'], ['/index.html', 'Home']])(
    'serves %s as it is, because a file matches exactly',
    async (path, heading) => {
      const reply = await fetchRaw(server, path);
      expect(reply.status).toBe(200);
      expect(cheerio.load(reply.body)('h1').text()).toBe(heading);
    },
  );

  it('answers unknown paths with the 404 page and status 404', async () => {
    for (const path of ['/nope', '/docs/nope/deeper', '/_pkidocs/missing.js']) {
      const reply = await fetchRaw(server, path);
      expect(reply.status).toBe(404);
      expect(cheerio.load(reply.body)('h1').text()).toBe('Page Not Found');
    }
  });
});

describe('a site built for a base URL', () => {
  it('serves it under that prefix, redirects / there, and keeps the 404 page for the rest', async () => {
    const prefixed = await startDevServer({ siteDir: SITE, base: () => '/PKI.js/', port: 0, host: '127.0.0.1' });
    try {
      const root = await fetchRaw(prefixed, '/');
      expect([root.status, root.headers.location]).toEqual([302, '/PKI.js/']);
      expect((await fetchRaw(prefixed, '/PKI.js')).headers.location).toBe('/PKI.js/');
      expect((await fetchRaw(prefixed, '/PKI.js/')).body).toContain('<h1>Home</h1>');
      expect((await fetchRaw(prefixed, '/PKI.js/docs/installation')).body).toContain('<h1>Installation</h1>');
      expect((await fetchRaw(prefixed, '/PKI.js/_pkidocs/app-ABC.js')).status).toBe(200);
      const html = await fetchRaw(prefixed, '/PKI.js/docs/installation.html?a=1');
      expect([html.status, html.headers.location]).toEqual([301, '/PKI.js/docs/installation?a=1']);
      const outside = await fetchRaw(prefixed, '/docs/installation');
      expect([outside.status, outside.body]).toEqual([404, FILES['404.html']]);
      expect((await fetchRaw(prefixed, '/PKI.js/../secret.txt')).status).toBe(400);
    } finally {
      await prefixed.close();
    }
  });
});

describe('reading outside the site', () => {
  const SLASH = 'must start with a single "/"';
  const SEPARATOR = 'backslash or an encoded separator';
  const DOTS = '"." or ".." segment';
  // Node's HTTP parser itself refuses a target without a leading "/", with an empty reply.
  const NODE = '';
  // Each spelling is refused by the guard it is meant for, named in the reply.
  it.each([
    ['/../secret.txt', DOTS],
    ['/docs/../../secret.txt', DOTS],
    ['/%2e%2e/secret.txt', DOTS],
    ['/%2E%2E/%2E%2E/etc/passwd', DOTS],
    ['/docs/%2e%2e/%2e%2e/secret.txt', DOTS],
    ['/.%2e/secret.txt', DOTS],
    ['/..%2fsecret.txt', SEPARATOR],
    ['/..%2Fsecret.txt', SEPARATOR],
    ['/%2fetc%2fpasswd', SEPARATOR],
    ['/docs/..%5c..%5csecret.txt', SEPARATOR],
    ['/docs\\..\\..\\secret.txt', SEPARATOR],
    ['/..\\secret.txt', SEPARATOR],
    ['//etc/passwd', SLASH],
    [`//${BASE}/secret.txt`, SLASH],
    [`${BASE}/secret.txt`.slice(1), NODE],
    [`http://127.0.0.1/../secret.txt`, SLASH],
    ['/%00../secret.txt', SEPARATOR],
    ['/%zz', 'not valid percent-encoding'],
  ])('refuses %s (%s)', async (target, guard) => {
    const reply = await fetchRaw(server, target);
    expect(reply.status).toBe(400);
    if (guard === NODE) expect(reply.body).toBe('');
    else expect(reply.body).toContain(guard);
    expect(reply.body).not.toContain(SECRET);
  });

  it('refuses a symlink to a file outside the site with 403', async () => {
    const reply = await fetchRaw(server, '/link-out.txt');
    expect(reply.status).toBe(403);
    expect(reply.body).not.toContain(SECRET);
  });

  it('refuses a file reached through a symlinked folder that points outside', async () => {
    const reply = await fetchRaw(server, '/dir-link/secret.txt');
    expect(reply.status).toBe(403);
    expect(reply.body).not.toContain(SECRET);
  });

  it('treats an absolute file path as a path inside the site', async () => {
    const reply = await fetchRaw(server, `${BASE}/secret.txt`);
    expect(reply.status).toBe(404);
    expect(reply.body).not.toContain(SECRET);
  });
});

describe('watch mode', () => {
  it('injects the reload script into HTML responses only, never into out/, and re-tags pages after a rebuild', async () => {
    const live = await LiveChannel.create(PROJECT);
    const dev = await startDevServer({ siteDir: SITE, port: 0, host: '127.0.0.1', live });
    try {
      const page = await fetchRaw(dev, '/docs/installation');
      const $ = cheerio.load(page.body);
      expect($('h1').text()).toBe('Installation');
      expect($('script').last().html()).toContain('"path":"/docs/installation"');
      expect(await readFile(join(SITE, 'docs/installation/index.html'), 'utf8')).toBe(FILES['docs/installation/index.html']);
      const missing = await fetchRaw(dev, '/nope');
      expect(cheerio.load(missing.body)('script').last().html()).toContain('"path":"/404"');
      const script = await fetchRaw(dev, '/_pkidocs/app-ABC.js');
      expect(script.body).toBe(FILES['_pkidocs/app-ABC.js']);

      const events = await SseClient.connect(`${dev.url}/__pkidocs/events`);
      live.rebuilt(['/docs/installation'], false);
      const reload = await events.next('reload');
      expect(reload.data).toMatchObject({ paths: ['/docs/installation'], all: false });
      const again = await fetchRaw(dev, '/docs/installation', { headers: { 'If-None-Match': page.headers.etag as string } });
      expect(again.status).toBe(200); // a new build: the injected generation changed
      events.close();
    } finally {
      await dev.close();
    }
  });
});

describe('serve command', () => {
  it('reports a port in use clearly and exits with the usage code', async () => {
    const reporter = recordingReporter();
    const code = await serveCommand({ root: PROJECT, reporter, outDir: SITE, configFile: join(PROJECT, 'content/site.config.ts'), port: server.port, host: '127.0.0.1', watch: false, open: false });
    expect(code).toBe(64);
    expect(reporter.diagnostics.map((d) => [d.code, d.message])).toEqual([
      ['serve/port-in-use', `Port ${server.port} on 127.0.0.1 is already in use, so the server cannot start.`],
    ]);
  });

});

describe('serve without --watch', () => {
  /** Serves the fixture on a free port: what it printed by the time it served, the home page's h1, and the port freed after the stop. */
  async function serveOnce(site: { root: string; outDir: string; configFile: string }): Promise<{ lines: string[]; h1: string; freed: boolean }> {
    const reporter = recordingReporter();
    const port = await freePort();
    const stop = new AbortController();
    const done = serveCommand({ root: site.root, reporter, outDir: site.outDir, configFile: site.configFile, port, host: '127.0.0.1', watch: false, open: false, signal: stop.signal });
    await waitFor(() => reporter.lines.some((l) => l.startsWith('Serving ')), 60_000);
    const reply = await fetchRaw({ port } as DevServer, '/docs/installation');
    const h1 = reply.status === 200 ? cheerio.load(reply.body)('article h1, main h1').first().text() : `status ${reply.status}`;
    stop.abort();
    expect(await done).toBe(0);
    return { lines: reporter.lines, h1, freed: await listenOn(port).then(() => true, () => false) };
  }

  it('builds the site first when the output folder has no pages, serves it as built afterwards, and builds again over a page edited since', async () => {
    const site = await createFixture('serve-build');
    const built = (lines: string[]): boolean => lines.some((l) => /^Built \d+ pages/.test(l));
    try {
      const first = await serveOnce(site);
      expect({ built: built(first.lines), h1: first.h1, freed: first.freed }).toEqual({ built: true, h1: 'Installation', freed: true });
      // The site this checkout built (its manifest sealed in .pkidocs-cache) is served as it is.
      const second = await serveOnce(site);
      expect({ built: built(second.lines), h1: second.h1, freed: second.freed }).toEqual({ built: false, h1: 'Installation', freed: true });
      // A page edited in out/, with out/'s manifest made to match: not the site this checkout built.
      const page = join(site.outDir, 'docs/installation/index.html');
      const edited = `${await readFile(page, 'utf8')}<script>document.title = 'edited'</script>`;
      const manifest = (await readFile(join(site.outDir, MANIFEST), 'utf8')).split('\n').map((line) => (line.startsWith('"docs/installation/index.html":') ? `"docs/installation/index.html":${JSON.stringify(entryOf(edited))}${line.endsWith(',') ? ',' : ''}` : line)).join('\n');
      await writeFile(page, edited);
      await writeFile(join(site.outDir, MANIFEST), manifest);
      const third = await serveOnce(site);
      expect({ built: built(third.lines), edited: (await readFile(page, 'utf8')).includes("'edited'"), said: third.lines.some((l) => l.includes('holds a site this checkout did not build')) }).toEqual({ built: true, edited: false, said: true });
    } finally {
      await site.remove();
    }
  });
});

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

function listenOn(port: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const probe = createServer().once('error', reject).listen(port, '127.0.0.1', () => probe.close(() => resolve()));
  });
}

async function waitFor(test: () => boolean, timeoutMs = 10_000): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!test()) {
    if (Date.now() > end) throw new Error('Timed out');
    await new Promise((r) => setTimeout(r, 20));
  }
}
