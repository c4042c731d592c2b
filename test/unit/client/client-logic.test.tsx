// The decisions of the client modules that do not need a browser: the
// colour-mode cycle, prefetch conditions, collapse timing, the crash screen.
import * as cheerio from 'cheerio';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { nextChoice } from '../../../client/colour-mode.ts';
import { CrashScreen, errorChain } from '../../../client/crash.tsx';
import { prefetchAllowed } from '../../../client/prefetch.ts';
import { collapseDuration } from '../../../templates/layout/Collapsible.tsx';

describe('colour-mode cycle', () => {
  it('goes light → dark → system → light when the system preference is respected', () => {
    expect(nextChoice('light', 'light', true)).toBe('dark');
    expect(nextChoice('dark', 'dark', true)).toBe('system');
    expect(nextChoice('system', 'dark', true)).toBe('light');
  });

  it('toggles the mode shown otherwise', () => {
    expect(nextChoice('light', 'light', false)).toBe('dark');
    expect(nextChoice('dark', 'dark', false)).toBe('light');
    expect(nextChoice('system', 'dark', false)).toBe('light');
  });
});

describe('prefetch conditions', () => {
  it('skips 2G connections and data-saver, and prefetches when the connection is unknown', () => {
    expect(prefetchAllowed(undefined)).toBe(true);
    expect(prefetchAllowed({ effectiveType: '4g', saveData: false })).toBe(true);
    expect(prefetchAllowed({ effectiveType: '3g' })).toBe(true);
    expect(prefetchAllowed({ effectiveType: '2g' })).toBe(false);
    expect(prefetchAllowed({ effectiveType: 'slow-2g' })).toBe(false);
    expect(prefetchAllowed({ effectiveType: '4g', saveData: true })).toBe(false);
  });
});

describe('collapse duration', () => {
  it('grows with the height, sub-linearly, within 120–500 ms', () => {
    const heights = [0, 40, 100, 400, 1000, 5000, 50_000];
    const durations = heights.map(collapseDuration);
    expect(durations[0]).toBe(120);
    expect(durations.at(-1)).toBe(500);
    for (let i = 1; i < durations.length; i++) expect(durations[i]).toBeGreaterThanOrEqual(durations[i - 1]!);
    expect(collapseDuration(1000) - collapseDuration(100)).toBeLessThan(collapseDuration(100));
  });
});

describe('crash screen', () => {
  it('lists the error and its chain of causes', () => {
    const error = new Error('Rendering /docs/x failed.', { cause: new TypeError('toc is null', { cause: 'bad chunk' }) });
    expect(errorChain(error)).toEqual(['Rendering /docs/x failed.', 'Cause: toc is null', 'bad chunk']);
    const $ = cheerio.load(renderToStaticMarkup(<CrashScreen error={error} onTryAgain={() => {}} />));
    expect($('h1').text()).toBe('This page crashed.');
    expect($('button').text()).toBe('Try again');
    expect($('.crash__error p').map((_, p) => $(p).text()).get()).toEqual(['Rendering /docs/x failed.', 'Cause: toc is null', 'bad chunk']);
  });

  it('stops at a cycle of causes', () => {
    const a = new Error('a');
    const b = new Error('b', { cause: a });
    a.cause = b;
    expect(errorChain(a)).toHaveLength(10);
  });
});
