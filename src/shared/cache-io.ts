// Reading and writing the build's cache files (Node only; the browser never
// imports this). A cache file is input like any other: read it through its
// schema and report a bad one in one line; write it to a temp file and rename,
// so a concurrent build never reads half a file (writeAtomic, which watch
// mode also uses to replace a link found where a page was).
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import type { z } from 'zod';

/**
 * The file's JSON checked against `schema`; undefined when there is none yet,
 * or (with a notice naming `what` and what the build does `instead`) when it
 * is not JSON or of the wrong shape.
 */
export async function loadChecked<T>(
  file: string,
  schema: z.ZodType<T>,
  what: string,
  onNotice: ((line: string) => void) | undefined,
  instead = 'building without it',
): Promise<T | undefined> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch {
    return undefined; // none yet
  }
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    data = undefined;
  }
  const parsed = schema.safeParse(data);
  if (parsed.success) return parsed.data;
  onNotice?.(`The ${what} ${file} is not usable (${data === undefined ? 'not JSON' : 'wrong shape'}); ${instead} and replacing it.`);
  return undefined;
}

let temps = 0;

/**
 * Writes `file` through a temp file beside it, renamed over it: a reader sees
 * the old file or the new one, never part of one, and a link where the file
 * was is replaced, not written through. The temp file is made exclusively, so
 * a link planted at its name fails the write instead of taking it; one left
 * by a crashed run of the same pid is removed (the link, never what it leads
 * to) and the write tried once more.
 */
export async function writeAtomic(file: string, contents: string | Uint8Array): Promise<void> {
  await mkdir(dirname(file), { recursive: true });
  const tmp = `${file}.${process.pid}-${++temps}.tmp`;
  try {
    await writeFile(tmp, contents, { flag: 'wx' }).catch(async (e: NodeJS.ErrnoException) => {
      if (e.code !== 'EEXIST') throw e;
      await rm(tmp);
      await writeFile(tmp, contents, { flag: 'wx' });
    });
    await rename(tmp, file);
  } finally {
    await rm(tmp, { force: true });
  }
}
