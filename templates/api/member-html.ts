// Members as HTML strings: the h3, flags, signatures with their parameters
// and return value, and where the member comes from. String templates rather
// than JSX because the API pages hold ~60,000 such elements and React costs
// microseconds per element (tens in development builds): rendering them as
// JSX took seconds. The page structure around them stays in JSX.
import type { LinkView, MarkView, MemberView, NoteView, ParamView, SectionView, SignatureView } from './props.ts';

const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' };
/** Escapes text for element content and double-quoted attributes. */
export const esc = (text: string) => text.replace(/[&<>"]/g, (c) => ENTITIES[c]!);
/** Element content only: quotes stay as they are. */
const escText = (text: string) => text.replace(/[&<>]/g, (c) => ENTITIES[c]!);

export function linkHtml(link: LinkView): string {
  return link.href ? `<a href="${esc(link.href)}">${esc(link.text)}</a>` : esc(link.text);
}

/** Parameters (`a: T = d`) or, with `typeParams`, type parameters (`T extends X = Y`). */
function paramsHtml(title: string, params: ParamView[], typeParams = false): string {
  const items = params.map((p) => {
    const type = p.typeHtml ? `${typeParams ? ' ' : ': '}<code>${p.typeHtml}</code>` : '';
    const value = p.defaultValue ? ` = <code>${escText(p.defaultValue)}</code>` : '';
    const doc = p.docHtml ? descriptionHtml(p.docHtml) : '';
    return `<li><code>${escText(p.name)}</code>${type}${value}${doc}</li>`;
  });
  return `<h4>${title}</h4><ul class="ps">${items.join('')}</ul>`;
}

/** A short description (parameters, return value): a lone paragraph needs no <p> of its own. */
function descriptionHtml(html: string): string {
  const lone = html.startsWith('<p>') && html.endsWith('</p>') && html.indexOf('<p>', 3) === -1;
  return `<div class="d">${lone ? html.slice(3, -4) : html}</div>`;
}

/** A declaration line and nothing else (most properties, type aliases, variables). */
function isBare(sig: SignatureView): boolean {
  return !sig.id && !sig.docHtml && !sig.typeParameters && !sig.parameters && !sig.returns;
}

function signatureHtml(sig: SignatureView): string {
  const code = `<code class="sig">${sig.codeHtml}</code>`;
  if (isBare(sig)) return code;
  let html = `<div class="sg"${sig.id ? ` id="${esc(sig.id)}"` : ''}>${code}`;
  if (sig.docHtml) html += `<div class="dc">${sig.docHtml}</div>`;
  if (sig.typeParameters) html += paramsHtml('Type Parameters', sig.typeParameters, true);
  if (sig.parameters) html += paramsHtml('Parameters', sig.parameters);
  if (sig.returns) {
    html += `<h4>Returns</h4><code class="rt">${sig.returns.typeHtml}</code>`;
    if (sig.returns.docHtml) html += descriptionHtml(sig.returns.docHtml);
  }
  return `${html}</div>`;
}

/** A site note: an aside, labelled as the site's (not the library's doc comment). */
export function noteHtml(note: NoteView): string {
  return `<aside class="nt" aria-label="Site note on ${esc(note.title)}"><p class="nt-t">Site note on <code>${escText(note.title)}</code></p>${note.html}</aside>`;
}

/** Version marks: a few bytes each, only where a version differs (most members have none). */
export function marksHtml(marks: readonly MarkView[] | undefined): string {
  return marks?.length ? marks.map((m) => (m.href ? `<a class="vm" href="${esc(m.href)}">${esc(m.text)}</a>` : `<span class="vm">${esc(m.text)}</span>`)).join(' ') : '';
}

/** A member: its h3 (the TOC entry and deep-link target), then its body. */
export function memberHtml(member: MemberView): string {
  let body = member.marks?.length ? `<p class="vms">${marksHtml(member.marks)}</p>` : '';
  if (member.flags.length) body += `<p class="fl">${member.flags.map((f) => `<span>${esc(f)}</span>`).join('')}</p>`;
  // The declaration line first, as for methods, then what the comment says about it.
  body += member.signatures.map(signatureHtml).join('');
  if (member.docHtml) body += `<div class="dc">${member.docHtml}</div>`;
  body += member.origins.map((o) => `<p class="or">${esc(o.label)} ${linkHtml(o.link)}</p>`).join('');
  if (member.note) body += noteHtml(member.note);
  // Every member has its body wrapper, documented or not (an undocumented
  // one, `Certificate#tbsView`, must look like its neighbours).
  return `<h3 id="${esc(member.id)}">${escText(member.heading)}</h3><div class="am">${body}</div>`;
}

export function sectionMembersHtml(section: SectionView): string {
  return section.members.map(memberHtml).join('');
}
