// Tests only: PKIDOCS_TEST_PAUSE=<point> holds a build at a named point, so
// a test can look at out/, or change a source, in the middle of a build.
import { access, writeFile } from 'node:fs/promises';

/** Whether PKIDOCS_TEST_PAUSE asks to hold builds at `point` (never outside a test runner). */
export function pausesAt(point: string): boolean {
  return process.env.PKIDOCS_TEST_PAUSE === point && Boolean(process.env.VITEST);
}

/**
 * Holds the build at `point` while `<out>.paused` exists (the build creates
 * it; the test deletes it to go on). It lies outside what the guard owns, so
 * it is unreachable outside a test runner (VITEST set), and made
 * exclusively: a file or link already there is never overwritten or followed
 * (the build stops and names it).
 */
export async function pausePoint(point: string, outDir: string): Promise<void> {
  if (!pausesAt(point)) return;
  const flag = `${outDir}.paused`;
  await writeFile(flag, point, { flag: 'wx' }).catch((e: NodeJS.ErrnoException) => {
    throw e.code === 'EEXIST' ? new Error(`PKIDOCS_TEST_PAUSE: ${flag} exists already and is not the build's: remove it, or unset PKIDOCS_TEST_PAUSE.`) : e;
  });
  while (await access(flag).then(() => true, () => false)) await new Promise((done) => setTimeout(done, 10));
}
