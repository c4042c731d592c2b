import { describe, expect, it } from 'vitest';
import { absoluteUrl, routePath, stripBase, underBase, withBase } from '../../../src/shared/base-url.ts';

describe('base URL helpers', () => {
  it('adds the base to absolute paths only', () => {
    expect(withBase('/PKI.js/', '/docs/x#a')).toBe('/PKI.js/docs/x#a');
    expect(withBase('/PKI.js/', '/')).toBe('/PKI.js/');
    expect(withBase('/', '/docs/x')).toBe('/docs/x');
    for (const other of ['#a', 'https://e.org/x', '//cdn.org/x', 'mailto:a@b', 'docs/x', '../x']) expect(withBase('/PKI.js/', other)).toBe(other);
  });

  it('strips the base, and tells a path outside it', () => {
    expect(stripBase('/PKI.js/', '/PKI.js/docs/x')).toBe('/docs/x');
    expect(stripBase('/PKI.js/', '/PKI.js/')).toBe('/');
    expect(stripBase('/PKI.js/', '/PKI.js')).toBe('/');
    expect(stripBase('/PKI.js/', '/docs/x')).toBeUndefined();
    expect(stripBase('/PKI.js/', '/PKI.jsx/docs')).toBeUndefined();
    expect(underBase('/PKI.js/', '/PKI.jsx/')).toBe(false);
    expect(underBase('/PKI.js/', '/PKI.js/a')).toBe(true);
    expect(routePath('/PKI.js/', '/elsewhere')).toBe('/elsewhere');
  });

  it('builds absolute URLs from the origin and the base', () => {
    expect(absoluteUrl('https://x.github.io', '/PKI.js/', '/docs/x')).toBe('https://x.github.io/PKI.js/docs/x');
    expect(absoluteUrl('https://pkijs.org/', '/', '/')).toBe('https://pkijs.org/');
  });
});
