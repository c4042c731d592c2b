// The dev server answers only requests whose Host header names this machine
// (loopback names, or the --host it was started with): a DNS-rebinding page
// whose own domain resolves to 127.0.0.1 gets 403 on every route, the
// live-reload event stream included. `serve --host` with a non-loopback
// address warns before it binds.
import { request } from 'node:http';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordingReporter } from '../../src/cli/reporter.ts';
import { serveCommand } from '../../src/cli/serve.ts';
import { allowedNames, hostName, isLoopback, refuseHost } from '../../src/dev/host-check.ts';
import { LiveChannel } from '../../src/dev/live.ts';
import { EVENTS_PATH } from '../../src/dev/live-protocol.ts';
import { startDevServer, type DevServer } from '../../src/dev/server.ts';
import { entryOf, MANIFEST, manifestText } from '../../src/output/manifest.ts';
import { PROJECT } from './helpers/fixture.ts';

const BASE = join(PROJECT, `test/.tmp/dev-host-check-${process.pid}`);
const SITE = join(BASE, 'out');

interface Reply {
  status: number;
  type: string | undefined;
  body: string;
}

/** A request with exactly this Host header (none when undefined); the body is read for 300 ms at most (event streams never end). */
function ask(server: DevServer, path: string, host: string | undefined, method = 'GET'): Promise<Reply> {
  return new Promise((resolve, reject) => {
    const headers = host === undefined ? {} : { host };
    const req = request({ host: '127.0.0.1', port: server.port, path, method, headers, setHost: false }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      const done = (): void => resolve({ status: res.statusCode!, type: res.headers['content-type'], body });
      const timer = setTimeout(() => {
        done();
        req.destroy();
      }, 300);
      res.on('data', (c: string) => (body += c));
      res.on('end', () => {
        clearTimeout(timer);
        done();
      });
    });
    req.on('error', reject);
    req.end();
  });
}

let server: DevServer;
let live: LiveChannel;

beforeAll(async () => {
  await rm(BASE, { recursive: true, force: true });
  await mkdir(join(SITE, 'docs/installation'), { recursive: true });
  await writeFile(join(SITE, 'index.html'), '<!doctype html><html><body><h1>Home</h1></body></html>');
  await writeFile(join(SITE, 'docs/installation/index.html'), '<!doctype html><html><body><h1>Installation, and a watch-mode error</h1></body></html>');
  await writeFile(join(SITE, '404.html'), '<!doctype html><html><body><h1>Page Not Found</h1></body></html>');
  // What a build writes beside the pages: the servers serve only the files it lists.
  const listed = await Promise.all(['index.html', 'docs/installation/index.html', '404.html'].map(async (rel) => [rel, entryOf(await readFile(join(SITE, rel)))] as const));
  await writeFile(join(SITE, MANIFEST), manifestText(new Map(listed)));
  live = await LiveChannel.create(PROJECT);
  server = await startDevServer({ siteDir: SITE, port: 0, host: '127.0.0.1', live });
});

afterAll(async () => {
  await server?.close();
  await rm(BASE, { recursive: true, force: true });
});

describe('the Host header check', () => {
  const local = (port: number): string[] => ['127.0.0.1', `127.0.0.1:${port}`, `localhost:${port}`, 'LOCALHOST', '127.3.2.1:80', `[::1]:${port}`, '[::1]'];
  const foreign = ['evil.example', 'evil.example:3000', '127.0.0.1.evil.example', 'localhost.evil.example:80', '0x7f000001', '[::2]:3000', '127.0.0.1:3000:1', '', 'localhost:port'];

  it('serves pages to loopback names, with or without the port', async () => {
    for (const host of local(server.port)) {
      const reply = await ask(server, '/docs/installation', host);
      expect([host, reply.status]).toEqual([host, 200]);
      expect(reply.body).toContain('Installation');
    }
  });

  it('refuses every route with 403 and a short text for any other name, or none', async () => {
    for (const path of ['/', '/docs/installation', '/missing', '/docs/installation/', '/../../etc/passwd', EVENTS_PATH]) {
      for (const host of foreign) {
        const reply = await ask(server, path, host);
        expect([path, host, reply.status]).toEqual([path, host, 403]);
        expect(reply.type).toBe('text/plain; charset=utf-8');
        expect(reply.body).toMatch(/^This preview server answers only requests for 127\.0\.0\.1, localhost, \[::1\] or the --host it was started with.*DNS rebinding/);
        expect(reply.body).not.toContain('Installation');
        expect(reply.body.length).toBeLessThan(400);
      }
    }
    // Without a Host header Node itself answers 400 before the handler runs (HTTP/1.1 requires one).
    for (const path of ['/', EVENTS_PATH]) {
      const none = await ask(server, path, undefined);
      expect(none.status).toBe(400);
      expect(none.body).not.toContain('Home');
    }
    const post = await ask(server, '/', 'evil.example', 'POST');
    expect(post.status).toBe(403);
  });

  it('keeps the live-reload event stream for loopback names', async () => {
    const reply = await ask(server, EVENTS_PATH, `localhost:${server.port}`);
    expect(reply.status).toBe(200);
    expect(reply.type).toMatch(/^text\/event-stream/);
  });

  it('accepts the name the server was started with, and the machine\'s addresses when bound to every interface', () => {
    expect(refuseHost('my-box.lan:3000', allowedNames('my-box.lan'))).toBeUndefined();
    expect(refuseHost('MY-BOX.lan', allowedNames('my-box.lan'))).toBeUndefined();
    expect(refuseHost('[fd00::5]:3000', allowedNames('fd00::5'))).toBeUndefined();
    expect(refuseHost('other.lan:3000', allowedNames('my-box.lan'))).toMatch(/Host header "other\.lan:3000"/);
    const everywhere = allowedNames('0.0.0.0');
    expect(everywhere.has('127.0.0.1')).toBe(true); // the loopback interface is among the machine's addresses
    expect(refuseHost('evil.example', everywhere)).toBeDefined();
    expect(hostName('[::1]:80')).toBe('::1');
    expect(hostName('a b')).toBeUndefined();
  });
});

describe('serve --host', () => {
  async function serveOn(host: string): Promise<{ code: number; warnings: string[] }> {
    // The port is taken (or the address is not this machine's), so nothing is ever exposed: the warning comes before the bind.
    const blocker: Server = createServer();
    await new Promise<void>((r) => blocker.listen(0, '127.0.0.1', r));
    const port = (blocker.address() as { port: number }).port;
    const reporter = recordingReporter();
    try {
      const code = await serveCommand({ root: PROJECT, reporter, outDir: SITE, configFile: join(PROJECT, 'content/site.config.ts'), port, host, watch: false, open: false });
      return { code, warnings: reporter.diagnostics.filter((d) => d.severity === 'warning').map((d) => `${d.code}: ${d.message} → ${d.hint}`) };
    } finally {
      blocker.close();
    }
  }

  it('warns about an address other machines can reach, before binding it', async () => {
    const { code, warnings } = await serveOn('192.0.2.1'); // TEST-NET-1: not on this machine
    expect(code).toBe(64);
    expect(warnings).toEqual(['serve/public-host: --host 192.0.2.1 is not a loopback address: other machines on the network can reach this server, and read the site and, in watch mode, its build errors. → Leave --host out (127.0.0.1) unless you mean to share the preview.']);
  });

  it('says nothing for loopback hosts', async () => {
    for (const host of ['127.0.0.1', 'localhost']) expect((await serveOn(host)).warnings).toEqual([]);
    expect(['0.0.0.0', '::', '192.168.1.2', 'my-box.lan'].filter(isLoopback)).toEqual([]);
    expect(['127.0.0.1', '127.9.9.9', '::1', '[::1]', 'LocalHost'].every(isLoopback)).toBe(true);
  });
});
