// The command line: options of `pkidocs build`, `serve` and `check`; each
// command's work is in its own file (build.ts, serve.ts, check.ts).
import { lstatSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { Command, CommanderError } from 'commander';
import { runBuild } from './build.ts';
import { ExitCode } from './exit-codes.ts';
import { linkProblem, outFolder } from '../output/out-dir.ts';
import { createReporter, useColor, useLiveLine } from './reporter.ts';

const ROOT = resolve(import.meta.dirname, '../..');
const VERSION = (JSON.parse(readFileSync(resolve(ROOT, 'package.json'), 'utf8')) as { version: string }).version;

export async function main(argv: string[], cwd = process.cwd()): Promise<number> {
  const reporter = createReporter({ color: useColor(), live: useLiveLine() });
  let code: number = ExitCode.Ok;
  // --out through a symbolic link of the checkout is refused (out-dir.ts linkProblem); links above it are followed, said once.
  const followOut = async (out: string): Promise<string | undefined> => {
    const given = resolve(cwd, out);
    const refused = await linkProblem(given, ROOT);
    if (refused) {
      reporter.diagnostic(refused);
      return undefined;
    }
    const real = await outFolder(given);
    if (real !== given && lstatSync(given, { throwIfNoEntry: false })?.isSymbolicLink()) reporter.info(`${out} leads to ${real} (links followed): that is the output folder.`);
    return real;
  };
  /** Runs `command` on the output folder, or exits 64 when --out is refused. */
  const withOut = async (out: string, command: (outDir: string) => Promise<number>): Promise<void> => {
    const outDir = await followOut(out);
    code = outDir === undefined ? ExitCode.Usage : await command(outDir);
  };
  const program = new Command('pkidocs')
    .description('Builds the PKI.js documentation site.')
    .version(VERSION, '-v, --version')
    .exitOverride()
    .configureOutput({ writeErr: (s) => process.stderr.write(s), writeOut: (s) => process.stdout.write(s) });

  program
    .command('build')
    .description('build the whole site into the output folder; fails on any broken link')
    .option('--out <dir>', 'output folder', 'out')
    .option('--config <file>', 'site config file', 'content/site.config.ts')
    .option('--no-cache', 'read no cache in .pkidocs-cache/ (run TypeDoc again, render everything) and write fresh ones: use it to repair the cache')
    .action(async (opts: { out: string; config: string; cache: boolean }) => {
      await withOut(opts.out, (outDir) => runBuild(reporter, { root: ROOT, outDir, configFile: resolve(cwd, opts.config), useCache: opts.cache }));
    });

  program
    .command('serve')
    .description('serve the built site on 127.0.0.1; with --watch, rebuild and reload on every change')
    .option('--port <port>', 'port to listen on', '3000')
    .option('--host <host>', 'interface to bind', '127.0.0.1')
    .option('--out <dir>', 'output folder', 'out')
    .option('--config <file>', 'site config file', 'content/site.config.ts')
    .option('--watch', 'rebuild what a change affects and reload the browser')
    .option('--open', 'open the site in a browser')
    .action(async (opts: { port: string; host: string; out: string; config: string; watch?: boolean; open?: boolean }) => {
      // The dev server loads only when serving.
      const { serveCommand } = await import('./serve.ts');
      await withOut(opts.out, (outDir) => serveCommand({ root: ROOT, reporter, outDir, configFile: resolve(cwd, opts.config), port: /^\s*\d+\s*$/.test(opts.port) ? Number(opts.port) : NaN, portGiven: opts.port, host: opts.host, watch: Boolean(opts.watch), open: Boolean(opts.open) }));
    });

  program
    .command('check')
    .description('serve the built site on a loopback port and crawl it over HTTP; exit 4 on any broken link')
    .option('--out <dir>', 'output folder', 'out')
    .option('--external', 'also check links to other sites (with retries)')
    .action(async (opts: { out: string; external?: boolean }) => {
      const { checkCommand } = await import('./check.ts');
      await withOut(opts.out, (outDir) => checkCommand({ reporter, outDir, external: Boolean(opts.external) }));
    });

  try {
    await program.parseAsync(argv);
  } catch (e) {
    if (e instanceof CommanderError) return e.exitCode === 0 ? ExitCode.Ok : ExitCode.Usage;
    throw e;
  }
  return code;
}
