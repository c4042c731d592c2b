// The Markdown subset renderer used for doc comments: what it accepts, what it
// hands to the full pipeline, and that it agrees with the full pipeline on
// every pkijs comment it accepts.
import * as cheerio from 'cheerio';
import type { AnyNode } from 'domhandler';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ApiDoc, ApiModel, ApiType, DocPart } from '../../../../src/api/model.ts';
import { loadHighlighter } from '../../../../src/content/highlight.ts';
import { createMarkdown, type RenderMarkdown } from '../../../../src/content/markdown.ts';
import { markdownSource, plainCodeBlock } from '../../../../src/render/api/doc-html.ts';
import { renderSimpleMarkdown } from '../../../../src/render/api/simple-markdown.ts';
import { loadPkijs } from '../../api/support.ts';

const simple = (md: string) => renderSimpleMarkdown(md, plainCodeBlock);

describe('renderSimpleMarkdown', () => {
  it('renders paragraphs, code spans, links, bold and emphasis', () => {
    expect(simple('One line\nand its continuation.\n\nSecond paragraph.')).toBe(
      '<p>One line\nand its continuation.</p>\n<p>Second paragraph.</p>',
    );
    expect(simple('Set `a < b` and **`bold()`** or _this_ or *that*.')).toBe(
      '<p>Set <code>a &lt; b</code> and <strong><code>bold()</code></strong> or <em>this</em> or <em>that</em>.</p>',
    );
    expect(simple('See [RFC 5280](https://datatracker.ietf.org/doc/html/rfc5280) or [X](</docs/api/classes/X>).')).toBe(
      '<p>See <a href="https://datatracker.ietf.org/doc/html/rfc5280">RFC 5280</a> or <a href="/docs/api/classes/X">X</a>.</p>',
    );
  });

  it('keeps intraword underscores and escapes HTML-special text', () => {
    expect(simple('Uses id_sha1 & friends "quoted"')).toBe('<p>Uses id_sha1 &amp; friends "quoted"</p>');
  });

  it('renders fenced code in a language without highlighting as a plain block', () => {
    expect(simple('ASN.1 schema\n```asn\nA ::= SEQUENCE { b <B> }\n```')).toBe(
      '<p>ASN.1 schema</p>\n<div class="code-block" data-lang="text"><pre class="plain" tabindex="0"><code>A ::= SEQUENCE { b &lt;B&gt; }</code></pre></div>',
    );
  });

  it.each([
    ['a list', '- one\n- two'],
    ['a numbered list', 'Steps:\n1. one'],
    ['a heading', '## Title'],
    ['a table', '| a | b |\n|---|---|\n| 1 | 2 |'],
    ['a block quote', '> quoted'],
    ['HTML', 'a <b>bold</b> word'],
    ['an autolink', 'see https://example.com'],
    ['a backslash escape', 'a \\* star'],
    ['an entity', 'a &amp; b'],
    ['a stray star', '2 * 3'],
    ['a hard line break', 'line  \nbreak'],
    ['highlighted code', '```ts\nconst a = 1;\n```'],
    ['an unclosed fence', '```asn\nA ::= B'],
    ['a link with a title', '[a](b "t")'],
    ['an image', '![alt](x.png)'],
    ['indented code', '    code'],
  ])('hands %s to the full pipeline', (_, md) => {
    expect(simple(md)).toBeUndefined();
  });
});

describe('agreement with the full pipeline on pkijs', () => {
  let model: ApiModel;
  let full: RenderMarkdown;
  beforeAll(async () => {
    ({ model } = await loadPkijs());
    full = createMarkdown({ highlighter: await loadHighlighter() });
  });

  /** Structure and text, ignoring how each renderer spells entities and marks up code blocks. */
  function canonical(html: string): string {
    const $ = cheerio.load(html, null, false);
    const walk = (nodes: AnyNode[]): string =>
      nodes
        .map((node) => {
          if (node.type === 'text') return node.data.replace(/\s+/g, ' ');
          if (node.type !== 'tag') return '';
          const el = $(node);
          if (el.hasClass('code-block')) return `[code ${el.attr('data-lang')}: ${el.find('pre').text().trimEnd()}]`;
          const href = el.attr('href') ? ` href=${el.attr('href')}` : '';
          return `<${node.name}${href}>${walk(node.children)}</${node.name}>`;
        })
        .join('');
    return walk($.root().contents().get()).replace(/\s*(<\/?p>)\s*/g, '$1').trim();
  }

  it('renders every comment it accepts exactly as the pipeline does, and accepts most of them', () => {
    const sources = new Set(collectDocs(model).map((parts) => markdownSource(parts, (l) => l.url ?? (l.target ? `/x/${l.target.name}` : undefined))));
    let accepted = 0;
    for (const source of sources) {
      const mine = simple(source);
      if (mine === undefined) continue;
      accepted++;
      expect(canonical(mine), source).toBe(canonical(full(source).html));
    }
    expect(sources.size).toBeGreaterThan(500);
    expect(accepted / sources.size).toBeGreaterThan(0.9);
  });
});

/** Every piece of doc text in the model: summaries, block tags, parameter and type parameter docs. */
function collectDocs(model: ApiModel): DocPart[][] {
  const out: DocPart[][] = [];
  const doc = (d: ApiDoc | undefined) => {
    if (!d) return;
    out.push(d.summary, ...d.tags.map((t) => t.content));
  };
  const visit = (value: unknown): void => {
    if (Array.isArray(value)) return value.forEach(visit);
    if (!value || typeof value !== 'object') return;
    const record = value as Record<string, unknown>;
    if (Array.isArray(record.summary) && Array.isArray(record.tags)) doc(record as unknown as ApiDoc);
    for (const [key, child] of Object.entries(record)) if (key !== 'summary' && key !== 'tags') visit(child as ApiType);
  };
  visit(model.items);
  return out;
}
