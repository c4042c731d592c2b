// Types of path-inside.js, which src/shared/path-inside.ts re-exports: bin/
// runs before TypeScript can be loaded, so the code is JavaScript, typed here.
export function isInside(path: string, folder: string, options?: { orSelf?: boolean }): boolean;
