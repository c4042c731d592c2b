// Turns zod issues into diagnostics that name the offending config item.
import type * as z from 'zod';
import { error, type Diagnostic } from '../diagnostics/diagnostic.ts';

export function formatPath(path: readonly PropertyKey[]): string {
  let out = '';
  for (const key of path) {
    if (typeof key === 'number') out += `[${key}]`;
    else out += out ? `.${String(key)}` : String(key);
  }
  return out || '(root)';
}

function isNavbarItem(path: readonly PropertyKey[]): boolean {
  return path[0] === 'navbar' && path[1] === 'items' && typeof path[2] === 'number';
}

export function issueToDiagnostic(issue: z.core.$ZodIssue, file: string): Diagnostic {
  const where = formatPath(issue.path);
  if (issue.code === 'unrecognized_keys') {
    const keys = issue.keys.map((k) => `"${k}"`).join(', ');
    return error('config', 'config/unknown-key', `Unknown key${issue.keys.length > 1 ? 's' : ''} ${keys} in ${where}.`, {
      file,
      hint: 'Remove it, or check its spelling against the config reference in README.md.',
    });
  }
  if (isNavbarItem(issue.path)) {
    const item = formatPath(issue.path.slice(0, 3));
    return error('config', 'config/navbar-item', `The navbar item ${item} cannot be rendered: ${where}: ${issue.message}.`, {
      file,
      hint: `Check ${item} in the configuration: its type must be docSidebar, link, docsVersionDropdown or search, with the fields that type needs.`,
    });
  }
  return error('config', 'config/invalid-value', `Invalid value at ${where}: ${issue.message}.`, {
    file,
    hint: 'Fix the value in the site config; README.md lists every key and what it accepts.',
  });
}
