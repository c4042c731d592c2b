// What the two servers of out/ (the dev server, `pkidocs check`'s static
// host) may send: a file the build's manifest lists, read from one open
// descriptor with no check-then-open between them. The open follows no link
// (O_NOFOLLOW) and waits on no FIFO; the file must then be a regular file
// whose bytes are those the manifest lists (size and sha256), or, rewritten
// by watch mode since (whose manifest update lags the reload), a file with
// one name, that name being the requested path inside out/. A hard link to a
// file of the machine (two names), a link swapped in after a check, or a file
// the build never wrote is not served.
import { createHash } from 'node:crypto';
import { constants, type BigIntStats } from 'node:fs';
import { lstat, open, realpath, type FileHandle } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { isInside } from '../shared/path-inside.ts';
import { MANIFEST, parseManifest, type Manifest } from './manifest.ts';
import { allManifestsSettled } from './manifest-update.ts';

export interface ServedFile {
  /** The version read: device, inode, size, modification and change times (any write or new link changes it). */
  id: string;
  body: Buffer;
}

/** The manifest last read per out/, by its own version: re-read only when it changed. */
const manifests = new Map<string, { id: string; manifest: Manifest | undefined }>();

/**
 * The file at `rel` ('/'-separated, below `root`, out/'s real path) as it may
 * be served; undefined when it may not (not listed, gone, not the build's).
 * `known`: the version read last time, returned as it is when the file is
 * still that version (it was verified then).
 */
export async function readServedFile(root: string, rel: string, known?: ServedFile): Promise<ServedFile | undefined> {
  // A page watch mode just added is listed once its manifest update (queued after the reload) is written.
  const entry = (await siteManifest(root))?.get(rel) ?? (await allManifestsSettled().then(() => siteManifest(root)))?.get(rel);
  if (!entry) return undefined;
  const file = await openNoFollow(join(root, rel));
  if (!file) return undefined;
  try {
    let stats = await file.stat({ bigint: true });
    if (!stats.isFile()) return undefined;
    if (known?.id === versionOf(stats)) return known;
    // Watch mode rewrites a page in place: a read that overlapped a rewrite sees the version move, and reads again.
    for (let tries = 1; ; tries++) {
      const body = await readWhole(file, stats.size);
      const after = await file.stat({ bigint: true });
      if (versionOf(after) !== versionOf(stats)) {
        if (tries === READ_TRIES) throw new Error(`${join(root, rel)} kept changing while it was read.`);
        stats = after;
        continue;
      }
      const listed = body.byteLength === entry.size && createHash('sha256').update(body).digest('hex') === entry.sha256;
      if (listed || (stats.nlink === 1n && (await namedInside(root, rel, stats)))) return { id: versionOf(stats), body };
      return undefined;
    }
  } finally {
    await file.close();
  }
}

/** Reads of a file that changes while it is read, before giving up (a rebuild rewrites a file once). */
const READ_TRIES = 5;

/** The file's bytes from its start (not from the descriptor's position: a second read starts over). */
async function readWhole(file: FileHandle, size: bigint): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let at = 0;
  for (;;) {
    const chunk = Buffer.alloc(Math.max(Number(size) - at, 64 * 1024));
    const { bytesRead } = await file.read(chunk, 0, chunk.byteLength, at);
    if (bytesRead === 0) return Buffer.concat(chunks);
    chunks.push(chunk.subarray(0, bytesRead));
    at += bytesRead;
  }
}

/** out/'s manifest (read as any served file is: no link, regular), or undefined. */
async function siteManifest(root: string): Promise<Manifest | undefined> {
  const last = manifests.get(root);
  // One lstat per request while the manifest stays the version parsed (a rename or write changes it).
  const now = await lstat(join(root, MANIFEST), { bigint: true }).catch(() => undefined);
  if (now === undefined) return undefined;
  if (last !== undefined && now.isFile() && versionOf(now) === last.id) return last.manifest;
  const file = await openNoFollow(join(root, MANIFEST));
  if (!file) return undefined;
  try {
    const stats = await file.stat({ bigint: true });
    if (!stats.isFile() || stats.nlink !== 1n) return undefined;
    const id = versionOf(stats);
    const manifest = parseManifest((await file.readFile()).toString('utf8'));
    manifests.set(root, { id, manifest });
    return manifest;
  } finally {
    await file.close();
  }
}

/** Whether the file opened (`stats`) is the one at `rel` inside `root` now, its folders resolved through their links. */
async function namedInside(root: string, rel: string, stats: BigIntStats): Promise<boolean> {
  const path = join(root, rel);
  const folder = await realpath(dirname(path)).catch(() => undefined);
  if (folder === undefined || !isInside(folder, root, { orSelf: true })) return false;
  const there = await lstat(join(folder, basename(path)), { bigint: true }).catch(() => undefined);
  return there !== undefined && there.dev === stats.dev && there.ino === stats.ino;
}

function openNoFollow(path: string): Promise<FileHandle | undefined> {
  return open(path, constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK).catch(() => undefined);
}

const versionOf = (s: BigIntStats): string => [s.dev, s.ino, s.size, s.mtimeNs, s.ctimeNs].map((n) => n.toString(36)).join('-');
