// Loads the bundled CLI (cli-bundle.js) and runs it. tsx is registered
// afterwards, for what must stay TypeScript at run time: the site config and
// the React page modules.
import { join } from 'node:path';
import { register } from 'tsx/esm/api';
import { loadCli } from './cli-bundle.js';

// React's development build is several times slower at renderToString.
process.env.NODE_ENV ??= 'production';

const { main } = await loadCli(join(import.meta.dirname, '..'));
// Registered after the CLI and its packages have loaded natively, so that only
// the TypeScript loaded later (config, page modules) goes through the hook.
register({ tsconfig: join(import.meta.dirname, '../tsconfig.runtime.json') });
process.exitCode = await main(process.argv);
