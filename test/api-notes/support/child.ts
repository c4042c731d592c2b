// Runs a few lines of ES module code in a fresh Node.js process, from the
// repository root, with one installed pkijs release imported as `pk` and its
// own asn1js as `asn1js`: how pkijs behaves without a global crypto can only
// be seen before it loads.
import { execFileSync } from 'node:child_process';
import { ROOT } from './note-claims.ts';
import { type Pkijs, releaseOf } from './pkijs-versions.ts';

/** Runs `before`, then imports the release as `pk` (and its asn1js as `asn1js`), then runs `body`; returns what it printed, trimmed. */
export function runWithRelease(pk: Pkijs, before: string, body: string): string {
  const { entry, asn1Entry } = releaseOf(pk);
  const script = `${before}\nconst pk = await import(${JSON.stringify(entry)});\nconst asn1js = await import(${JSON.stringify(asn1Entry)});\n${body}`;
  return execFileSync(process.execPath, ['--input-type=module', '-e', script], { cwd: ROOT, encoding: 'utf8', timeout: 60_000 }).trim();
}
