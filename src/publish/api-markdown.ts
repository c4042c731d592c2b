// The Markdown twin of an API page (`/docs/api/classes/Certificate.md`):
// the item's kind, summary and doc comment, what it extends, and every member
// with its TypeScript declaration, so an assistant reads the reference as
// plain text. Links are absolute URLs of the site's pages.
import { isPageItem, type ApiDoc, type ApiItem, type ApiMember, type ApiModel, type ApiPageItem } from '../api/model.ts';
import { markdownSource } from '../render/api/doc-html.ts';
import { LINE_WIDTH } from '../render/api/layout.ts';
import { createTypeRenderer, type TypeRenderer } from '../render/api/type-html.ts';
import { API_BASE, apiNamespaceHref, apiTargetHref, namespaceOf } from '../routes/api-urls.ts';
import { itemDescription, memberCounts } from '../render/api/describe.ts';
import type { ApiMarks } from '../render/api/marks.ts';
import { marksLine } from './marks-markdown.ts';

/** Turns a route path (`/docs/api/classes/X#y`) into the URL a twin links to. */
export type LinkUrl = (path: string) => string;

const KIND_TITLES = { class: 'Class', interface: 'Interface', enum: 'Enumeration' } as const;
const MEMBER_SECTIONS: [ApiMember['kind'], string][] = [
  ['constructor', 'Constructors'],
  ['enumMember', 'Members'],
  ['property', 'Properties'],
  ['accessor', 'Accessors'],
  ['method', 'Methods'],
];

/** HTML text of the type renderer → plain text (it escapes &, < and >, and links nothing here). */
const plain = (html: string): string => html.replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"').replace(/&amp;/g, '&');

/**
 * A name of the d.ts as Markdown text: a quoted member name can hold anything
 * ("<img src=x onerror=…>"), shown as text, never read as HTML or Markdown.
 * Plain identifiers stay as they are, for the assistants that read the source.
 */
export function markdownText(name: string): string {
  if (/^[A-Za-z$][\w$]*(\.[A-Za-z$][\w$]*)*$/.test(name) && !name.endsWith('_')) return name;
  // Mid-line, only these start markup: a heading's closing #, emphasis, code, links, GFM strikethrough.
  return name.replace(/\s+/g, ' ').replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/[\\`*_[\]#~]/g, '\\$&');
}

/** A fenced TypeScript block that no run of backticks in `code` (a quoted name, a string type) can close. */
function tsFence(code: string): string {
  const longest = Math.max(2, ...(code.match(/`+/g) ?? []).map((run) => run.length));
  const fence = '`'.repeat(longest + 1);
  return `${fence}ts\n${code}\n${fence}`;
}

export interface ApiMarkdownContext {
  model: ApiModel;
  link: LinkUrl;
  types: TypeRenderer;
  lookup(kind: ApiItem['kind'], name: string): ApiItem | undefined;
  /** Where the model's pages live: a twin links its own version's pages. */
  base: string;
  /** The version marks its HTML pages carry (src/render/api/marks.ts); none with one version. */
  marks?: ApiMarks;
}

export function apiMarkdownContext(model: ApiModel, link: LinkUrl, base: string = API_BASE, marks?: ApiMarks): ApiMarkdownContext {
  const index = new Map(model.items.map((i) => [`${i.kind}:${i.name}`, i]));
  return { model, link, base, marks, types: createTypeRenderer(() => undefined, LINE_WIDTH, false), lookup: (kind, name) => index.get(`${kind}:${name}`) };
}

function docText(doc: ApiDoc | undefined, cx: ApiMarkdownContext): string {
  if (!doc) return '';
  const href = (target: Parameters<typeof apiTargetHref>[0]) => (cx.lookup(target.kind, target.name) ? cx.link(apiTargetHref(target, cx.lookup, cx.base)) : undefined);
  const linkHref = (l: { target?: Parameters<typeof apiTargetHref>[0]; url?: string }) => (l.target ? href(l.target) : l.url);
  const parts = [markdownSource(doc.summary, linkHref)];
  for (const tag of doc.tags) {
    const body = markdownSource(tag.content, linkHref);
    if (tag.tag === '@example') parts.push(`Example${tag.name ? `: ${tag.name}` : ''}\n\n${body}`);
    else if (body) parts.push(`${tag.tag.slice(1)}${tag.name ? ` ${tag.name}` : ''}: ${body}`);
  }
  return parts.filter(Boolean).join('\n\n');
}

function declaration(member: ApiMember, cx: ApiMarkdownContext): string {
  if (member.kind === 'enumMember') return `${member.name}${member.type ? ` = ${plain(cx.types.type(member.type))}` : ''}`;
  // `readonly` is written by the type renderer itself (properties), or implied by a getter without a setter.
  const flags = member.flags.filter((f) => f === 'static' || f === 'abstract' || f === 'protected');
  const name = member.kind === 'constructor' ? 'constructor' : member.name;
  const texts = member.signatures?.length ? member.signatures.map((s) => plain(cx.types.signature(name, s))) : [plain(cx.types.member(member))];
  // Once per declaration: a signature broken over lines keeps its parameters' lines as TypeScript.
  const prefix = flags.length ? `${flags.join(' ')} ` : '';
  return texts.map((t) => `${prefix}${t}`).join(';\n');
}

/**
 * `notes`: extra Markdown about the item (site notes written beside the API
 * pages), placed after its summary.
 */
export function apiItemMarkdown(item: ApiItem, cx: ApiMarkdownContext, notes?: string): string {
  if (!isPageItem(item)) throw new TypeError(`${item.name} has no page of its own.`);
  const page: ApiPageItem = item;
  const doc = docText(page.doc, cx);
  const out = [`# ${markdownText(page.name)}`, `${KIND_TITLES[page.kind]} of ${cx.model.packageName} ${cx.model.version}: ${memberCounts(page)}.`];
  const itemMarks = marksLine(cx.marks?.item(page), cx.link);
  if (itemMarks) out.push(itemMarks);
  if (doc) out.push(doc);
  if (notes?.trim()) out.push(notes.trim());
  if (page.kind !== 'enum') {
    const heritage = [
      ...page.extends.map((t) => `extends ${plain(cx.types.type(t))}`),
      ...(page.kind === 'class' ? page.implements.map((t) => `implements ${plain(cx.types.type(t))}`) : []),
    ];
    if (heritage.length) out.push(tsFence(`${page.kind} ${page.name}${plain(cx.types.typeParameters(page.typeParameters))} ${heritage.join(' ')}`));
  }
  if (page.kind !== 'enum' && page.indexSignatures?.length) {
    const lines = page.indexSignatures.map((i) => plain(cx.types.indexSignature(i)));
    out.push(`## Index signatures\n\n${tsFence(lines.join(';\n'))}`);
  }
  for (const [kind, title] of MEMBER_SECTIONS) {
    const members = page.members.filter((m) => m.kind === kind);
    if (!members.length) continue;
    out.push(`## ${title}`);
    for (const m of members) {
      const inherited = m.inheritedFrom ? `\n\nInherited from ${m.inheritedFrom.name}.` : '';
      const text = docText(m.doc ?? m.signatures?.[0]?.doc ?? m.getter?.doc, cx);
      const marks = marksLine(cx.marks?.member(page, m), cx.link);
      out.push(`### ${kind === 'constructor' ? 'constructor' : markdownText(m.name)}\n\n${marks ? `${marks}\n\n` : ''}${tsFence(declaration(m, cx))}${text ? `\n\n${text}` : ''}${inherited}`);
    }
  }
  return `${out.join('\n\n')}\n`;
}

/** The twin of the globals page (every export), or with `namespace` of that namespace's page (its own exports). */
export function globalsMarkdown(cx: ApiMarkdownContext, apiPath: (item: ApiItem) => string, namespace?: string): string {
  const groups: [ApiItem['kind'], string][] = [['class', 'Classes'], ['interface', 'Interfaces'], ['enum', 'Enumerations'], ['typeAlias', 'Type aliases'], ['function', 'Functions'], ['variable', 'Variables']];
  const { packageName, version } = cx.model;
  const out = namespace
    ? [`# Namespace ${namespace}`, `The exports of the namespace ${namespace} of ${packageName} ${version}, by kind.`]
    : [`# ${packageName} ${version}`, `Every export of ${packageName} ${version}, by kind.`];
  const inScope = (name: string): boolean => namespace === undefined || namespaceOf(name) === namespace;
  const namespaces = (cx.model.namespaces ?? []).filter((n) => inScope(n.name));
  if (namespaces.length) out.push('## Namespaces', namespaces.map((n) => `- [${n.name}](${cx.link(apiNamespaceHref(n.name, cx.base))})${n.summary ? ` — ${n.summary}` : ''}`).join('\n'));
  for (const [kind, title] of groups) {
    const items = cx.model.items.filter((i) => i.kind === kind && inScope(i.name)).sort((a, b) => a.name.localeCompare(b.name));
    if (!items.length) continue;
    out.push(`## ${title}`);
    out.push(items.map((i) => {
      const line = isPageItem(i) ? itemDescription(i, cx.model.packageName) : i.summary;
      const head = kind === 'function' && i.kind === 'function' ? i.signatures.map((s) => plain(cx.types.signature(i.name, s))).join('; ')
        : i.kind === 'variable' && i.type ? `${i.name}: ${plain(cx.types.type(i.type))}`
        : i.kind === 'typeAlias' ? `type ${i.name}${plain(cx.types.typeParameters(i.typeParameters))} = ${plain(cx.types.type(i.type))}` : i.name;
      const marks = marksLine(cx.marks?.item(i), cx.link);
      return `- [${markdownText(i.name)}](${cx.link(apiPath(i))})${isPageItem(i) ? '' : `: \`${head.replace(/`/g, '')}\``}${line ? ` — ${line}` : ''}${marks ? ` — ${marks}` : ''}`;
    }).join('\n'));
  }
  return `${out.join('\n\n')}\n`;
}
