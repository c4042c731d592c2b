// Script in the published site, through the documented package's own text:
// its README and the doc comments of its type definitions. They are not the
// site's to fix, so HTML off the allow-list is removed with a warning and
// the build goes on; the pages it publishes run nothing in Chromium. The
// package is a stand-in for pkijs 3.3.2 in a copy of the checkout (its
// README and one small .d.ts), so the real node_modules is never touched.
import { cpSync, mkdirSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { execFile } from 'node:child_process';
import * as cheerio from 'cheerio';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ExitCode } from '../../src/cli/exit-codes.ts';
import { launchBrowser, openPage, type BrowserHandle } from '../e2e/support/browser.ts';
import { serveStatic, type StaticServer } from '../e2e/support/server.ts';
import { ROOT } from '../support/cli.ts';
import { FIXTURE_CONFIG } from '../support/fixture-site.ts';

const TMP = join(ROOT, 'test/.tmp/hostile-package-markup');
const CHECKOUT = join(TMP, 'checkout');
const OUT = join(TMP, 'out');

// The images name a file of the site that is no image (404.html), so they fail to load, as
// onerror needs, and yet pass the build's check of the files a page loads.
const README = `# pkijs

Intro <img src=/404.html onerror="window.__pwned='readme-img'"> text.

<svg><style><img src=/404.html onerror="window.__pwned='readme-svg'"></style></svg>

[The spec](javascript:window.__pwned%3D'readme-link')
`;
const DTS = `/**
 * An X.509 certificate. <img src=/404.html onerror="window.__pwned='comment-img'">
 *
 * See [the spec](javascript:window.__pwned%3D'comment-link').
 */
export declare class Certificate {
  /** The version. */
  version: number;
}
/** Parameters of a certificate (the layout links to the interfaces and enumerations). */
export interface CertificateParameters {
  version?: number;
}
/** A kind. */
export declare enum Kind {
  A = 0,
}
`;
const CONFIG = FIXTURE_CONFIG;

let result: { code: number; output: string };

beforeAll(async () => {
  rmSync(TMP, { recursive: true, force: true });
  mkdirSync(CHECKOUT, { recursive: true });
  for (const part of ['bin', 'src', 'templates', 'client', 'package.json', 'tsconfig.json']) cpSync(join(ROOT, part), join(CHECKOUT, part), { recursive: true });
  // node_modules: every package linked, but pkijs a folder of our own.
  mkdirSync(join(CHECKOUT, 'node_modules'));
  for (const name of readdirSync(join(ROOT, 'node_modules'))) {
    if (name !== 'pkijs') symlinkSync(join(ROOT, 'node_modules', name), join(CHECKOUT, 'node_modules', name));
  }
  const pkg = join(CHECKOUT, 'node_modules/pkijs');
  mkdirSync(join(pkg, 'build'), { recursive: true });
  cpSync(join(ROOT, 'node_modules/pkijs/package.json'), join(pkg, 'package.json'));
  writeFileSync(join(pkg, 'README.md'), README);
  writeFileSync(join(pkg, 'build/index.d.ts'), DTS);
  mkdirSync(join(CHECKOUT, 'content/docs'), { recursive: true });
  mkdirSync(join(CHECKOUT, 'content/pages'));
  writeFileSync(join(CHECKOUT, 'content/site.config.ts'), CONFIG);
  writeFileSync(join(CHECKOUT, 'content/docs/installation.md'), '---\ntitle: Installation\ndescription: How to install.\n---\n\nInstall it.\n');
  writeFileSync(join(CHECKOUT, 'content/pages/index.tsx'), "import { createElement as h } from 'react';\nexport default function Home() { return h('h1', null, 'Fixture home'); }\n");
  result = await new Promise((done) => {
    execFile(process.execPath, [join(CHECKOUT, 'bin/pkidocs.js'), 'build', '--no-cache', '--out', OUT], { cwd: CHECKOUT, env: { ...process.env, NO_COLOR: '1' }, maxBuffer: 1 << 26 }, (err, stdout, stderr) => {
      done({ code: err ? ((err as { code?: number }).code ?? 1) : 0, output: stderr + stdout });
    });
  });
}, 300_000);
afterAll(() => rmSync(TMP, { recursive: true, force: true }));

describe("the package's README and doc comments", () => {
  it('build with a warning naming each removal (README file:line, the comment\'s item)', () => {
    const readme = 'node_modules/pkijs/README.md';
    expect(result.output).toMatch(new RegExp(`${readme}:3:\\d+ warning The package's text contains an inline event handler \\(onerror=\\) on <img>\\. It was removed`));
    expect(result.output).toMatch(new RegExp(`${readme}:5:1 warning The package's text contains a <svg> element`));
    expect(result.output).toMatch(new RegExp(`${readme}:7:1 warning The package's text contains a javascript: URL in the href attribute of <a>`));
    expect(result.output).toContain('warning A doc comment of pkijs 3.3.2 shown on the page of Certificate contains an inline event handler (onerror=) on <img>. It was removed');
    expect(result.output).toContain('warning A doc comment of pkijs 3.3.2 shown on the page of Certificate contains a javascript: URL in the href attribute of <a>.');
    expect(result.output).toMatch(/Built \d+ pages/);
    expect(result.code).toBe(ExitCode.Ok);
  });

  describe('in Chromium', () => {
    let server: StaticServer;
    let browser: BrowserHandle;
    beforeAll(async () => {
      server = await serveStatic(OUT);
      browser = await launchBrowser();
    });
    afterAll(async () => {
      await browser?.close();
      await server?.close();
    });

    it.each(['/docs/api/pkijs', '/docs/api/classes/Certificate'])('%s keeps its text and runs nothing, links clicked', async (path) => {
      const $ = cheerio.load(readFileSync(join(OUT, path, 'index.html'), 'utf8'));
      expect($('#__pkidocs-content [onerror], #__pkidocs-content svg, #__pkidocs-content a[href^="javascript"]').length).toBe(0);
      expect($('#__pkidocs-content').text()).toMatch(path.endsWith('pkijs') ? /Intro\s+text\./ : /An X\.509 certificate\./);
      const t = await openPage(browser);
      await t.page.goto(server.origin + path);
      await t.page.waitForLoadState('load');
      for (const a of await t.page.locator('#__pkidocs-content a:not([href])').all()) await a.click({ timeout: 2000 }).catch(() => undefined);
      await t.page.waitForTimeout(300);
      expect(await t.page.evaluate(() => (window as { __pwned?: unknown }).__pwned)).toBeUndefined();
      await t.context.close();
    });
  });
});
