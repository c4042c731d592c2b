// The reload channel: Server-Sent Events to every open page, and the script
// that listens to them, injected into HTML responses in watch mode only.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { join, relative } from 'node:path';
import * as esbuild from 'esbuild';
import { formatLocation, type Diagnostic } from '../diagnostics/diagnostic.ts';
import { normalizePath } from '../shared/paths.ts';
import { scriptJson } from '../shared/script-json.ts';
import { INFO_GLOBAL, type LiveBuild, type LiveDiagnostic, type LiveEvents, type LiveInfo } from './live-protocol.ts';

const CLIENT_ENTRY = join(import.meta.dirname, 'browser/live-client.ts');
/** Comment lines keep idle connections open through proxies and let us notice dead clients. */
const PING_MS = 15_000;

export class LiveChannel {
  private readonly clients = new Set<ServerResponse>();
  private readonly instance = Date.now().toString(36);
  private builds = 0;
  /** Rebuilds reported so far (successes and failures); each event names its own. */
  private reported = 0;
  private diagnostics: LiveDiagnostic[] = [];
  private readonly ping: NodeJS.Timeout;

  private constructor(
    private readonly script: string,
    /** Diagnostic file paths are shown relative to this folder. */
    private readonly root: string,
  ) {
    this.ping = setInterval(() => this.clients.forEach((res) => res.write(': ping\n\n')), PING_MS);
    this.ping.unref();
  }

  static async create(root: string): Promise<LiveChannel> {
    const result = await esbuild.build({
      entryPoints: [CLIENT_ENTRY],
      bundle: true,
      write: false,
      format: 'iife',
      platform: 'browser',
      target: ['es2020'],
      minify: true,
      logLevel: 'silent',
    });
    return new LiveChannel(result.outputFiles[0]!.text.trim(), root);
  }

  /** Changes with every successful rebuild; HTML responses carry it (and so do their ETags). */
  get generation(): string {
    return `${this.instance}.${this.builds}`;
  }

  get clientCount(): number {
    return this.clients.size;
  }

  connect(req: IncomingMessage, res: ServerResponse): void {
    res.writeHead(200, { 'Content-Type': 'text/event-stream; charset=utf-8', 'Cache-Control': 'no-store', Connection: 'keep-alive' });
    res.write('retry: 500\n\n');
    this.clients.add(res);
    const drop = (): void => void this.clients.delete(res);
    req.on('close', drop);
    res.on('error', drop);
    this.send(res, 'hello', { generation: this.generation, build: this.reported, diagnostics: this.diagnostics });
  }

  /** A build of the changed `files` succeeded: clears the overlays and reloads the pages whose HTML changed. */
  rebuilt(paths: readonly string[], all: boolean, files: readonly string[] = []): void {
    this.diagnostics = [];
    if (paths.length || all) this.builds++;
    this.broadcast('reload', { generation: this.generation, ...this.nextBuild(files), paths: [...paths], all });
  }

  /** A build of the changed `files` failed: every page shows the problems until the next success. */
  failed(diagnostics: readonly Diagnostic[], files: readonly string[] = []): void {
    this.diagnostics = diagnostics.map((d) => this.toLive(d));
    this.broadcast('failed', { ...this.nextBuild(files), diagnostics: this.diagnostics });
  }

  /** The HTML with the live-reload script before </body>. */
  inject(html: Buffer, file: string, siteRoot: string): Buffer {
    const info: LiveInfo = { path: normalizePath(`/${relative(siteRoot, file).split('\\').join('/')}`), generation: this.generation };
    const json = scriptJson(info);
    const tag = `<script>window.${INFO_GLOBAL}=${json};${this.script}</script>`;
    const text = html.toString('utf8');
    const at = text.lastIndexOf('</body>');
    return Buffer.from(at < 0 ? text + tag : text.slice(0, at) + tag + text.slice(at));
  }

  close(): void {
    clearInterval(this.ping);
    for (const res of this.clients) res.end();
    this.clients.clear();
  }

  private nextBuild(files: readonly string[]): LiveBuild {
    return { build: ++this.reported, files: files.map((f) => this.relative(f)) };
  }

  private relative(file: string): string {
    return (file.startsWith('/') ? relative(this.root, file) : file).split('\\').join('/');
  }

  private toLive(d: Diagnostic): LiveDiagnostic {
    const file = d.file && d.file.startsWith('/') ? relative(this.root, d.file) : d.file;
    const location = formatLocation({ ...d, file }) || undefined;
    return { severity: d.severity, code: d.code, message: d.message, hint: d.hint, location };
  }

  private broadcast<K extends keyof LiveEvents>(event: K, data: LiveEvents[K]): void {
    for (const res of this.clients) this.send(res, event, data);
  }

  private send<K extends keyof LiveEvents>(res: ServerResponse, event: K, data: LiveEvents[K]): void {
    res.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
  }
}
