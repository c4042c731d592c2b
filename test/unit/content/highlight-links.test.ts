// API names in highlighted code are linked after the grammar ran (so that the
// grammar can run before TypeDoc is done). The result must be what linking
// each token as shiki renders it gives: here, a span transformer written
// from shiki's transformer API is the reference, over every TypeScript and
// JavaScript block of the site's own pages.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ElementContent } from 'hast';
import type { ShikiTransformer } from 'shiki';
import { beforeAll, describe, expect, it } from 'vitest';
import { createCodeCollector, createDocMarkdown } from '../../../src/content/doc-markdown.ts';
import { CODE_THEME, highlight, HighlighterNeeded, loadHighlighter, plainTokens, tokenize } from '../../../src/content/highlight.ts';
import { apiLinker } from '../../../src/content/plugins/shiki-api-links.ts';
import { renderDoc } from '../../../src/content/render-docs.ts';
import { ROOT } from '../../support/cli.ts';

type Highlighter = Awaited<ReturnType<typeof loadHighlighter>>;
let hl: Highlighter;
beforeAll(async () => {
  hl = await loadHighlighter();
});

const HREFS = new Map([
  ['Certificate', '/docs/api/classes/Certificate'],
  ['AlgorithmIdentifier', '/docs/api/classes/AlgorithmIdentifier'],
  ['getCrypto', '/docs/api/functions#getCrypto'],
  ['TimeType', '/docs/api/enums/TimeType'],
  ['UTCTime', '/docs/api/enums/TimeType#UTCTime'],
]);

/** The reference: each token's identifiers linked as shiki renders the token (its span hook). */
function referenceTransformer(): ShikiTransformer {
  return {
    span(node, _line, _col, _lineEl, token) {
      const text = token.content;
      if (/^\s*(\/\/|\/\*|\*|['"`])/.test(text)) return;
      const out: ElementContent[] = [];
      let last = 0;
      for (const m of text.matchAll(/[A-Za-z_$][\w$]*/g)) {
        const href = HREFS.get(m[0]);
        if (!href) continue;
        if (m.index > last) out.push({ type: 'text', value: text.slice(last, m.index) });
        out.push({ type: 'element', tagName: 'a', properties: { href, className: ['api-ref'] }, children: [{ type: 'text', value: m[0] }] });
        last = m.index + m[0].length;
      }
      if (!out.length) return;
      if (last < text.length) out.push({ type: 'text', value: text.slice(last) });
      node.children = out;
    },
  };
}

/** Every code block of content/docs, as the pipeline sees them (includes and tabs resolved). */
function siteBlocks(): [string, string][] {
  const blocks: [string, string][] = [];
  const markdown = createCodeCollector(hl, (code, lang) => blocks.push([code, lang]));
  const docsDir = join(ROOT, 'content/docs');
  for (const name of readdirSync(docsDir, { recursive: true }).map(String).filter((f) => f.endsWith('.md'))) {
    const file = join(docsDir, name);
    const body = readFileSync(file, 'utf8').replace(/^---\n[\s\S]*?\n---\n/, '');
    renderDoc({ file, body, lineOffset: 0, data: { title: name } }, { markdown, routeOfFile: () => undefined, contentDir: join(ROOT, 'content') });
  }
  return blocks;
}

describe('API links in highlighted code', () => {
  it('link identifiers of code tokens only, not of comments or strings', () => {
    const html = highlight(hl, "// Certificate here is prose\nconst c = new pkijs.Certificate();\nconst s = 'Certificate';\nc.notBefore.type = pkijs.TimeType.UTCTime;\n", 'ts', apiLinker(HREFS));
    expect([...html.matchAll(/<a href="([^"]+)" class="api-ref">(\w+)<\/a>/g)].map((m) => [m[2], m[1]])).toEqual([
      ['Certificate', '/docs/api/classes/Certificate'],
      ['TimeType', '/docs/api/enums/TimeType'],
      ['UTCTime', '/docs/api/enums/TimeType#UTCTime'],
    ]);
  });

  it("equal shiki's own rendering with a span transformer, byte for byte, for every TypeScript block of the site", () => {
    const blocks = siteBlocks().filter(([, lang]) => ['ts', 'tsx', 'js', 'jsx'].includes(lang));
    expect(blocks.length).toBeGreaterThan(20);
    let linked = 0;
    for (const [code, lang] of blocks) {
      const text = code.replace(/\n$/, '');
      const ours = highlight(hl, code, lang, apiLinker(HREFS));
      expect(ours).toBe(hl.codeToHtml(text, { lang, theme: CODE_THEME, transformers: [plainTokens(hl), referenceTransformer()], tokenizeTimeLimit: 0 }));
      if (ours.includes('class="api-ref"')) linked++;
    }
    expect(linked).toBeGreaterThan(5);
  });

  it('give the same HTML whether the grammar ran ahead (tokenize) or not, and leave the kept grammar output unlinked', () => {
    const code = 'const id = new AlgorithmIdentifier({ algorithmId: "1.2.840.113549.1.1.11" });\n';
    const plain = highlight(hl, code, 'ts');
    tokenize(hl, code, 'ts');
    const linked = highlight(hl, code, 'ts', apiLinker(HREFS));
    expect(linked).toContain('<a href="/docs/api/classes/AlgorithmIdentifier" class="api-ref">AlgorithmIdentifier</a>');
    // Linking worked on a copy: the unlinked rendering is unchanged afterwards.
    expect(highlight(hl, code, 'ts', { apply: () => {}, tag: 'other' })).toBe(plain);
  });

  it('render without the highlighter from what was highlighted before, and ask for it (HighlighterNeeded) on new code', () => {
    const before = createDocMarkdown(hl, HREFS)('```ts\nconst seen = new Certificate();\n```\n');
    const lazy = createDocMarkdown(undefined, HREFS);
    expect(lazy('```ts\nconst seen = new Certificate();\n```\n').html).toBe(before.html);
    expect(() => lazy('```ts\nconst unseen = 1;\n```\n')).toThrow(HighlighterNeeded);
  });
});

describe('plain tokens', () => {
  it('carry no colour of their own: the <pre> sets the theme foreground they inherit', async () => {
    const hl = await loadHighlighter();
    const html = highlight(hl, 'const a = b;\n', 'ts');
    const fg = hl.getTheme(CODE_THEME).fg.toLowerCase();
    expect(html).toMatch(new RegExp(`^<pre [^>]*style="[^"]*color:${fg}`, 'i'));
    expect(html.toLowerCase()).not.toContain(`<span style="color:${fg}"`);
    expect(html).toContain('<span style="color:#F97583">const</span><span style="color:#79B8FF"> a</span><span style="color:#F97583"> =</span><span> b;</span>');
  });
});
