import * as cheerio from 'cheerio';
import { describe, expect, it } from 'vitest';
import { headTags } from '../../../src/render/head.ts';
import type { PageView } from '../../../src/shared/view.ts';

const page: PageView = { path: '/docs/x', kind: 'doc', title: 'X & Y', documentTitle: 'X & Y | pki.js', description: 'About "x".', toc: [] };
const load = (tags: string[]) => cheerio.load(`<head>${tags.join('')}</head>`);

describe('headTags', () => {
  it('gives a page its canonical URL, OpenGraph and Twitter tags and its Markdown twin, under the base', () => {
    const $ = load(headTags(page, 'pki.js', '/PKI.js/', { origin: 'https://x.github.io', image: 'img/social.png' }));
    expect($('link[rel=canonical]').attr('href')).toBe('https://x.github.io/PKI.js/docs/x');
    expect($('link[rel=alternate][type="text/markdown"]').attr('href')).toBe('/PKI.js/docs/x.md');
    expect($('meta[property="og:title"]').attr('content')).toBe('X & Y');
    expect($('meta[property="og:description"]').attr('content')).toBe('About "x".');
    expect($('meta[property="og:type"]').attr('content')).toBe('article');
    expect($('meta[property="og:image"]').attr('content')).toBe('https://x.github.io/PKI.js/img/social.png');
    expect($('meta[name="twitter:card"]').attr('content')).toBe('summary_large_image');
  });

  it('leaves out what needs an origin when the config has no url; an absolute image stays as given', () => {
    const $ = load(headTags(page, 'pki.js', '/', { image: 'https://cdn.example/card.png' }));
    expect($('link[rel=canonical]').length).toBe(0);
    expect($('meta[property="og:url"]').length).toBe(0);
    expect($('meta[property="og:image"]').attr('content')).toBe('https://cdn.example/card.png');
    expect(load(headTags(page, 'pki.js', '/', { image: 'img/social.png' }))('meta[property="og:image"]').length).toBe(0);
  });

  it('marks the not-found page noindex and gives it nothing else', () => {
    expect(headTags({ ...page, path: '/404', kind: 'not-found' }, 'pki.js', '/', { origin: 'https://pkijs.org' })).toEqual(['<meta name="robots" content="noindex">']);
  });
});
