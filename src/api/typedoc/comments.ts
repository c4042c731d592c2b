// TypeDoc comments → ApiDoc: Markdown text kept as written, `{@link}` targets
// kept as data for the renderer, and the one-line plain summary of an item.
import { type Comment, type CommentDisplayPart, type CommentTag, Reflection } from 'typedoc';
import type { ApiDoc, ApiDocTag, DocPart } from '../model.ts';
import type { ConvertContext } from './context.ts';
import { linkText } from '../../shared/linear-text.ts';

/**
 * Tags TypeDoc has already moved elsewhere (parameters, type parameters) or
 * resolved, and those that sort a page (`@category`, `@group`): none is prose.
 */
const CONSUMED_TAGS = new Set(['@param', '@typeParam', '@template', '@inheritDoc', '@category', '@categoryDescription', '@group', '@groupDescription']);
const LINK_TAGS = new Set(['@link', '@linkcode', '@linkplain']);

export function convertDoc(reflection: Reflection | undefined, cx: ConvertContext): ApiDoc | undefined {
  const comment = reflection?.comment;
  if (!reflection || !comment) return undefined;
  const tags = comment.blockTags.filter((t) => !CONSUMED_TAGS.has(t.tag)).map((t) => convertTag(t, cx));
  for (const kept of cx.keptTags.get(reflection) ?? []) {
    if (!tags.some((t) => t.tag === kept.tag)) tags.push(convertTag(kept, cx));
  }
  const doc: ApiDoc = { summary: convertParts(comment.summary, cx), tags };
  const modifiers = [...comment.modifierTags];
  if (modifiers.length) doc.modifiers = modifiers.sort();
  return isEmpty(doc) ? undefined : doc;
}

function convertTag(tag: CommentTag, cx: ConvertContext): ApiDocTag {
  const out: ApiDocTag = { tag: tag.tag, content: convertParts(tag.content, cx) };
  // `@throws {RangeError} …` keeps its type as the tag's name.
  const name = tag.name ?? tag.typeAnnotation?.replace(/^\{|\}$/g, '').trim();
  if (name) out.name = name;
  return out;
}

export function convertParts(parts: readonly CommentDisplayPart[], cx: ConvertContext): DocPart[] {
  const out: DocPart[] = [];
  const pushText = (text: string) => {
    const last = out.length - 1;
    if (typeof out[last] === 'string') out[last] += text;
    else out.push(text);
  };
  for (const part of parts) {
    if (part.kind === 'inline-tag' && LINK_TAGS.has(part.tag)) {
      const text = part.text.trim() || String(part.target ?? '');
      const target = part.target instanceof Reflection ? cx.targetOf(part.target) : undefined;
      const url = typeof part.target === 'string' ? part.target : undefined;
      if (!target && !url) {
        pushText(part.tag === '@linkcode' ? `\`${text}\`` : text);
        continue;
      }
      out.push({ text, ...(target ? { target } : { url }), ...(part.tag === '@linkcode' ? { code: true } : {}) });
    } else {
      pushText(part.text);
    }
  }
  return out;
}

function isEmpty(doc: ApiDoc): boolean {
  return doc.tags.length === 0 && !doc.modifiers && doc.summary.every((p) => typeof p === 'string' && !p.trim());
}

/**
 * The first paragraph of a summary as one line of plain text: link text kept,
 * Markdown link and code syntax removed, whitespace collapsed.
 */
export function plainSummary(comment: Comment | undefined): string {
  if (!comment) return '';
  const text = comment.summary.map((p) => p.text).join('');
  const firstParagraph = text.trim().split(/\n\s*\n/, 1)[0] ?? '';
  return linkText(firstParagraph)
    .replace(/(?<!`)`+([^`]*)`+/g, '$1') // a match never starts inside a run of backticks: the lookbehind changes nothing but the cost
    .replace(/\s+/g, ' ')
    .trim();
}
