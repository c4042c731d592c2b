// Runs a file as a reader's project would: in a fresh folder whose
// node_modules holds one installed pkijs release as `pkijs` and its own
// asn1js as `asn1js`, so bare imports, the package's `exports` map and its
// module format are Node.js's to resolve, as they are after `npm install`.
import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ROOT } from './note-claims.ts';
import type { InstalledPkijs } from './pkijs-versions.ts';

export interface Run { status: number | null; stdout: string; stderr: string }

/** Copies `file` (repository-relative) into a project with `release` installed and runs it with `node ...flags`. */
export function runInProject(release: InstalledPkijs, file: string, flags: string[] = []): Run {
  const project = mkdtempSync(join(tmpdir(), 'pkijs-project-'));
  try {
    mkdirSync(join(project, 'node_modules'));
    symlinkSync(join(ROOT, release.dir), join(project, 'node_modules/pkijs'), 'dir');
    symlinkSync(dirname(dirname(fileURLToPath(release.asn1Entry))), join(project, 'node_modules/asn1js'), 'dir');
    copyFileSync(join(ROOT, file), join(project, basename(file)));
    const run = spawnSync(process.execPath, [...flags, basename(file)], { cwd: project, encoding: 'utf8', timeout: 60_000 });
    return { status: run.status, stdout: run.stdout.trim(), stderr: run.stderr };
  } finally {
    rmSync(project, { recursive: true, force: true });
  }
}
