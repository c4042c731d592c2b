// A record, kept in the page itself, of what happens around a route change:
// clicks, popstate, each progress-bar state, the spinner, the error box and
// each new content heading, with in-page timestamps. Timing assertions then
// measure the page, not the test runner's latency.
import type { Page } from 'playwright-core';

export interface Moment {
  what: 'click' | 'popstate' | 'progress' | 'spinner' | 'error' | 'shown';
  t: number;
  path: string;
  h1: string | null;
  state?: string;
  value?: number;
}

export async function startTimeline(page: Page): Promise<() => Promise<Moment[]>> {
  await page.evaluate(() => {
    const moments: Moment[] = ((window as unknown as { timeline: Moment[] }).timeline = []);
    const h1 = () => document.querySelector('#content h1')?.textContent ?? null;
    const log = (what: Moment['what'], extra: Partial<Moment> = {}) => moments.push({ what, t: performance.now(), path: location.pathname, h1: h1(), ...extra });
    const last = (what: Moment['what']) => moments.filter((m) => m.what === what).at(-1);
    document.addEventListener('click', () => log('click'), true);
    addEventListener('popstate', () => log('popstate'), true);
    new MutationObserver(() => {
      const bar = document.querySelector<HTMLElement>('.progress');
      const state = bar?.dataset.state;
      const value = Number(bar?.dataset.value);
      if (bar && (last('progress')?.state !== state || last('progress')?.value !== value)) log('progress', { state, value });
      if (document.querySelector('.loading') && !last('spinner')) log('spinner');
      if (document.querySelector('.load-error') && !last('error')) log('error');
      const heading = h1();
      if (heading && heading !== (last('shown')?.h1 ?? moments[0]?.h1)) log('shown');
    }).observe(document.body, { subtree: true, childList: true, characterData: true, attributes: true, attributeFilter: ['data-state'] });
  });
  return () => page.evaluate(() => (window as unknown as { timeline: Moment[] }).timeline);
}
