// out/ served the way a plain static host serves it (GitHub Pages, Netlify,
// S3): a file as it is, a folder by its index.html, anything else 404.html
// with status 404; under the base URL only. No redirects and no `.html`
// rewriting of our own: what this host gets right, any host gets right.
// Bound to loopback; only what the build's manifest lists is served
// (src/output/served-file.ts, shared with the dev server).
import { realpath } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { resolve } from 'node:path';
import { readServedFile, type ServedFile } from '../output/served-file.ts';
import { stripBase } from '../shared/base-url.ts';
import { contentType } from '../shared/mime.ts';

export interface StaticHost {
  origin: string;
  close(): Promise<void>;
}

/** The file a site path names (itself, or its folder's index.html), read as served-file.ts allows. */
async function fileAt(root: string, path: string): Promise<{ rel: string; file: ServedFile } | undefined> {
  let decoded: string;
  try {
    decoded = decodeURIComponent(path);
  } catch {
    return undefined;
  }
  if (decoded.includes('\0') || decoded.split('/').some((s) => s === '..')) return undefined;
  const rel = decoded.split('/').filter(Boolean).join('/');
  for (const candidate of [rel, rel ? `${rel}/index.html` : 'index.html']) {
    const file = candidate ? await readServedFile(root, candidate) : undefined;
    if (file) return { rel: candidate, file };
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
      res.writeHead(file ? 200 : 404, { 'content-type': contentType(found.rel) });
      res.end(req.method === 'HEAD' ? undefined : found.file.body);
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
