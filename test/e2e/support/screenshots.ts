// Takes screenshots of the built site for a human look (not a test):
//   npx tsx test/e2e/support/screenshots.ts [outDir]
// Writes PNGs to test/.tmp/screenshots.
import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { hydrated, launchBrowser, openPage } from './browser.ts';
import { serveStatic } from './server.ts';

const root = resolve(import.meta.dirname, '../../..');
const site = resolve(process.argv[2] ?? join(root, 'test/.tmp/site'));
const dir = join(root, 'test/.tmp/screenshots');
mkdirSync(dir, { recursive: true });

const shots: { name: string; path: string; width: number; height: number; menu?: boolean; full?: boolean }[] = [
  { name: 'home', path: '/', width: 1280, height: 900 },
  { name: 'docs', path: '/docs/installation', width: 1280, height: 900 },
  { name: 'example', path: '/docs/examples/certificates-and-revocation/create-and-validate-certificate', width: 1280, height: 900 },
  { name: 'api-class', path: '/docs/api/classes/Certificate', width: 1280, height: 900 },
  { name: 'not-found', path: '/nope', width: 1280, height: 700 },
  { name: 'mobile-docs', path: '/docs/installation', width: 390, height: 844 },
  { name: 'mobile-menu', path: '/docs/api/classes/Certificate', width: 390, height: 844, menu: true },
];

const server = await serveStatic(site);
const browser = await launchBrowser();
try {
  for (const shot of shots) {
    const { page, context } = await openPage(browser, { viewport: { width: shot.width, height: shot.height } });
    await page.goto(server.origin + shot.path);
    await hydrated(page);
    if (shot.menu) {
      await page.click('.navbar__toggle');
      await page.waitForTimeout(400);
    }
    await page.screenshot({ path: join(dir, `${shot.name}.png`), fullPage: shot.full ?? false });
    await context.close();
  }
} finally {
  await browser.close();
  await server.close();
}
console.log(`Screenshots in ${dir}`);
