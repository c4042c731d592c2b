// A tiny static server for browser tests: serves a built site on 127.0.0.1
// the way a static host does (clean URLs → {path}/index.html, unknown paths →
// 404.html with status 404, cacheable for ten minutes like GitHub Pages) and
// records every path it was asked for. With a prefix (`/PKI.js/`), it serves
// the site under that path only, as a GitHub Pages project site is served.
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, join, normalize } from 'node:path';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.txt': 'text/plain; charset=utf-8',
};

export interface StaticServer {
  origin: string;
  /** Paths requested so far, in order (query strings dropped). */
  requests: string[];
  close(): Promise<void>;
}

async function isFile(file: string): Promise<boolean> {
  return (await stat(file).catch(() => undefined))?.isFile() ?? false;
}

async function resolveFile(root: string, pathname: string): Promise<{ file: string; status: number }> {
  const rel = normalize(decodeURIComponent(pathname)).replace(/^(\.\.[/\\])+/, '');
  for (const candidate of [join(root, rel), join(root, rel, 'index.html')]) {
    if (await isFile(candidate)) return { file: candidate, status: 200 };
  }
  return { file: join(root, '404.html'), status: 404 };
}

export async function serveStatic(root: string, prefix = '/'): Promise<StaticServer> {
  const requests: string[] = [];
  const server = createServer((req, res) => {
    const pathname = new URL(req.url ?? '/', 'http://localhost').pathname;
    requests.push(pathname);
    const inside = pathname.startsWith(prefix) ? pathname.slice(prefix.length - 1) : undefined;
    (inside === undefined ? Promise.resolve({ file: join(root, '404.html'), status: 404 }) : resolveFile(root, inside)).then(({ file, status }) => {
      res.writeHead(status, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream', 'cache-control': 'max-age=600' });
      // The folder may be gone by now (a test's next build removes out/ while a late request is served):
      // a stream error ends that response; unhandled, it failed the whole run.
      createReadStream(file).on('error', () => res.destroy()).pipe(res);
    }, (e: unknown) => {
      res.writeHead(500).end(String(e));
    });
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    requests,
    close: () => new Promise((done) => {
      server.closeAllConnections();
      server.close(() => done());
    }),
  };
}
