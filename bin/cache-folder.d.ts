// Types of cache-folder.js, which src/shared/cache-folder.ts imports: bin/
// runs before TypeScript can be loaded, so the code is JavaScript, typed here.
export const CACHE_NAME: string;
export function claimCacheFolder(root: string, outDir?: string): { real: string; dev: number; ino: number };
