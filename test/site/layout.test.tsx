// The server markup the client relies on: the colour toggle renders only when
// the switch is enabled and stays disabled until the client takes over; the
// route announcer is present and empty.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import * as cheerio from 'cheerio';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { PageView, SiteData } from '../../src/shared/view.ts';
import { Layout } from '../../templates/layout/Layout.tsx';
import { loadPage, siteOut } from '../support/site.ts';

function builtData(path: string): { data: SiteData; page: PageView } {
  const $ = loadPage(path);
  const el = $('#__pkidocs');
  const data = JSON.parse(readFileSync(join(siteOut(), el.attr('data-site')!), 'utf8')) as SiteData;
  return { data, page: JSON.parse(el.text()) as PageView };
}

function render(switchEnabled: boolean) {
  const { data, page } = builtData('/docs/installation');
  const site = { ...data.site, colorMode: { ...data.site.colorMode, disableSwitch: !switchEnabled } };
  return cheerio.load(renderToString(<Layout site={site} page={page} html="<h1>Installation</h1>" tree={data.sidebars.docs} />));
}

describe('layout markup for the client', () => {
  it('renders a disabled colour toggle with an icon per choice when the switch is enabled', () => {
    const $ = render(true);
    const toggle = $('.navbar button.colour-toggle');
    expect(toggle.attr('disabled')).toBeDefined();
    expect(toggle.attr('aria-label')).toBe('Switch between dark and light mode');
    expect(toggle.find('svg').map((_, s) => $(s).attr('class')).get()).toEqual(['colour-toggle__light', 'colour-toggle__dark', 'colour-toggle__system']);
  });

  it('renders no toggle when the switch is disabled', () => {
    expect(render(false)('.colour-toggle').length).toBe(0);
  });

  it('has an empty polite live region for route announcements', () => {
    const live = render(false)('[role=status][aria-live=polite]');
    expect(live.length).toBe(1);
    expect(live.text()).toBe('');
  });
});
