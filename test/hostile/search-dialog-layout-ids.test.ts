// reserved-ids.ts says every id the layout renders starts with `__pkidocs`,
// the one prefix content may not take. The search dialog (client/search/
// dialog.tsx) renders ids outside it: its listbox is `pkidocs-search-listbox`,
// its group labels `pkidocs-search-group-<group>`, its options
// `pkidocs-search-option-<key>`. The dialog is appended at the end of <body>,
// so a Markdown heading that slugs to one of them comes first in the document:
// the combobox's aria-controls and each group's aria-labelledby then name the
// heading, not the dialog's own element, and the build passes.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, openPage, type BrowserHandle } from '../e2e/support/browser.ts';
import { serveStatic } from '../e2e/support/server.ts';
import { ROOT_ID } from '../../src/shared/reserved-ids.ts';
import { freshCheckout, INSTALLATION } from './support/fresh-checkout.ts';

const { checkout: CHECKOUT, out: OUT, build } = freshCheckout();

describe('a Markdown heading named like an id of the search dialog', () => {
  let browser: BrowserHandle;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser.close());

  it('refused, or the dialog\'s aria-controls and aria-labelledby still name its own listbox and group label', async () => {
    writeFileSync(join(CHECKOUT, 'content/docs/installation.md'), `${INSTALLATION}\n## pkidocs-search-listbox\n\nText.\n\n## pkidocs-search-group-docs\n\nMore text.\n`);
    const { code } = await build();
    if (code !== 0) return;
    const server = await serveStatic(OUT);
    const tab = await openPage(browser);
    try {
      tab.page.setDefaultTimeout(10_000);
      await tab.page.goto(`${server.origin}/docs/installation`);
      // Hydrated: React holds the root and has taken over scroll restoration.
      await tab.page.waitForFunction((id) => {
        const root = document.getElementById(id);
        return Boolean(root && Object.keys(root).some((k) => k.startsWith('__reactContainer'))) && history.scrollRestoration === 'manual';
      }, ROOT_ID);
      await tab.page.keyboard.press('Control+k');
      await tab.page.waitForSelector('[role=dialog] [role=combobox]');
      await tab.page.fill('[role=combobox]', 'install');
      await tab.page.waitForSelector('[role=listbox] [role=group]');
      const named = await tab.page.evaluate(() => {
        const input = document.querySelector('[role=combobox]')!;
        const group = document.querySelector('[role=listbox] > [role=group]')!;
        const tag = (id: string | null): string => {
          const el = id ? document.getElementById(id) : null;
          return el ? `${el.tagName.toLowerCase()}${el.getAttribute('role') ? `[role=${el.getAttribute('role')}]` : ''}` : 'none';
        };
        return { controls: tag(input.getAttribute('aria-controls')), groupLabel: tag(group.getAttribute('aria-labelledby')) };
      });
      expect(named).toEqual({ controls: 'div[role=listbox]', groupLabel: 'div[role=presentation]' });
    } finally {
      await tab.context.close();
      await server.close();
    }
  }, 120_000);
});
