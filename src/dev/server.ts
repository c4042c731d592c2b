// The dev server: node:http serving the built site with clean URLs, correct
// content types, ETag/304 and HEAD; unknown paths get the 404 page with status
// 404. Only the files out/'s manifest lists are served (src/output/served-file.ts,
// shared with pkidocs check's host). In watch mode it also carries the reload channel and injects its
// script into HTML responses.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join, relative, resolve, sep } from 'node:path';
import { realpath } from 'node:fs/promises';
import { FileCache } from './file-cache.ts';
import { allowedNames, refuseHost } from './host-check.ts';
import type { LiveChannel } from './live.ts';
import { EVENTS_PATH } from './live-protocol.ts';
import { contentType, isHtml } from '../shared/mime.ts';
import { resolveRequest } from './resolve-request.ts';
import { withBase } from '../shared/base-url.ts';

export interface DevServerOptions {
  /** The built site (out/). */
  siteDir: string;
  port: number;
  host: string;
  /** The reload channel; without it (no --watch) files are served exactly as written. */
  live?: LiveChannel;
  /** The base URL the built site expects (`/PKI.js/`), read per request: the site is served under it, and `/` redirects there. */
  base?: () => string;
  /** Called with errors the server could not answer for (a 500 was sent). */
  onError?: (error: unknown) => void;
}

export interface DevServer {
  /** http://host:port, with the port actually bound (port 0 picks a free one). */
  url: string;
  port: number;
  close(): Promise<void>;
}

/** Fallback when out/ has no 404 page yet (e.g. the first build failed) or none it may serve. */
const BARE_404 = Buffer.from('<!doctype html>\n<html lang="en"><head><meta charset="utf-8"><title>Not found</title></head><body><h1>Not found</h1><p>The site has no page here, and no 404 page has been built yet.</p></body></html>');

export async function startDevServer(options: DevServerOptions): Promise<DevServer> {
  const siteDir = resolve(options.siteDir);
  /** siteDir with symlinks resolved, as the files served are. */
  let siteRoot = siteDir;
  const { live } = options;
  const cache = new FileCache(undefined, live && {
    variant: (file) => (isHtml(file) ? live.generation : ''),
    apply: (file, body) => live.inject(body, file, siteRoot),
  });
  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      options.onError?.(error);
      if (!res.headersSent) send(res, 500, 'text/plain; charset=utf-8', Buffer.from('The server failed to answer this request.\n'), req.method === 'HEAD');
      else res.destroy();
    });
  });

  const hosts = allowedNames(options.host);

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    // Before every route, the event stream included.
    const foreign = refuseHost(req.headers.host, hosts);
    if (foreign) return send(res, 403, 'text/plain; charset=utf-8', Buffer.from(`${foreign}\n`), req.method === 'HEAD');
    const target = req.url ?? '/';
    if (live && req.method === 'GET' && target.split('?', 1)[0] === EVENTS_PATH) return live.connect(req, res);
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.setHeader('Allow', 'GET, HEAD');
      return send(res, 405, 'text/plain; charset=utf-8', Buffer.from('Only GET and HEAD are supported.\n'), false);
    }
    const head = req.method === 'HEAD';
    // out/ may not exist yet, or be swapped by a full build: resolve it per request.
    const root = (siteRoot = await realpath(siteDir).catch(() => siteDir));
    const base = options.base?.() ?? '/';
    const pathname = target.split(/[?#]/, 1)[0]!;
    if (base !== '/' && (pathname === '/' || pathname === base.slice(0, -1))) {
      res.setHeader('Location', base);
      return send(res, 302, 'text/plain; charset=utf-8', Buffer.from(`The site is served under ${base}\n`), head);
    }
    const inside = base === '/' || target.startsWith(base) ? target.slice(base.length - 1) : undefined;
    if (inside === undefined) return sendFile(req, res, root, NOT_FOUND_PAGE, 404);
    const found = await resolveRequest(inside, root);
    switch (found.kind) {
      case 'refused':
        return send(res, found.status, 'text/plain; charset=utf-8', Buffer.from(`${found.reason}\n`), head);
      case 'redirect':
        res.setHeader('Location', withBase(base, found.location));
        return send(res, 301, 'text/plain; charset=utf-8', Buffer.from(`Moved to ${withBase(base, found.location)}\n`), head);
      case 'file':
        return sendFile(req, res, root, relative(root, found.file).split(sep).join('/'), 200);
      case 'not-found':
        return sendFile(req, res, root, NOT_FOUND_PAGE, 404);
    }
  }

  /** `rel`: the file below out/'s real path `root`; served only as src/output/served-file.ts allows (the manifest's files). */
  async function sendFile(req: IncomingMessage, res: ServerResponse, root: string, rel: string, status: 200 | 404): Promise<void> {
    const head = req.method === 'HEAD';
    const entry = await cache.get(root, rel);
    if (!entry && status === 200) return sendFile(req, res, root, NOT_FOUND_PAGE, 404);
    if (!entry) {
      const body = live ? live.inject(BARE_404, join(siteDir, '404.html'), siteDir) : BARE_404;
      return send(res, 404, 'text/html; charset=utf-8', body, head);
    }
    if (status === 200) {
      res.setHeader('ETag', entry.etag);
      if (matches(req.headers['if-none-match'], entry.etag)) {
        res.setHeader('Cache-Control', 'no-cache');
        res.writeHead(304).end();
        return;
      }
    }
    return send(res, status, contentType(rel), entry.body, head);
  }

  await listen(server, options.port, options.host);
  const { port } = server.address() as AddressInfo;
  const host = options.host.includes(':') ? `[${options.host}]` : options.host;
  return { url: `http://${host}:${port}`, port, close: () => close(server, live) };
}

const NOT_FOUND_PAGE = '404.html';

function send(res: ServerResponse, status: number, type: string, body: Buffer, head: boolean): void {
  res.writeHead(status, {
    'Content-Type': type,
    'Content-Length': body.byteLength,
    // Revalidate every time (cheap with ETags): a rebuilt page must never be served from the browser cache.
    'Cache-Control': 'no-cache',
    'X-Content-Type-Options': 'nosniff',
  });
  res.end(head ? undefined : body);
}

/** If-None-Match against our ETag, with the weak comparison RFC 9110 asks for. */
function matches(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  return header.split(',').some((tag) => {
    const t = tag.trim();
    return t === '*' || t.replace(/^W\//, '') === etag;
  });
}

function listen(server: Server, port: number, host: string): Promise<void> {
  return new Promise((resolveListen, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolveListen();
    });
  });
}

/** Ends the event streams and every keep-alive socket, so the port is free when this resolves. */
function close(server: Server, live: LiveChannel | undefined): Promise<void> {
  live?.close();
  return new Promise((done) => {
    server.close(() => done());
    server.closeAllConnections();
  });
}
