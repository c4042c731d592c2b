// The body of one member as an HTML string: flags, signatures with their
// parameters and return value, and where the member comes from. A string
// template rather than JSX because pages hold thousands of these small
// elements and React (in development builds especially) costs tens of
// microseconds per element; the page structure stays in JSX.
import type { LinkView, MemberView, ParamView, SignatureView } from './props.ts';

const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' };
/** Escapes text for element content and double-quoted attributes. */
export const esc = (text: string) => text.replace(/[&<>"]/g, (c) => ENTITIES[c]!);

export function linkHtml(link: LinkView): string {
  return link.href ? `<a href="${esc(link.href)}">${esc(link.text)}</a>` : esc(link.text);
}

/** Parameters (`a: T = d`) or, with `typeParams`, type parameters (`T extends X = Y`). */
function paramsHtml(title: string, params: ParamView[], typeParams = false): string {
  const items = params.map((p) => {
    const type = p.typeHtml ? `${typeParams ? ' ' : ': '}<code>${p.typeHtml}</code>` : '';
    const value = p.defaultValue ? ` = <code>${esc(p.defaultValue)}</code>` : '';
    const doc = p.docHtml ? `<div class="d">${p.docHtml}</div>` : '';
    return `<li><code>${esc(p.name)}</code>${type}${value}${doc}</li>`;
  });
  return `<h4>${title}</h4><ul class="ps">${items.join('')}</ul>`;
}

function signatureHtml(sig: SignatureView): string {
  let html = `<div class="sg"${sig.id ? ` id="${esc(sig.id)}"` : ''}><code class="sig">${sig.codeHtml}</code>`;
  if (sig.docHtml) html += `<div class="doc">${sig.docHtml}</div>`;
  if (sig.typeParameters) html += paramsHtml('Type Parameters', sig.typeParameters, true);
  if (sig.parameters) html += paramsHtml('Parameters', sig.parameters);
  if (sig.returns) {
    html += `<h4>Returns</h4><code class="rt">${sig.returns.typeHtml}</code>`;
    if (sig.returns.docHtml) html += `<div class="d">${sig.returns.docHtml}</div>`;
  }
  return `${html}</div>`;
}

export function memberBodyHtml(member: MemberView): string {
  let html = '';
  if (member.flags.length) html += `<p class="fl">${member.flags.map((f) => `<span>${esc(f)}</span>`).join('')}</p>`;
  if (member.docHtml) html += `<div class="doc">${member.docHtml}</div>`;
  html += member.signatures.map(signatureHtml).join('');
  html += member.origins.map((o) => `<p class="or">${esc(o.label)} ${linkHtml(o.link)}</p>`).join('');
  return html;
}
