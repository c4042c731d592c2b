// Runs a few lines of ES module code in a fresh Node.js process, from the
// repository root, with one installed pkijs release imported as `pk`: how
// pkijs behaves without a global crypto can only be seen before it loads.
import { execFileSync } from 'node:child_process';
import { ROOT } from './note-claims.ts';
import { INSTALLED_PKIJS, type Pkijs } from './pkijs-versions.ts';

/** The name the release `pk` is installed under. */
export function packageOf(pk: Pkijs): string {
  const release = INSTALLED_PKIJS.find((r) => r.pk === pk);
  if (!release) throw new Error('Not an installed pkijs release');
  return release.packageName;
}

/** Runs `before`, then imports the release as `pk`, then runs `body`; returns what it printed, trimmed. */
export function runWithRelease(pk: Pkijs, before: string, body: string): string {
  const script = `${before}\nconst pk = await import(${JSON.stringify(packageOf(pk))});\n${body}`;
  return execFileSync(process.execPath, ['--input-type=module', '-e', script], { cwd: ROOT, encoding: 'utf8', timeout: 60_000 }).trim();
}
