// A throw-away checkout under os.tmpdir() for the fresh-eyes attacks: the
// real bin/, src/, templates/ and client/, a small site in content/, and a
// node_modules that links every package of the real one except pkijs, a small
// fake of 3.3.2 made anew before each test. Builds run the real CLI there.
import { execFile } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { afterAll, beforeAll, beforeEach } from 'vitest';
import { ROOT, type CliResult } from '../../support/cli.ts';

const SITE_CONFIG = `export default {
  title: 'fixture', tagline: 'fixture',
  library: { package: 'pkijs', version: '3.3.2' },
  repositoryUrl: 'https://github.com/PeculiarVentures/PKI.js', contactEmail: 'docs@example.org',
  navbar: { logo: { alt: 'logo', src: 'logo.svg', width: 80 }, items: [{ type: 'docSidebar', sidebarId: 'docs', label: 'Docs' }] },
  footer: { columns: [{ title: 'Learn', items: [{ label: 'Installation', to: '/docs/installation' }] }] },
  docs: { versions: [{ name: 'current', label: 'Next' }], mainPage: 'installation' },
};
`;
const HOME = "import { createElement as h } from 'react';\nexport default function Home() { return h('h1', null, 'Fixture home'); }\n";
export const DTS = '/** A certificate. */\nexport declare class Certificate {\n  /** Its version. */\n  version: number;\n}\n/** A kind. */\nexport declare enum Kind {\n  A = 0\n}\n/** Its parameters. */\nexport interface CertificateParameters {\n  version?: number;\n}\n';
export const INSTALLATION = '---\ntitle: Installation\ndescription: How to install.\n---\n\nInstall it.\n';

export interface FreshCheckout {
  tmp: string;
  checkout: string;
  pkg: string;
  out: string;
  cache: string;
  /** Removes out/, then runs `pkidocs build --out out/` with these flags. */
  build(...flags: string[]): Promise<CliResult & { output: string }>;
  /** Like build, but killed (SIGKILL) after `limitMs`: 'killed' for a build still running then, and the time taken. */
  timedBuild(limitMs: number): Promise<{ code: number | 'killed'; ms: number; output: string }>;
  /** `pkidocs check --out out/` with these flags. */
  check(...flags: string[]): Promise<CliResult & { output: string }>;
  /** `pkidocs <args>` in the checkout, out/ left as it is (planted links and all). */
  pkidocs(...args: string[]): Promise<CliResult & { output: string }>;
  /** The files of out/ (relative paths) whose text holds `text` (none when there is no out/). */
  filesHolding(text: string): string[];
}

/** Registers the hooks that make and remove the checkout; call it at the top of a test file. */
export function freshCheckout(): FreshCheckout {
  const tmp = mkdtempSync(join(tmpdir(), 'pkidocs-fresh-eyes-'));
  const checkout = join(tmp, 'checkout');
  const pkg = join(checkout, 'node_modules/pkijs');
  const out = join(tmp, 'out');
  const run = (args: string[], timeout = 0): Promise<CliResult & { killed: boolean }> => new Promise((done) => {
    execFile(process.execPath, [join(checkout, 'bin/pkidocs.js'), ...args], { cwd: checkout, env: { ...process.env, NO_COLOR: '1' }, maxBuffer: 1 << 26, timeout, killSignal: 'SIGKILL' }, (err, stdout, stderr) => {
      const e = err as (Error & { code?: number; killed?: boolean }) | null;
      done({ code: e ? (e.code ?? 1) : 0, stdout, stderr, killed: Boolean(e?.killed) });
    });
  });
  const pkidocs = async (...args: string[]): Promise<CliResult & { output: string }> => {
    const r = await run(args);
    return { code: r.code, stdout: r.stdout, stderr: r.stderr, output: r.stderr + r.stdout };
  };

  beforeAll(() => {
    mkdirSync(join(checkout, 'node_modules'), { recursive: true });
    for (const part of ['bin', 'src', 'templates', 'client', 'package.json', 'tsconfig.json']) cpSync(join(ROOT, part), join(checkout, part), { recursive: true });
    for (const name of readdirSync(join(ROOT, 'node_modules'))) {
      if (name !== 'pkijs') symlinkSync(join(ROOT, 'node_modules', name), join(checkout, 'node_modules', name));
    }
    mkdirSync(join(checkout, 'content/docs'), { recursive: true });
    mkdirSync(join(checkout, 'content/pages'), { recursive: true });
    writeFileSync(join(checkout, 'content/site.config.ts'), SITE_CONFIG);
    writeFileSync(join(checkout, 'content/docs/installation.md'), INSTALLATION);
    writeFileSync(join(checkout, 'content/pages/index.tsx'), HOME);
  });
  afterAll(() => rmSync(tmp, { recursive: true, force: true }));
  beforeEach(() => {
    rmSync(pkg, { recursive: true, force: true });
    mkdirSync(join(pkg, 'build'), { recursive: true });
    writeFileSync(join(pkg, 'package.json'), JSON.stringify({ name: 'pkijs', version: '3.3.2', types: 'build/index.d.ts' }));
    writeFileSync(join(pkg, 'build/index.d.ts'), DTS);
    writeFileSync(join(pkg, 'README.md'), '# PKIjs\n\nThe fake README of this test.\n');
    rmSync(join(checkout, 'content/static'), { recursive: true, force: true });
  });

  return {
    tmp, checkout, pkg, out, cache: join(checkout, '.pkidocs-cache'),
    async build(...flags) {
      rmSync(out, { recursive: true, force: true });
      const r = await run(['build', '--out', out, ...flags]);
      return { code: r.code, stdout: r.stdout, stderr: r.stderr, output: r.stderr + r.stdout };
    },
    async timedBuild(limitMs) {
      rmSync(out, { recursive: true, force: true });
      const start = Date.now();
      const r = await run(['build', '--out', out], limitMs);
      return { code: r.killed ? 'killed' : r.code, ms: Date.now() - start, output: r.stderr + r.stdout };
    },
    check: (...flags) => pkidocs('check', '--out', out, ...flags),
    pkidocs,
    filesHolding(text) {
      try {
        return readdirSync(out, { recursive: true, withFileTypes: true }).filter((e) => e.isFile())
          .filter((e) => readFileSync(join(e.parentPath, e.name), 'utf8').includes(text))
          .map((e) => relative(out, join(e.parentPath, e.name))).sort();
      } catch {
        return [];
      }
    },
  };
}
