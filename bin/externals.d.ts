// Types of externals.js, which src/shared/ imports: bin/ runs before
// TypeScript can be loaded, so the code is JavaScript, typed here.
import type { Plugin } from 'esbuild';

export interface ExternalsRuntime {
  loadExternal(specifier: string): Promise<void>;
  external(specifier: string): Record<string, unknown>;
}
export function externalsRuntime(): ExternalsRuntime;
export function isExternalInput(input: string): boolean;
export function externalsFromCheckout(patterns: string[] | 'all'): Plugin;
