// Loads the bundled CLI (cli-bundle.js) and runs it. No TypeScript loader
// hook is registered: the CLI is bundled, and the site's own TypeScript (the
// config, the page modules) is compiled by esbuild when loaded
// (src/shared/site-module.ts).
import { join } from 'node:path';
import { loadCli } from './cli-bundle.js';

// React's development build is several times slower at renderToString.
process.env.NODE_ENV ??= 'production';
// Stack traces of the site's own modules point at their TypeScript lines (inline source maps).
process.setSourceMapsEnabled(true);

let cli;
try {
  cli = await loadCli(join(import.meta.dirname, '..'));
} catch (error) {
  if (!error?.oneLine) throw error;
  process.stderr.write(`${error.message}\n`);
  process.exitCode = 2; // ExitCode.Config: the installation, not the site
}
if (cli) process.exitCode = await cli.main(process.argv);
