// pkidocs's ApiModel → the same fact lines as typedoc-facts.ts, every type
// written by the reference's own type renderer (as a page shows it, unlinked).
import type { ApiIndexSignature, ApiItem, ApiMember, ApiModel, ApiSignature, ApiType } from '../../../../src/api/model.ts';
import { createTypeRenderer } from '../../../../src/render/api/type-html.ts';

const renderer = createTypeRenderer(() => undefined, Infinity, false);
const plain = (html: string): string => html.replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"').replace(/&amp;/g, '&');
const text = (t: ApiType | undefined): string => (t ? plain(renderer.type(t)) : 'unknown');

export function modelFacts(model: ApiModel): string[] {
  return [...(model.namespaces ?? []).map((n) => `export ${n.name}: namespace`), ...model.items.flatMap(itemFacts)];
}

/**
 * A page names a type by the keyword alias it was declared with (`SchemaType`,
 * an alias of `any`) where TypeDoc often says the keyword: the same type.
 */
export function keywordAliases(model: ApiModel): Map<string, string> {
  return new Map(model.items.flatMap((i): [string, string][] => (i.kind === 'typeAlias' && i.type.type === 'intrinsic' ? [[i.name, i.type.name]] : [])));
}

function itemFacts(item: ApiItem): string[] {
  const name = item.name;
  const out = [`export ${name}: ${item.kind}`];
  if (item.kind === 'function') item.signatures.forEach((s, i) => out.push(`signature ${name}#${i} ${signature(s)}`));
  if (item.kind === 'variable') out.push(`type ${name} ${text(item.type)}`);
  if (item.kind === 'typeAlias') out.push(`type ${name} ${text(item.type)}`);
  if (item.kind === 'interface') (item.callSignatures ?? []).forEach((s, i) => out.push(`call ${name}#${i} ${signature(s)}`));
  if (item.kind === 'class' || item.kind === 'interface') for (const s of item.indexSignatures ?? []) out.push(`index ${name} ${indexText(s)}`);
  if (item.kind === 'class' || item.kind === 'interface' || item.kind === 'enum') {
    for (const m of item.members) out.push(...memberFacts(m, `${name}.${m.flags.includes('static') ? 'static ' : ''}${m.name}`));
  }
  return out;
}

function memberFacts(m: ApiMember, name: string): string[] {
  // An accessor's readonly is the model's own (no setter), not a TypeDoc flag.
  const flags = m.flags.filter((f) => !(m.kind === 'accessor' && f === 'readonly'));
  const out = [`member ${name}: ${m.kind} [${flags.join(' ')}]`];
  (m.signatures ?? []).forEach((s, i) => out.push(`signature ${name}#${i} ${signature(s)}`));
  if (m.getter) out.push(`get ${name} ${signature(m.getter)}`);
  if (m.setter) out.push(`set ${name} ${signature(m.setter)}`);
  if (m.type) out.push(`type ${name} ${text(m.type)}`);
  return out;
}

function signature(s: ApiSignature): string {
  const params = s.parameters.map((p) => `${p.rest ? '...' : ''}${p.name}${p.optional ? '?' : ''}: ${p.type ? text(p.type) : 'any'}`);
  return `${plain(renderer.typeParameters(s.typeParameters))}(${params.join(', ')})${s.returns ? `: ${text(s.returns)}` : ''}`;
}

function indexText(s: ApiIndexSignature): string {
  return `${s.readonly ? 'readonly ' : ''}[${s.parameter.name}: ${s.parameter.type ? text(s.parameter.type) : 'string'}]: ${text(s.type)}`;
}

/**
 * The forms two writers may differ in without a reader seeing another type:
 * spacing, parentheses, separators, keyword aliases, and how a name is qualified (`asn1js.Integer`
 * and `Integer`; `Geometry.Point` and `Point` inside Geometry).
 */
export function normalise(fact: string, keywords: ReadonlyMap<string, string>): string {
  const [tag, subject, ...rest] = fact.split(' ');
  const type = rest.join(' ')
    .replace(/\b[A-Za-z_$][\w$]*\b/g, (word) => keywords.get(word) ?? word)
    .replace(/\b[A-Za-z_$][\w$]*\.(?=[A-Za-z_$])/g, '')
    .replace(/[\s()]/g, '')
    .replace(/;(?=})/g, '');
  return `${tag} ${subject} ${type}`;
}
