// A record, kept in the page itself, of what happens around route changes:
// clicks, popstate, each progress-bar state, the spinner, the error box and
// each new content heading, with in-page timestamps. Timing assertions then
// measure the page, not the test runner's latency. The recorder is installed
// before the site's script runs, so its listeners see every event first.
import type { Page } from 'playwright-core';

export interface Moment {
  what: 'click' | 'popstate' | 'progress' | 'spinner' | 'error' | 'shown';
  t: number;
  path: string;
  h1: string | null;
  state?: string;
  value?: number;
}

export async function installTimeline(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const moments: Moment[] = ((window as unknown as { timeline: Moment[] }).timeline = []);
    const h1 = () => document.querySelector('#__pkidocs-content h1')?.textContent ?? null;
    const log = (what: Moment['what'], extra: Partial<Moment> = {}) => moments.push({ what, t: performance.now(), path: location.pathname, h1: h1(), ...extra });
    const last = (what: Moment['what']) => moments.filter((m) => m.what === what).at(-1);
    let heading = '';
    document.addEventListener('click', () => log('click'), true);
    addEventListener('popstate', () => log('popstate'), true);
    new MutationObserver(() => {
      const bar = document.querySelector<HTMLElement>('.progress');
      const state = bar?.dataset.state;
      const value = Number(bar?.dataset.value);
      if (bar && (last('progress')?.state !== state || last('progress')?.value !== value)) log('progress', { state, value });
      if (document.querySelector('.loading') && !last('spinner')) log('spinner');
      if (document.querySelector('.load-error') && !last('error')) log('error');
      const now = h1();
      if (now && heading && now !== heading) log('shown');
      if (now) heading = now;
    }).observe(document, { subtree: true, childList: true, characterData: true, attributes: true, attributeFilter: ['data-state'] });
  });
}

/** The moments recorded since the last call. */
export async function readTimeline(page: Page): Promise<Moment[]> {
  return page.evaluate(() => (window as unknown as { timeline: Moment[] }).timeline.splice(0));
}
