// A quoted member name of the d.ts can hold anything: the Markdown twin shows
// it as text (src/publish/api-markdown.ts markdownText), and no run of
// backticks in it closes the declaration's fence.
import * as cheerio from 'cheerio';
import rehypeRaw from 'rehype-raw';
import rehypeStringify from 'rehype-stringify';
import remarkGfm from 'remark-gfm';
import remarkParse from 'remark-parse';
import remarkRehype from 'remark-rehype';
import { unified } from 'unified';
import { describe, expect, it } from 'vitest';
import type { ApiClass, ApiModel } from '../../../src/api/model.ts';
import { apiItemMarkdown, apiMarkdownContext, markdownText } from '../../../src/publish/api-markdown.ts';

// As a repository preview reads it: GitHub Markdown, with its raw HTML.
const toHtml = (md: string): string => String(unified().use(remarkParse).use(remarkGfm).use(remarkRehype, { allowDangerousHtml: true }).use(rehypeRaw).use(rehypeStringify).processSync(md));
const classWith = (member: string): { item: ApiClass; model: ApiModel } => {
  const item: ApiClass = {
    kind: 'class', name: 'Box', summary: '', extends: [], implements: [], extendedBy: [],
    members: [{ kind: 'property', name: member, flags: [], type: { type: 'intrinsic', name: 'number' } }],
  } as unknown as ApiClass;
  return { item, model: { packageName: 'pkijs', version: '3.3.2', items: [item] } };
};
const twin = (member: string): string => {
  const { item, model } = classWith(member);
  return apiItemMarkdown(item, apiMarkdownContext(model, (p) => `https://example.org${p}`));
};

describe('markdownText', () => {
  it('leaves a plain identifier as it is', () => {
    expect(markdownText('subjectPublicKeyInfo')).toBe('subjectPublicKeyInfo');
    expect(markdownText('$value')).toBe('$value');
    expect(markdownText('Geometry.area')).toBe('Geometry.area');
  });

  it('shows markup as text once rendered', () => {
    for (const name of ['<img src=x onerror=alert(1)>', '**bold** [a](javascript:x)', '__proto__', 'a&lt;b', 'line\n# heading', 'a #', '~~struck~~ `code` ![x](y)']) {
      const html = toHtml(`### ${markdownText(name)}`);
      expect(html).not.toMatch(/<(img|strong|a|em|del|code)\b/);
      expect(cheerio.load(html)('h3').text()).toBe(name.replace(/\s+/g, ' '));
    }
  });
});

describe("a twin's member heading and declaration", () => {
  it('keeps a name holding backticks inside its fence', () => {
    const md = twin('```\n<img src=x onerror=alert(1)>\n```');
    const html = toHtml(md);
    expect(html).not.toMatch(/<img\b/);
    expect(md).toContain('````ts\n');
  });
});
