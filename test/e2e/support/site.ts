// Per-file set-up of browser tests: the built site (the real one from the
// global setup, or a fixture built here) served on 127.0.0.1, and a browser.
import { execFile } from 'node:child_process';
import { cpSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import type { BrowserContextOptions } from 'playwright-core';
import { afterAll, beforeAll, inject } from 'vitest';
import { hydrated, launchBrowser, openPage, type BrowserHandle, type TestPage } from './browser.ts';
import { serveStatic, type StaticServer } from './server.ts';

const ROOT = resolve(import.meta.dirname, '../../..');

/** The real site, built once per run by test/support/global-setup.ts. */
export const realSite = (): string => inject('siteOut');

/**
 * Builds the real site with a fixture config from test/fixtures/e2e (it
 * spreads content/site.config.ts with overrides), through the CLI as a user
 * would. Each fixture is used by one test file, so it is built once per run.
 * The content folder is the config's folder and nothing is read through a link
 * leading out of it, so the real pages are copied beside a config that
 * re-exports the fixture's.
 */
export async function fixtureSite(name: string): Promise<string> {
  const outDir = join(ROOT, 'test/.tmp/e2e-out', name);
  const site = join(ROOT, 'test/.tmp', `e2e-${name}`); // two levels down, as test/fixtures/e2e is
  rmSync(site, { recursive: true, force: true });
  mkdirSync(site, { recursive: true });
  for (const dir of ['docs', 'pages']) cpSync(join(ROOT, 'content', dir), join(site, dir), { recursive: true });
  cpSync(join(ROOT, 'test/fixtures/e2e/static'), join(site, 'static'), { recursive: true });
  const config = join(site, 'site.config.ts');
  writeFileSync(config, `export { default } from '../../fixtures/e2e/${name}.config.ts';\n`);
  const env = { ...process.env, NODE_ENV: 'production', NO_COLOR: '1' };
  try {
    await promisify(execFile)(process.execPath, [join(ROOT, 'bin/pkidocs.js'), 'build', '--config', config, '--out', outDir], { cwd: ROOT, env, maxBuffer: 1 << 26 });
  } catch (e) {
    const err = e as { stderr?: string; stdout?: string };
    throw new Error(`The ${name} fixture site did not build:\n${err.stderr ?? ''}${err.stdout ?? ''}`);
  }
  return outDir;
}

export interface SiteSession {
  server: StaticServer;
  browser: BrowserHandle;
  url(path: string): string;
  /** A fresh context and page, optionally prepared before the site loads. */
  page(options?: BrowserContextOptions): Promise<TestPage>;
  /** A fresh page at `path`, hydrated. */
  open(path: string, options?: BrowserContextOptions & { prepare?: (t: TestPage) => Promise<void> }): Promise<TestPage>;
}

/** `prefix`: the path the site is served under (its baseUrl). */
export function serveSite(outDir: () => string | Promise<string>, prefix = '/'): SiteSession {
  const session = {} as SiteSession;
  beforeAll(async () => {
    session.server = await serveStatic(await outDir(), prefix);
    session.browser = await launchBrowser();
  });
  afterAll(async () => {
    await session.browser?.close();
    await session.server?.close();
  });
  session.url = (path) => session.server.origin + path;
  session.page = (options) => openPage(session.browser, options);
  session.open = async (path, options = {}) => {
    const { prepare, ...contextOptions } = options;
    const t = await session.page(contextOptions);
    await prepare?.(t);
    await t.page.goto(session.url(path));
    await hydrated(t.page);
    return t;
  };
  return session;
}
