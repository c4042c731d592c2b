// out/ after watch-mode rebuilds must equal a full build of the same sources,
// byte for byte: the check the incremental suites share.
import { readdir, readFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { expect } from 'vitest';
import { recordingReporter } from '../../../src/cli/reporter.ts';
import { build } from '../../../src/site/build.ts';
import type { Fixture } from './fixture.ts';

/** Every file under a folder, by path relative to it, with its bytes as latin1 text. */
export async function tree(dir: string): Promise<Map<string, string>> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  const files = entries.filter((e) => e.isFile()).map((e) => join(e.parentPath, e.name));
  return new Map(await Promise.all(files.map(async (f) => [relative(dir, f), await readFile(f, 'latin1')] as const)));
}

/** Builds the fixture in full beside its out/ and expects the same files with the same bytes. */
export async function expectSameAsFullBuild(site: Fixture): Promise<void> {
  const fullDir = site.path('full');
  await build({ root: site.root, configFile: site.configFile, outDir: fullDir, reporter: recordingReporter() });
  const [incremental, full] = await Promise.all([tree(site.outDir), tree(fullDir)]);
  expect([...incremental.keys()].sort()).toEqual([...full.keys()].sort());
  expect([...full].filter(([path, contents]) => incremental.get(path) !== contents).map(([path]) => path)).toEqual([]);
}
