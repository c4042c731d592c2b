// out/ served the way a plain static host serves it (GitHub Pages, Netlify,
// S3): a file as it is, a folder by its index.html, anything else 404.html
// with status 404; under the base URL only. No redirects and no `.html`
// rewriting of our own: what this host gets right, any host gets right.
// Bound to loopback; nothing outside out/ is ever read.
import { createReadStream } from 'node:fs';
import { realpath, stat } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join, resolve } from 'node:path';
import { stripBase } from '../shared/base-url.ts';
import { contentType } from '../shared/mime.ts';
import { isInside } from '../shared/path-inside.ts';

export interface StaticHost {
  origin: string;
  close(): Promise<void>;
}

async function fileAt(root: string, path: string): Promise<string | undefined> {
  let decoded: string;
  try {
    decoded = decodeURIComponent(path);
  } catch {
    return undefined;
  }
  if (decoded.includes('\0') || decoded.split('/').some((s) => s === '..')) return undefined;
  for (const candidate of [join(root, decoded), join(root, decoded, 'index.html')]) {
    const real = await realpath(candidate).catch(() => undefined);
    if (real && isInside(real, root, { orSelf: true }) && (await stat(real)).isFile()) return real;
  }
  return undefined;
}

export async function serveStaticHost(outDir: string, base: string): Promise<StaticHost> {
  const root = await realpath(resolve(outDir));
  const server: Server = createServer((req, res) => {
    const pathname = new URL(req.url ?? '/', 'http://host').pathname;
    const inside = stripBase(base, pathname);
    void (inside === undefined ? Promise.resolve(undefined) : fileAt(root, inside)).then(async (file) => {
      // The not-found page is a file of out/ like any other: a link out of out/ is not served.
      const found = file ?? (await fileAt(root, '/404.html'));
      if (!found) return void res.writeHead(404).end();
      res.writeHead(file ? 200 : 404, { 'content-type': contentType(found) });
      if (req.method === 'HEAD') return void res.end();
      createReadStream(found).pipe(res);
    }, () => void res.writeHead(500).end());
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    close: () => new Promise((done) => {
      server.closeAllConnections();
      server.close(() => done());
    }),
  };
}
