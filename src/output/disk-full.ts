// A disk that fills up while the site is written: one line naming the folder
// being written and the space the site needs there, instead of a stack. The
// temporary folder is removed by the caller and out/ is left as it was.
import { statfs } from 'node:fs/promises';
import { dirname } from 'node:path';
import { BuildFailure, error } from '../diagnostics/diagnostic.ts';

const mb = (bytes: number): string => `${(bytes / 1e6).toFixed(1)} MB`;

/** A BuildFailure for an ENOSPC (or EDQUOT) error while writing into `folder`; undefined for any other error. */
export async function diskFull(e: unknown, folder: string, needed: number): Promise<BuildFailure | undefined> {
  const code = (e as NodeJS.ErrnoException | undefined)?.code;
  if (code !== 'ENOSPC' && code !== 'EDQUOT') return undefined;
  const stats = await statfs(dirname(folder)).catch(() => undefined);
  const free = stats ? `, ${mb(stats.bavail * stats.bsize)} free once the partial copy is removed` : '';
  const what = code === 'EDQUOT' ? 'Your disk quota ran out' : 'The disk is full';
  return new BuildFailure([
    error('internal', 'output/disk-full', `${what} while writing the site into ${folder}: the site needs about ${mb(needed)} there${free}.`, {
      hint: `Free at least ${mb(needed)} on the disk holding ${dirname(folder)} (or pass --out a folder on another disk), then build again.`,
    }),
  ]);
}
