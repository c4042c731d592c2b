// Writes the site into a temporary folder beside out/ and swaps it in only
// when every stage passed, so a failed build never leaves out/ half-written.
import { cp, mkdir, rename, rm, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';

export interface OutputFile {
  /** Path relative to the output folder. */
  path: string;
  contents: string | Uint8Array;
}

export async function writeSite(outDir: string, files: readonly OutputFile[], staticDir?: string): Promise<{ bytes: number }> {
  const tmp = `${outDir}.tmp-${process.pid}`;
  await rm(tmp, { recursive: true, force: true });
  await mkdir(tmp, { recursive: true });
  if (staticDir) await cp(staticDir, tmp, { recursive: true }).catch(ignoreMissing);
  const dirs = new Set(files.map((f) => dirname(join(tmp, f.path))));
  await Promise.all([...dirs].map((d) => mkdir(d, { recursive: true })));
  let bytes = 0;
  const queue = [...files];
  const worker = async (): Promise<void> => {
    for (let f = queue.pop(); f; f = queue.pop()) {
      bytes += typeof f.contents === 'string' ? Buffer.byteLength(f.contents) : f.contents.byteLength;
      await writeFile(join(tmp, f.path), f.contents);
    }
  };
  await Promise.all(Array.from({ length: 32 }, worker));
  await swap(tmp, outDir);
  return { bytes };
}

async function swap(tmp: string, outDir: string): Promise<void> {
  const old = `${outDir}.old-${process.pid}`;
  await rename(outDir, old).catch(ignoreMissing);
  await rename(tmp, outDir);
  await rm(old, { recursive: true, force: true });
}

function ignoreMissing(e: NodeJS.ErrnoException): void {
  if (e.code !== 'ENOENT') throw e;
}
