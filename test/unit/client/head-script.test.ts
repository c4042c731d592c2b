// The inline head script, run against a minimal stand-in for the browser
// globals it touches: theme attributes, the announcement flag and the base
// URL banner with its suggestion.
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { headScript, type HeadScriptInput } from '../../../src/shared/theme-script.ts';

interface Run {
  attributes: Record<string, string>;
  classes: string[];
  banner?: string;
  storage: Map<string, string>;
}

function run(input: Partial<HeadScriptInput>, env: { pathname?: string; stored?: Record<string, string>; dark?: boolean; storageThrows?: boolean } = {}): Run {
  const attributes: Record<string, string> = {};
  const classes: string[] = [];
  const storage = new Map(Object.entries(env.stored ?? {}));
  const result: Run = { attributes, classes, storage };
  const localStorage = {
    getItem: (k: string) => storage.get(k) ?? null,
    removeItem: (k: string) => storage.delete(k),
  };
  const banner = { id: '', style: { cssText: '' }, textContent: '', setAttribute() {} };
  const globals = {
    document: {
      documentElement: { setAttribute: (k: string, v: string) => (attributes[k] = v), classList: { add: (c: string) => classes.push(c) } },
      createElement: () => banner,
      body: { prepend: () => (result.banner = banner.textContent) },
    },
    location: { pathname: env.pathname ?? '/' },
    addEventListener: (_event: string, listener: () => void) => listener(),
    matchMedia: () => ({ matches: env.dark ?? false }),
    get localStorage() {
      if (env.storageThrows) throw new Error('denied');
      return localStorage;
    },
  };
  const full: HeadScriptInput = { colorMode: { defaultMode: 'light', disableSwitch: true, respectPrefersColorScheme: false }, baseUrl: '/', path: '/', ...input };
  runInNewContext(headScript(full), globals);
  return result;
}

const SYSTEM = { defaultMode: 'light', disableSwitch: false, respectPrefersColorScheme: true } as const;

describe('head script', () => {
  it('marks that JavaScript runs', () => {
    expect(run({}).classes).toEqual(['js']);
  });

  it('fixes the default mode and deletes a stored choice when the switch is disabled', () => {
    const r = run({}, { stored: { theme: 'dark' }, dark: true });
    expect(r.attributes['data-theme']).toBe('light');
    expect(r.storage.has('theme')).toBe(false);
  });

  it('applies a stored choice, else the system preference when it is respected, else the default', () => {
    expect(run({ colorMode: SYSTEM }, { stored: { theme: 'dark' } }).attributes).toEqual({ 'data-theme': 'dark', 'data-theme-choice': 'dark' });
    expect(run({ colorMode: SYSTEM }, { dark: true }).attributes).toEqual({ 'data-theme': 'dark', 'data-theme-choice': 'system' });
    const noSystem = { ...SYSTEM, defaultMode: 'dark', respectPrefersColorScheme: false } as const;
    expect(run({ colorMode: noSystem }, { dark: false }).attributes).toEqual({ 'data-theme': 'dark', 'data-theme-choice': 'dark' });
  });

  it('treats unavailable storage as empty', () => {
    expect(run({ colorMode: SYSTEM, announcementId: 'a' }, { storageThrows: true }).attributes).toEqual({ 'data-theme': 'light', 'data-theme-choice': 'system' });
  });

  it('hides the announcement before paint only when this id was dismissed', () => {
    const dismissed = { 'docusaurus.announcement.id': 'v2', 'docusaurus.announcement.dismiss': 'true' };
    expect(run({ announcementId: 'v2' }, { stored: dismissed }).attributes).toHaveProperty('data-announcement-dismissed');
    expect(run({ announcementId: 'v3' }, { stored: dismissed }).attributes).not.toHaveProperty('data-announcement-dismissed');
  });

  it.each([
    ['/docs/installation', '/docs/installation', '/'],
    ['/mirror/docs/installation', '/docs/installation', '/mirror/'],
    ['/mirror/docs/installation/index.html', '/docs/installation', '/mirror/'],
    ['/mirror/', '/', '/mirror/'],
    ['/mirror/elsewhere', '/404', '/mirror/'],
  ])('on %s (route %s) suggests the base URL %s', (pathname, path, suggestion) => {
    const r = run({ baseUrl: '/pkijs/', path }, { pathname });
    expect(r.banner).toBe(`This site did not load properly. It is configured for the base URL /pkijs/ but was opened at ${pathname}. Try setting baseUrl to ${suggestion} in the site config.`);
  });

  it('shows no banner under the configured base URL, and has no check for the root base URL', () => {
    expect(run({ baseUrl: '/pkijs/', path: '/docs' }, { pathname: '/pkijs/docs' }).banner).toBeUndefined();
    expect(headScript({ colorMode: SYSTEM, baseUrl: '/', path: '/' })).not.toContain('DOMContentLoaded');
  });
});
