// TypeDoc's own JSON (`typedoc --json`) → the facts its reader would find on
// pkidocs's pages, one line each: where (page, section, h3 heading), the
// member's flags, and its declaration as the page writes it. pages.ts reads
// the same lines from the built HTML; a line of this file missing there is a
// miss. Types are written by the parity test's TypeDoc writer (test/unit/api/parity).
import { objectText, signature, typeText } from '../../unit/api/parity/typedoc-facts.ts';

/* eslint-disable @typescript-eslint/no-explicit-any -- TypeDoc's JSON schema, read loosely */
type J = any;

const PAGE_DIRS: Record<number, [string, string]> = { 128: ['classes', 'classes'], 256: ['interfaces', 'interfaces'], 8: ['enumerations', 'enumerations'] };
const NAMESPACE = 4;
const SECTIONS: Record<number, string> = { 512: 'constructors', 1024: 'properties', 262144: 'accessors', 2048: 'methods', 16: 'enumeration-members' };
const FLAGS = ['isStatic', 'isAbstract', 'isProtected', 'isPrivate', 'isReadonly', 'isOptional'];

/** One fact line: `page § section § heading [flags] code`. */
export const fact = (page: string, section: string, heading: string, flags: string[], code: string): string =>
  `${page} § ${section} § ${heading} [${[...flags].sort().join(' ')}] ${code}`;
export const listed = (page: string, section: string, name: string): string => `${page} § ${section} § ${name} listed`;
export const titled = (page: string, title: string): string => `${page} § h1 ${title}`;

/** Every fact of a project: each export on its parent's page, each page's title, and each member. */
export function expectedFacts(project: J, code: (text: string) => string): string[] {
  const out: string[] = [];
  const at = (page: string, section: string, heading: string, text: string) => fact(page, section, heading, [], code(text));
  const visit = (children: J[] | undefined, ns: string): void => {
    const page = ns ? `namespaces/${ns}` : 'globals';
    for (const c of children ?? []) {
      const full = ns ? `${ns}.${c.name}` : c.name;
      if (c.kind === NAMESPACE) {
        out.push(listed(page, 'namespaces', full), titled(`namespaces/${full}`, `Namespace ${full}`));
        visit(c.children, full);
      } else if (PAGE_DIRS[c.kind]) {
        const [dir, section] = PAGE_DIRS[c.kind]!;
        out.push(listed(page, section, full), titled(`${dir}/${full}`, full), ...itemPage(c, `${dir}/${full}`, full, code));
      } else if (c.kind === 2097152) {
        out.push(at(page, 'type-aliases', c.name, `type ${c.name}${typeParameters(c.typeParameters)} = ${c.type ? typeText(c.type) : objectText(c)}`));
      } else if (c.kind === 32) {
        out.push(at(page, 'variables', c.name, `${c.flags?.isConst ? 'const' : 'let'} ${c.name}: ${typeText(c.type)}`));
      } else if (c.kind === 64) {
        for (const s of c.signatures ?? []) out.push(at(page, 'functions', `${c.name}()`, `${c.name}${signature(s)}`));
      } else {
        out.push(`${page} § an export of kind ${c.kind}: ${full}`);
      }
    }
  };
  visit(project.children, '');
  return out;
}

function typeParameters(list: J[] | undefined): string {
  return list?.length ? `<${list.map(typeParameter).join(', ')}>` : '';
}

const typeParameter = (p: J): string =>
  `${p.varianceModifier ? `${p.varianceModifier} ` : ''}${p.name}${p.type ? ` extends ${typeText(p.type)}` : ''}${p.default ? ` = ${typeText(p.default)}` : ''}`;

function itemPage(c: J, page: string, full: string, code: (text: string) => string): string[] {
  const out: string[] = [];
  const at = (section: string, heading: string, text: string) => fact(page, section, heading, [], code(text));
  for (const tp of c.typeParameters ?? []) out.push(at('type-parameters', tp.name, typeParameter(tp)));
  if (c.kind === 256) for (const s of c.signatures ?? []) out.push(at('call-signatures', `${full}()`, signature(s)));
  for (const s of c.indexSignatures ?? []) {
    const p = s.parameters?.[0];
    out.push(at('index-signatures', '[key]', `${s.flags?.isReadonly ? 'readonly ' : ''}[${p?.name}: ${typeText(p?.type)}]: ${typeText(s.type)}`));
  }
  for (const m of c.children ?? []) out.push(...member(m, page, full, c.kind === 128, code));
  return out;
}

function member(m: J, page: string, owner: string, ofClass: boolean, code: (text: string) => string): string[] {
  const section = SECTIONS[m.kind];
  if (!section) return [`${page} § a member of kind ${m.kind}: ${m.name}`];
  const flags = FLAGS.filter((f) => m.flags?.[f]).map((f) => f.slice(2).toLowerCase());
  const opt = m.flags?.isOptional ? '?' : '';
  const at = (heading: string, text: string, extra: string[] = []) => fact(page, section, heading, [...flags, ...extra], code(text));
  switch (m.kind) {
    case 512:
      // A class's constructor is written `new Name(…)` without its return; an interface's construct signature with it.
      return (m.signatures ?? []).map((s: J) => at('Constructor', ofClass ? `new ${owner}${signature({ ...s, type: undefined })}` : `new ${signature(s)}`));
    case 1024:
      return [at(`${m.name}${opt}`, `${m.flags?.isReadonly ? 'readonly ' : ''}${m.name}${opt}: ${typeText(m.type)}`)];
    case 262144: {
      // A getter without a setter is flagged readonly by the page, as TypeScript treats it.
      const extra = m.getSignature && !m.setSignature ? ['readonly'] : [];
      return [
        ...(m.getSignature ? [at(m.name, `get ${m.name}${signature(m.getSignature)}`, extra)] : []),
        ...(m.setSignature ? [at(m.name, `set ${m.name}${signature({ ...m.setSignature, type: undefined })}`, extra)] : []),
      ];
    }
    case 2048:
      return (m.signatures ?? []).map((s: J) => at(`${m.name}()`, `${m.name}${signature(s)}`));
    default:
      return [at(m.name, `${m.name} = ${typeText(m.type)}`)];
  }
}

/**
 * The forms two writers may differ in without a reader seeing another type:
 * spacing and line breaks, parentheses, the trailing `,` and `;` and the
 * leading `|` of a list broken over lines (`(\n  value: T,\n) => void;\n}`,
 * `=\n  | A\n  | B`), keyword aliases, and
 * how a name is qualified (`asn1js.Integer` and `Integer`).
 */
export function normaliseCode(code: string, keywords: ReadonlyMap<string, string>): string {
  return code
    .replace(/\b[A-Za-z_$][\w$]*\b/g, (word) => keywords.get(word) ?? word)
    .replace(/\b[A-Za-z_$][\w$]*\.(?=[A-Za-z_$])/g, '')
    .replace(/,(?=\s*\))/g, '')
    .replace(/[\s()]/g, '')
    .replace(/;(?=})/g, '')
    .replace(/([:=<,[{]|=>)[|&]/g, '$1');
}

/** Type aliases of a keyword (`type SchemaType = any`): a page may name either. */
export function keywordAliases(project: J): Map<string, string> {
  const out = new Map<string, string>();
  const visit = (children: J[] | undefined) => {
    for (const c of children ?? []) {
      if (c.kind === NAMESPACE) visit(c.children);
      if (c.kind === 2097152 && c.type?.type === 'intrinsic') out.set(c.name, c.type.name);
    }
  };
  visit(project.children);
  return out;
}
