// A throw-away copy of the checkout for a bench to build and edit: the code
// copied, node_modules linked package by package except the documented one
// (pkijs), which the caller puts in place: a copy it may edit, or a synthetic one.
// The repository itself is never edited (its node_modules may be hard links
// shared with other checkouts).
import { cpSync, mkdirSync, readdirSync, rmSync, symlinkSync } from 'node:fs';
import { join, resolve } from 'node:path';

export const ROOT = resolve(import.meta.dirname, '..');
const CODE = ['bin', 'src', 'templates', 'client', 'package.json', 'package-lock.json', 'tsconfig.json'];

/** Makes `dir` a copy of the checkout's code (and `extra` parts, such as content), without pkijs. */
export function copyCheckout(dir: string, extra: string[] = []): void {
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(join(dir, 'node_modules'), { recursive: true });
  for (const part of [...CODE, ...extra]) cpSync(join(ROOT, part), join(dir, part), { recursive: true });
  for (const name of readdirSync(join(ROOT, 'node_modules'))) {
    if (name !== 'pkijs') symlinkSync(join(ROOT, 'node_modules', name), join(dir, 'node_modules', name));
  }
}
