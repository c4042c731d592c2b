// `pkidocs serve [--watch]`: refuses an output folder that is the project or
// its sources (watch mode also checks and locks out/, which it writes while it
// runs), binds the port (so a port in use fails at once), builds if needed
// (always in watch mode; otherwise when out/ is not a site this checkout
// built, src/site/built-here.ts), serves out/ until SIGINT or SIGTERM, then closes
// the watcher, the server and esbuild's helper process.
import { access } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import * as esbuild from 'esbuild';
import { notBuiltHere } from '../site/built-here.ts';
import { SiteBuilder } from '../site/builder.ts';
import { ExitCode } from './exit-codes.ts';
import { runBuild } from './build.ts';
import type { CliReporter } from './reporter.ts';
import { BuildFailure, error, type Diagnostic } from '../diagnostics/diagnostic.ts';
import { protectedProblem } from '../output/out-dir.ts';
import { siteBase } from '../output/site-base.ts';
import { isLoopback } from '../dev/host-check.ts';
import { LiveChannel } from '../dev/live.ts';
import { openBrowser } from '../dev/open.ts';
import { startDevServer, type DevServer } from '../dev/server.ts';
import { startWatching, type WatchSession } from '../dev/session.ts';

export interface ServeOptions {
  root: string;
  reporter: CliReporter;
  outDir: string;
  configFile: string;
  port: number;
  /** --port as typed, echoed when it is no port number. */
  portGiven?: string;
  host: string;
  watch: boolean;
  open: boolean;
  /** Stops the server like SIGINT does (for callers other than the CLI). */
  signal?: AbortSignal;
}

export async function serveCommand(options: ServeOptions): Promise<number> {
  const { reporter } = options;
  const invalid = checkOptions(options);
  if (invalid) {
    reporter.diagnostic(invalid);
    return ExitCode.Usage;
  }
  if (!isLoopback(options.host)) reporter.diagnostic(publicHostWarning(options.host));
  // Never serve (nor, in watch mode, write) the repository or its sources as the site.
  const refused = await protectedProblem(options.outDir, { root: options.root, contentDir: dirname(options.configFile) });
  if (refused) {
    reporter.diagnostic(refused);
    return ExitCode.Usage;
  }
  // Watch mode writes out/ for as long as it runs: it is checked and locked before the port is taken.
  const builder = options.watch ? new SiteBuilder({ root: options.root, configFile: options.configFile, outDir: options.outDir, reporter, incremental: true }) : undefined;
  try {
    await builder?.claimOutput();
  } catch (e) {
    if (!(e instanceof BuildFailure)) throw e;
    e.diagnostics.forEach((d) => reporter.diagnostic(d));
    return ExitCode.Usage;
  }
  if (options.watch) process.setSourceMapsEnabled(true); // template stack traces point at .tsx lines
  const live = options.watch ? await LiveChannel.create(options.root) : undefined;
  let server: DevServer;
  try {
    server = await startDevServer({ siteDir: options.outDir, base: siteBase(options.outDir), port: options.port, host: options.host, live, onError: (e) => reporter.info(`A request failed: ${String(e)}`) });
  } catch (e) {
    live?.close();
    await builder?.close();
    reporter.diagnostic(listenProblem(e as NodeJS.ErrnoException, options));
    return ExitCode.Usage;
  }
  let session: WatchSession | undefined;
  let notOurs: string | undefined;
  const stop = listenForStop(options.signal);
  if (live && builder) {
    session = await startWatching({ builder, live, reporter, root: options.root });
  } else if (!(await exists(join(options.outDir, 'index.html'))) || (notOurs = await notBuiltHere(join(options.root, '.pkidocs-cache'), options.outDir))) {
    // out/ is content between runs (committed, restored by CI): only a site this checkout built is served as it is.
    reporter.info(notOurs
      ? `${options.outDir} holds a site this checkout did not build (${notOurs}): building it first, then serving it.`
      : `${options.outDir} holds no built site yet: building it first, then serving it.`);
    const code = await runBuild(reporter, { root: options.root, outDir: options.outDir, configFile: options.configFile });
    if (code !== ExitCode.Ok) {
      stop.dispose();
      await server.close();
      return code;
    }
  }
  const base = siteBase(options.outDir)();
  reporter.info(`Serving ${options.outDir} at ${server.url}${base}${live ? ', rebuilding on changes' : ''}. Press Ctrl-C to stop.`);
  if (options.open) openBrowser(server.url + base, reporter);
  await stop.requested;
  await session?.close();
  await builder?.close();
  await server.close();
  await esbuild.stop();
  reporter.info('Stopped: the port is free and nothing is left running.');
  return ExitCode.Ok;
}

function checkOptions(o: ServeOptions): Diagnostic | undefined {
  if (!Number.isInteger(o.port) || o.port < 0 || o.port > 65535) {
    return error('config', 'serve/bad-port', `The port "${o.portGiven ?? o.port}" is not a port number.`, { hint: 'Pass --port with a whole number from 0 to 65535 (0 picks a free port).' });
  }
  if (!o.host.trim()) return error('config', 'serve/bad-host', 'The host is empty.', { hint: 'Pass --host 127.0.0.1 (the default) or another local address.' });
  return undefined;
}

function publicHostWarning(host: string): Diagnostic {
  return {
    code: 'serve/public-host',
    category: 'usage',
    severity: 'warning',
    message: `--host ${host} is not a loopback address: other machines on the network can reach this server${host === '0.0.0.0' || host === '::' ? ' (it listens on every interface)' : ''}, and read the site and, in watch mode, its build errors.`,
    hint: 'Leave --host out (127.0.0.1) unless you mean to share the preview.',
  };
}

function listenProblem(e: NodeJS.ErrnoException, o: ServeOptions): Diagnostic {
  switch (e.code) {
    case 'EADDRINUSE':
      return error('config', 'serve/port-in-use', `Port ${o.port} on ${o.host} is already in use, so the server cannot start.`, { hint: 'Stop the program that uses it, or pick another port with --port.' });
    case 'EACCES':
      return error('config', 'serve/port-denied', `This user may not listen on port ${o.port} of ${o.host}.`, { hint: 'Pick a port above 1023 with --port.' });
    case 'EADDRNOTAVAIL':
    case 'ENOTFOUND':
      return error('config', 'serve/bad-host', `The address ${o.host} does not belong to this machine, so the server cannot listen on it.`, { hint: 'Pass --host 127.0.0.1 (the default) or another local address.' });
    default:
      return error('internal', 'serve/listen-failed', `The server could not listen on ${o.host}:${o.port}: ${e.message}`, { hint: 'Try another --port or --host.' });
  }
}

/**
 * `requested` resolves on the first SIGINT or SIGTERM (or abort). The handlers
 * are then removed, so a second Ctrl-C ends the process the default way.
 */
function listenForStop(signal: AbortSignal | undefined): { requested: Promise<void>; dispose(): void } {
  let dispose = (): void => {};
  const requested = new Promise<void>((resolve) => {
    const stop = (): void => {
      dispose();
      resolve();
    };
    dispose = () => {
      process.off('SIGINT', stop);
      process.off('SIGTERM', stop);
      signal?.removeEventListener('abort', stop);
    };
    process.on('SIGINT', stop);
    process.on('SIGTERM', stop);
    if (signal?.aborted) stop();
    else signal?.addEventListener('abort', stop);
  });
  return { requested, dispose: () => dispose() };
}

function exists(file: string): Promise<boolean> {
  return access(file).then(() => true, () => false);
}
