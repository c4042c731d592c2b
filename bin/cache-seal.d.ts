// Types of cache-seal.js, which src/shared/cache-seal.ts imports: bin/ runs
// before TypeScript can be loaded, so the code is JavaScript, typed here.
export function sealKey(root: string): Buffer;
export function sealBytes(root: string, name: string, data: string | Uint8Array): Buffer;
export function sealedBy(root: string, name: string, data: string | Uint8Array, mac: string | Uint8Array | undefined): boolean;
export function readContent(file: string, maxBytes?: number): Buffer | undefined;
export function replaceFile(file: string, data: string | Uint8Array): void;
