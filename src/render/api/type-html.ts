// Type expressions and signatures → HTML, TypeScript syntax with every pkijs
// reference linked. One handler per ApiType kind; parentheses are added from
// operator precedence, as TypeScript would need them.
import type { ApiMember, ApiObjectType, ApiReferenceType, ApiSignature, ApiTarget, ApiType, ApiTypeParameter } from '../../api/model.ts';
import { escapeHtml, escapeText } from './escape.ts';

export interface TypeRenderer {
  type(type: ApiType): string;
  /** `name<T>(a: A, b?: B): R`; `arrow` gives `(a: A) => R` for function types. */
  signature(name: string, sig: ApiSignature, options?: { arrow?: boolean; hideReturn?: boolean }): string;
  typeParameters(params: readonly ApiTypeParameter[] | undefined): string;
  /** One member of an object type or interface, as declared: `readonly a?: T`. */
  member(member: ApiMember): string;
}

/** Binding strength: a type renders in parentheses where a stronger one is required. */
const Prec = {
  Loose: 0, // conditional, function types, predicates
  Union: 1,
  Intersection: 2,
  Operator: 3, // keyof, typeof, infer
  Postfix: 4, // T[], T[K]
  Primary: 5,
} as const;
type Prec = (typeof Prec)[keyof typeof Prec];

type Handlers = { [K in ApiType['type']]: (t: Extract<ApiType, { type: K }>) => string };

export function createTypeRenderer(targetHref: (target: ApiTarget) => string | undefined): TypeRenderer {
  const wrap = (t: ApiType, min: Prec): string => (precedence(t) < min ? `(${render(t)})` : render(t));
  const list = (types: readonly ApiType[], sep: string, min: Prec) => types.map((t) => wrap(t, min)).join(sep);

  const reference = (t: ApiReferenceType): string => {
    const href = t.target ? targetHref(t.target) : undefined;
    const name = escapeText(t.name);
    const head = href ? `<a href="${escapeHtml(href)}">${name}</a>` : name;
    return t.typeArguments ? `${head}&lt;${list(t.typeArguments, ', ', Prec.Loose)}&gt;` : head;
  };

  const handlers: Handlers = {
    intrinsic: (t) => t.name,
    literal: (t) => escapeText(t.value),
    reference,
    array: (t) => `${wrap(t.element, Prec.Postfix)}[]`,
    union: (t) => list(t.types, ' | ', Prec.Union),
    intersection: (t) => list(t.types, ' &amp; ', Prec.Intersection),
    tuple: (t) => `[${list(t.elements, ', ', Prec.Loose)}]`,
    namedTupleMember: (t) => `${escapeText(t.name)}${t.optional ? '?' : ''}: ${render(t.element)}`,
    optional: (t) => `${wrap(t.element, Prec.Postfix)}?`,
    rest: (t) => `...${wrap(t.element, Prec.Postfix)}`,
    indexedAccess: (t) => `${wrap(t.object, Prec.Postfix)}[${render(t.index)}]`,
    typeOperator: (t) => `${t.operator} ${wrap(t.target, Prec.Operator)}`,
    query: (t) => `typeof ${reference(t.target)}`,
    conditional: (t) =>
      `${wrap(t.check, Prec.Union)} extends ${wrap(t.extends, Prec.Union)} ? ${render(t.trueType)} : ${render(t.falseType)}`,
    mapped: (t) => {
      const ro = t.readonlyModifier === '+' ? 'readonly ' : t.readonlyModifier === '-' ? '-readonly ' : '';
      const opt = t.optionalModifier === '+' ? '?' : t.optionalModifier === '-' ? '-?' : '';
      const as = t.nameType ? ` as ${render(t.nameType)}` : '';
      return `{ ${ro}[${escapeText(t.parameter)} in ${render(t.parameterType)}${as}]${opt}: ${render(t.template)} }`;
    },
    templateLiteral: (t) =>
      `\`${escapeText(t.head)}${t.tail.map(([type, text]) => `\${${render(type)}}${escapeText(text)}`).join('')}\``,
    predicate: (t) => `${t.asserts ? 'asserts ' : ''}${escapeText(t.name)}${t.target ? ` is ${render(t.target)}` : ''}`,
    inferred: (t) => `infer ${escapeText(t.name)}${t.constraint ? ` extends ${render(t.constraint)}` : ''}`,
    object: (t) => objectType(t),
    unknown: (t) => escapeText(t.name),
  };

  function render(t: ApiType): string {
    return (handlers[t.type] as (t: ApiType) => string)(t);
  }

  const typeParameters = (params: readonly ApiTypeParameter[] | undefined): string => {
    if (!params?.length) return '';
    const one = (p: ApiTypeParameter) =>
      `${p.variance ? `${p.variance} ` : ''}${escapeText(p.name)}${p.constraint ? ` extends ${render(p.constraint)}` : ''}${
        p.default ? ` = ${render(p.default)}` : ''
      }`;
    return `&lt;${params.map(one).join(', ')}&gt;`;
  };

  const signature: TypeRenderer['signature'] = (name, sig, options = {}) => {
    const params = sig.parameters
      .map((p) => `${p.rest ? '...' : ''}${escapeText(p.name)}${p.optional ? '?' : ''}${p.type ? `: ${render(p.type)}` : ''}`)
      .join(', ');
    const head = `${name}${typeParameters(sig.typeParameters)}(${params})`;
    if (options.hideReturn || !sig.returns) return head;
    return options.arrow ? `${head} =&gt; ${render(sig.returns)}` : `${head}: ${render(sig.returns)}`;
  };

  const member = (m: ApiMember): string => {
    const name = propertyName(m.name);
    const prefix = m.flags.includes('readonly') && m.kind === 'property' ? 'readonly ' : '';
    if (m.signatures?.length) return m.signatures.map((s) => signature(name, s)).join('; ');
    if (m.getter || m.setter) {
      const accessors = [];
      if (m.getter) accessors.push(`get ${signature(name, m.getter)}`);
      if (m.setter) accessors.push(`set ${signature(name, m.setter, { hideReturn: true })}`);
      return accessors.join('; ');
    }
    const optional = m.flags.includes('optional') ? '?' : '';
    return `${prefix}${name}${optional}: ${m.type ? render(m.type) : 'unknown'}`;
  };

  function objectType(t: ApiObjectType): string {
    const calls = t.callSignatures ?? [];
    const constructs = t.constructSignatures ?? [];
    const indexes = t.indexSignatures ?? [];
    const only = t.members.length === 0 && indexes.length === 0 && calls.length + constructs.length === 1;
    if (only && calls[0]) return signature('', calls[0], { arrow: true });
    if (only && constructs[0]) return signature('new ', constructs[0], { arrow: true });
    const entries = [
      ...calls.map((s) => signature('', s)),
      ...constructs.map((s) => signature('new ', s)),
      ...indexes.map(
        (i) => `${i.readonly ? 'readonly ' : ''}[${escapeText(i.parameter.name)}: ${i.parameter.type ? render(i.parameter.type) : 'string'}]: ${render(i.type)}`,
      ),
      ...t.members.map(member),
    ];
    return entries.length ? `{ ${entries.join('; ')} }` : '{}';
  }

  return { type: render, signature, typeParameters, member };
}

function precedence(t: ApiType): Prec {
  switch (t.type) {
    case 'conditional':
    case 'predicate':
      return Prec.Loose;
    case 'object':
      return isFunctionType(t) ? Prec.Loose : Prec.Primary;
    case 'union':
      return t.types.length > 1 ? Prec.Union : Prec.Primary;
    case 'intersection':
      return t.types.length > 1 ? Prec.Intersection : Prec.Primary;
    case 'typeOperator':
    case 'query':
    case 'inferred':
      return Prec.Operator;
    case 'array':
    case 'indexedAccess':
    case 'optional':
    case 'rest':
      return Prec.Postfix;
    default:
      return Prec.Primary;
  }
}

function isFunctionType(t: ApiObjectType): boolean {
  const signatures = (t.callSignatures?.length ?? 0) + (t.constructSignatures?.length ?? 0);
  return t.members.length === 0 && !t.indexSignatures?.length && signatures === 1;
}

const IDENTIFIER = /^[A-Za-z_$][\w$]*$/;

/** A member name as TypeScript would write it: quoted unless it is an identifier. */
export function propertyName(name: string): string {
  return escapeText(IDENTIFIER.test(name) ? name : JSON.stringify(name));
}
