// Headless Chromium for browser tests (Debian's build, driven by
// playwright-core), and pages that record their console and errors.
import { chromium, type Browser, type BrowserContext, type BrowserContextOptions, type ConsoleMessage, type Page } from 'playwright-core';

export interface BrowserHandle {
  browser: Browser;
  close(): Promise<void>;
}

/**
 * Playwright refuses a --user-data-dir argument: it gives every launch a fresh
 * temporary profile of its own and deletes it on close, which is what we want.
 */
export async function launchBrowser(): Promise<BrowserHandle> {
  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    headless: true,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking',
      '--disable-component-update', '--disable-sync'],
  });
  return { browser, close: () => browser.close() };
}

export interface TestPage {
  page: Page;
  context: BrowserContext;
  /** Console messages as "type: text", and uncaught page errors as "pageerror: message". */
  logs: string[];
  errors(): string[];
  warnings(): string[];
}

/** A page in a fresh context (its own storage), recording its console. */
export async function openPage(handle: BrowserHandle, options: BrowserContextOptions = {}): Promise<TestPage> {
  const context = await handle.browser.newContext({ viewport: { width: 1280, height: 800 }, ...options });
  const page = await context.newPage();
  const logs: string[] = [];
  page.on('console', (m: ConsoleMessage) => logs.push(`${m.type()}: ${m.text()}`));
  page.on('pageerror', (e) => logs.push(`pageerror: ${e.message}`));
  return {
    page,
    context,
    logs,
    errors: () => logs.filter((l) => l.startsWith('error') || l.startsWith('pageerror')),
    warnings: () => logs.filter((l) => l.startsWith('warning')),
  };
}

/**
 * Resolves once React has hydrated the page and run its effects: the root
 * carries React's container key and the app has taken over scroll restoration.
 */
export async function hydrated(page: Page): Promise<void> {
  await page.waitForFunction(() => {
    const root = document.getElementById('__pkidocs-root');
    return Boolean(root && Object.keys(root).some((k) => k.startsWith('__reactContainer'))) && history.scrollRestoration === 'manual';
  });
}
