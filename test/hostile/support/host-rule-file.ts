// The setup of every attack by a host's configuration file (Netlify's
// _headers, Azure's staticwebapp.config.json, IIS's web.config): files planted
// in content/static, a build, and what out/ then publishes. The usual rule
// types notes.txt, a harmless text file with a script, as text/html, so the
// script would run at the site's origin.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect } from 'vitest';
import type { FreshCheckout } from './fresh-checkout.ts';

/** The text of out/<name>, undefined when the build did not publish it. */
export function published(fresh: FreshCheckout, name: string): string | undefined {
  const file = join(fresh.out, name);
  return existsSync(file) ? readFileSync(file, 'utf8') : undefined;
}

/** Writes each file (name to text) into content/static. */
export function plantStatic(fresh: FreshCheckout, files: Record<string, string>): void {
  const dir = join(fresh.checkout, 'content/static');
  mkdirSync(dir, { recursive: true });
  for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, name), text);
}

/**
 * Plants notes.txt (a script) and the host file `name` holding `rule`, builds,
 * and expects the build refused (exit 3) and out/ not to hold both the rule
 * (`typesHtml` matches the published host file) and the script. Returns the build.
 */
export async function expectTextNotMadeHtml(fresh: FreshCheckout, name: string, rule: string, typesHtml: RegExp): Promise<Awaited<ReturnType<FreshCheckout['build']>>> {
  plantStatic(fresh, { 'notes.txt': '<script>document.title = "host-rule attack ran"</script>\n', [name]: rule });
  const result = await fresh.build();
  const served = { rule: typesHtml.test(published(fresh, name) ?? ''), script: published(fresh, 'notes.txt')?.includes('<script>') ?? false };
  expect(served.rule && served.script, result.output).toBe(false);
  expect(result.code).toBe(3);
  return result;
}
