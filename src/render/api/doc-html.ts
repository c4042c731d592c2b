// Doc comments → HTML. Most comments use a small Markdown subset that
// simple-markdown.ts renders in microseconds; the rest go through the shared
// Markdown pipeline. Either way each distinct source is rendered once per
// build (inherited members repeat their parent's comments on every page).
import type { ApiDoc, ApiDocTag, DocLink, DocPart } from '../../api/model.ts';
import { resolveLang } from '../../content/highlight.ts';
import type { RenderMarkdown } from '../../content/markdown.ts';
import { escapeText } from '../../shared/escape.ts';
import type { MarkupProblem } from '../../shared/safe-html.ts';
import { renderSimpleMarkdown } from './simple-markdown.ts';

export interface DocRenderer {
  /** Comment text → HTML (block-level: paragraphs, lists, code). */
  parts(parts: readonly DocPart[]): string;
  /**
   * Summary and block tags (minus `skip`) → HTML; '' when there is nothing to show.
   * Block tags are labelled by an h4 under a member's h3; `tagElement: 'p'` labels them with a
   * paragraph instead where an h4 would skip a heading level (the item's own comment under the h1,
   * its examples under an h2): outline headings there would leave the TOC.
   */
  doc(doc: ApiDoc | undefined, skip?: readonly string[], tagElement?: TagElement): string;
  /** The HTML the allow-list removed from comments rendered since the last call (each comment is rendered once per build). */
  takeRefused(): MarkupProblem[];
}

export type TagElement = 'h4' | 'p';

const TAG_LABELS: Record<string, string> = {
  '@example': 'Example',
  '@remarks': 'Remarks',
  '@see': 'See',
  '@since': 'Since',
  '@throws': 'Throws',
  '@returns': 'Returns',
  '@defaultValue': 'Default value',
  '@default': 'Default value',
  '@asn': 'ASN.1',
};

/** Tags never shown: notes for the library's maintainers. */
const HIDDEN_TAGS = new Set(['@privateRemarks']);

/** `@foo` → "Foo", `@someTag` → "Some tag": how tags TypeDoc does not know are labelled. */
export function tagLabel(tag: string): string {
  const known = TAG_LABELS[tag];
  if (known) return known;
  const words = tag.replace(/^@/, '').replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

export function createDocRenderer(renderMarkdown: RenderMarkdown, linkHref: (link: DocLink) => string | undefined): DocRenderer {
  const cache = new Map<string, string>();
  let refused: MarkupProblem[] = [];

  const markdown = (source: string): string => {
    let html = cache.get(source);
    if (html === undefined) {
      html = renderSimpleMarkdown(source, plainCodeBlock);
      if (html === undefined) {
        const result = renderMarkdown(source);
        refused.push(...result.refused);
        html = demoteHeadings(result.html);
      }
      cache.set(source, html);
    }
    return html;
  };

  const parts = (list: readonly DocPart[]): string => markdown(markdownSource(list, linkHref));

  const doc = (d: ApiDoc | undefined, skip: readonly string[] = [], tagElement: TagElement = 'h4'): string => {
    if (!d) return '';
    let html = '';
    const deprecated = d.tags.find((t) => t.tag === '@deprecated');
    if (deprecated) html += `<div class="dep"><strong>Deprecated</strong>${parts(deprecated.content)}</div>`;
    html += parts(d.summary);
    for (const tag of d.tags) {
      if (tag.tag === '@deprecated' || HIDDEN_TAGS.has(tag.tag) || skip.includes(tag.tag)) continue;
      html += tagBlock(tag, parts, tagElement);
    }
    return html;
  };

  const takeRefused = (): MarkupProblem[] => {
    const taken = refused;
    refused = [];
    return taken;
  };

  return { parts, doc, takeRefused };
}

function tagBlock(tag: ApiDocTag, parts: (list: readonly DocPart[]) => string, element: TagElement): string {
  // An @example's first line is its title; other named tags show the name beside the label.
  const title = tag.name ? (tag.tag === '@example' ? `: ${escapeText(tag.name)}` : ` <code>${escapeText(tag.name)}</code>`) : '';
  return `<${element} class="tg">${escapeText(tagLabel(tag.tag))}${title}</${element}>${parts(tag.content)}`;
}

/**
 * Code in a language the highlighter does not know (pkijs's `asn` schemas)
 * needs no highlighting: a plain block, in the pipeline's `code-block` wrapper.
 */
export function plainCodeBlock(lang: string, code: string): string | undefined {
  if (resolveLang(lang) !== 'text') return undefined;
  // tabindex: a block wider than the screen scrolls, and keyboard users must reach it to scroll it (as the highlighter's blocks).
  return `<div class="code-block" data-lang="text"><pre class="plain" tabindex="0"><code>${escapeText(code)}</code></pre></div>`;
}

/** Doc parts → one Markdown string, links resolved to `[text](<href>)`. */
export function markdownSource(list: readonly DocPart[], linkHref: (link: DocLink) => string | undefined): string {
  return list.map((p) => (typeof p === 'string' ? p : markdownLink(p, linkHref(p)))).join('').trim();
}

function markdownLink(link: DocLink, href: string | undefined): string {
  const text = link.code ? `\`${link.text.replace(/`/g, '')}\`` : link.text.replace(/[[\]\\]/g, '\\$&');
  return href ? `[${text}](<${href}>)` : text;
}

/** Headings inside a comment must not compete with the page's h2/h3 (or take ids the TOC owns). */
function demoteHeadings(html: string): string {
  return html.replace(/<(\/?)h([1-6])(?: id="[^"]*")?>/g, (_, close: string, level: string) => {
    const demoted = Math.min(6, Number(level) + 3);
    return `<${close}h${demoted}>`;
  });
}
