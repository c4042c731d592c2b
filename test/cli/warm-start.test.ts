// What a warm build loads: with nothing changed it compiles, bundles and
// renders nothing, so the packages only that work needs (esbuild, React's
// server renderer) must not be loaded at all: loading them was ~0.1-0.2 s of
// every warm run's start-up (issue #28). The CLI runs with a preloaded script
// that lists, at exit, every CommonJS module the process loaded (both
// packages are CommonJS, however they are imported). A page edit, which
// renders, must show React's renderer in the same list: the probe sees it.
// Nor is esprima loaded, which js-yaml 3 required as it started (bin/cli-bundle.js).
import { execFile } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT, type CliResult } from '../support/cli.ts';
import { fixtureConfig, fixtureHome } from '../support/fixture-site.ts';
import { makeCheckout, run } from '../support/warm-checkout.ts';

const TMP = join(ROOT, 'test/.tmp/warm-start');
const SITE = join(TMP, 'site');
const OUT = join(TMP, 'out');
const PROBE = join(TMP, 'probe.cjs');
const MARK = 'LOADED-MODULES ';
const PAGE = (body: string): string => `---\ntitle: Installation\ndescription: How to install.\n---\n\n${body}\n`;

function writeSite(dir: string): void {
  const pkg = join(dir, 'node_modules/pkijs');
  mkdirSync(join(pkg, 'build'), { recursive: true });
  writeFileSync(join(pkg, 'package.json'), JSON.stringify({ name: 'pkijs', version: '3.3.2', types: 'build/index.d.ts' }));
  writeFileSync(join(pkg, 'README.md'), '# pkijs\n\nA stand-in.\n');
  writeFileSync(join(pkg, 'build/index.d.ts'), '/** A certificate. */\nexport declare class Certificate {\n  /** Its version. */\n  version: number;\n}\n');
  for (const sub of ['docs', 'pages', 'static']) mkdirSync(join(dir, 'content', sub), { recursive: true });
  writeFileSync(join(dir, 'content/site.config.ts'), fixtureConfig('Warm start', 'What a warm build loads'));
  writeFileSync(join(dir, 'content/pages/index.tsx'), fixtureHome('Warm start home'));
  writeFileSync(join(dir, 'content/docs/installation.md'), PAGE('Run `npm install pkijs`.'));
  writeFileSync(join(dir, 'content/static/logo.svg'), '<svg xmlns="http://www.w3.org/2000/svg" width="8" height="8"/>\n');
}

/** A build with the probe preloaded: its result, and the files of the packages it loaded (relative to their node_modules). */
function probedBuild(): Promise<CliResult & { loaded: string[] }> {
  return new Promise((done) => {
    execFile(process.execPath, ['--require', PROBE, join(SITE, 'bin/pkidocs.js'), 'build', '--out', OUT], { cwd: SITE, env: { ...process.env, NO_COLOR: '1' }, maxBuffer: 1 << 26 }, (err, stdout, stderr) => {
      const line = stderr.split('\n').find((l) => l.startsWith(MARK));
      const loaded = line ? (JSON.parse(line.slice(MARK.length)) as string[]).map((f) => f.split('/node_modules/').pop()!) : [];
      done({ code: err ? ((err as { code?: number }).code ?? 1) : 0, stdout, stderr, loaded });
    });
  });
}

const esbuildLoaded = (files: string[]): boolean => files.some((f) => f.startsWith('esbuild/lib/'));
const rendererLoaded = (files: string[]): boolean => files.some((f) => /^react-dom\/(server|cjs\/react-dom-server)/.test(f));

beforeAll(async () => {
  rmSync(TMP, { recursive: true, force: true });
  makeCheckout(SITE);
  writeSite(SITE);
  // The main thread's list (a worker thread would print its own).
  writeFileSync(PROBE, `if (require('node:worker_threads').isMainThread) process.on('exit', () => process.stderr.write(${JSON.stringify(MARK)} + JSON.stringify(Object.keys(require('node:module')._cache)) + '\\n'));\n`);
  // Two builds: the first warm build after a cold one still renders the page module's body once (for the publish stage).
  for (let i = 0; i < 2; i++) {
    const r = await run(SITE, ['build', '--out', OUT]);
    expect(r.code, r.stderr).toBe(0);
  }
}, 180_000);

afterAll(() => { if (!process.env.KEEP_WARM_START) rmSync(TMP, { recursive: true, force: true }); });

describe('a warm build loads only what its work needs', () => {
  it('with nothing changed, loads neither esbuild nor React\'s server renderer', async () => {
    const warm = await probedBuild();
    expect(warm.code, warm.stderr).toBe(0);
    expect(warm.stdout).toMatch(/\(0 rendered, \d+ reused\)/);
    expect(warm.loaded.length, 'the probe listed the loaded modules').toBeGreaterThan(0);
    expect(warm.loaded.filter((f) => f.startsWith('esbuild/lib/') || f.startsWith('react-dom/'))).toEqual([]);
  });

  it('parses front matter without loading esprima (js-yaml\'s parser for !!js/function, which the safe schema never uses)', async () => {
    const warm = await probedBuild();
    expect(warm.code, warm.stderr).toBe(0);
    expect(warm.loaded.some((f) => f.startsWith('gray-matter/') || f.startsWith('js-yaml/')), 'gray-matter is bundled, not loaded from node_modules').toBe(false);
    expect(warm.loaded.filter((f) => f.startsWith('esprima/'))).toEqual([]);
  });

  it('after a page edit, loads React\'s server renderer to render it (the probe sees it)', async () => {
    writeFileSync(join(SITE, 'content/docs/installation.md'), PAGE('Run `npm install pkijs` and import it.'));
    const warm = await probedBuild();
    expect(warm.code, warm.stderr).toBe(0);
    expect(warm.stdout).toMatch(/\(1 rendered, \d+ reused\)/);
    expect(rendererLoaded(warm.loaded)).toBe(true);
    expect(esbuildLoaded(warm.loaded)).toBe(false);
  });
});
