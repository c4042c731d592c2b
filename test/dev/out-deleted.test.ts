// Watch mode and out/: the builder holds out/'s lock while it lives, so a
// `pkidocs build` into the same folder stops; when out/ (or its marker)
// disappears between rebuilds, the next rebuild writes the whole site again
// instead of only the files that changed.
import { existsSync } from 'node:fs';
import { readdir, rm } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SiteBuilder } from '../../src/site/builder.ts';
import { ExitCode } from '../../src/cli/exit-codes.ts';
import { recordingReporter } from '../../src/cli/reporter.ts';
import { MARKER } from '../../src/output/out-dir.ts';
import { runCli } from '../support/cli.ts';
import { createFixture, type Fixture } from './helpers/fixture.ts';

let site: Fixture;
let builder: SiteBuilder;
let complete: string[];

const INSTALL = 'content/docs/installation.md';

async function files(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries.filter((e) => e.isFile()).map((e) => relative(dir, join(e.parentPath, e.name))).sort();
}

async function edit(text: string): Promise<void> {
  await site.write(INSTALL, (await site.read(INSTALL)).replace(/Run the installer[^.]*\./, `Run the installer ${text}.`));
  await builder.update([site.path(INSTALL)]);
}

beforeAll(async () => {
  site = await createFixture('out-deleted');
  builder = new SiteBuilder({ root: site.root, configFile: site.configFile, outDir: site.outDir, reporter: recordingReporter(), incremental: true });
  await builder.build();
  complete = await files(site.outDir);
});

afterAll(async () => {
  await builder?.close();
  await site?.remove();
});

describe('watch mode and its output folder', () => {
  it('holds the lock: a build into the same out/ stops with the watcher\'s pid and touches nothing', async () => {
    const { code, stderr } = await runCli(['build', '--config', site.configFile, '--out', site.outDir]);
    expect(code).toBe(ExitCode.Usage);
    expect(stderr).toContain(`Another build (pid ${process.pid}) is writing ${site.outDir}, so this one stopped without touching it. [output/busy]`);
    expect(await files(site.outDir)).toEqual(complete);
  });

  it('writes the whole site again after out/ was deleted', async () => {
    await rm(site.outDir, { recursive: true });
    await edit('once');
    expect(await files(site.outDir)).toEqual(complete);
    expect(await site.read('out/docs/installation/index.html')).toContain('Run the installer once.');
  });

  it('writes the whole site again after out/ was emptied of its marker and pages', async () => {
    await rm(join(site.outDir, MARKER));
    await rm(join(site.outDir, 'docs'), { recursive: true });
    await edit('twice');
    expect(await files(site.outDir)).toEqual(complete);
    expect(await site.read('out/docs/installation/index.html')).toContain('Run the installer twice.');
  });

  it('writes only what changed while out/ is intact, and releases the lock on close', async () => {
    const index = join(site.outDir, 'index.html');
    await rm(index);
    await edit('three times');
    expect(existsSync(index)).toBe(false); // an untouched page is not written again
    await builder.close();
    expect(existsSync(`${site.outDir}.lock`)).toBe(false);
  });
});
