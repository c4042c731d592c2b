// esbuild and React's server renderer, loaded on first use rather than with
// the CLI: a warm build that compiles, bundles and renders nothing needs
// neither, and loading them cost ~0.1-0.2 s of every run's start-up. Both are
// CommonJS packages, so a synchronous require() gives the same module (and the
// same React) an ESM import would.
import { createRequire } from 'node:module';
import type * as Esbuild from 'esbuild';
import type * as ReactDomServer from 'react-dom/server';

const load = createRequire(import.meta.url);

let esbuildModule: typeof Esbuild | undefined;
let serverModule: typeof ReactDomServer | undefined;

/** esbuild, loaded on the first call. */
export const esbuild = (): typeof Esbuild => (esbuildModule ??= load('esbuild') as typeof Esbuild);

/** esbuild's version, read without loading esbuild (a cache key needs only this). */
export const esbuildVersion = (): string => (load('esbuild/package.json') as { version: string }).version;

/** react-dom/server, loaded on the first call. */
export const reactDomServer = (): typeof ReactDomServer => (serverModule ??= load('react-dom/server') as typeof ReactDomServer);
