// A file's identity: inode, size and modification time in nanoseconds. Any
// write changes it, in place or by a rename over the file; the watcher reads
// it to tell a finished save, the dev server's file cache to tell a current read.
import { stat } from 'node:fs/promises';

/** Throws as stat does (a missing file: ENOENT). */
export async function fileIdentity(file: string): Promise<string> {
  const s = await stat(file, { bigint: true });
  return `${s.ino.toString(36)}-${s.size.toString(36)}-${s.mtimeNs.toString(36)}`;
}
