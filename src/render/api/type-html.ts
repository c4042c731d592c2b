// Type expressions and signatures → HTML, TypeScript syntax with every pkijs
// reference linked. One handler per ApiType kind (the map below); parentheses
// come from operator precedence, where TypeScript would need them.
import type { ApiMember, ApiObjectType, ApiReferenceType, ApiSignature, ApiTarget, ApiType, ApiTypeParameter } from '../../api/model.ts';
import { escapeHtml, escapeText } from '../../shared/escape.ts';
import { externalTypeName } from './external-types.ts';

export interface TypeRenderer {
  type(type: ApiType): string;
  /** `name<T>(a: A, b?: B): R`; `arrow` gives `(a: A) => R` for function types. */
  signature(name: string, sig: ApiSignature, options?: SignatureOptions): string;
  typeParameters(params: readonly ApiTypeParameter[] | undefined): string;
  /** One member of an object type or interface, as declared: `readonly a?: T`. */
  member(member: ApiMember): string;
}

export interface SignatureOptions {
  arrow?: boolean;
  hideReturn?: boolean;
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

type Handlers = { [K in ApiType['type']]: (t: Extract<ApiType, { type: K }>, r: TypeHtml) => string };

const HANDLERS: Handlers = {
  intrinsic: (t) => t.name,
  literal: (t) => escapeText(t.value),
  reference: (t, r) => r.reference(t),
  array: (t, r) => `${r.wrap(t.element, Prec.Postfix)}[]`,
  union: (t, r) => r.list(t.types, ' | ', Prec.Union),
  intersection: (t, r) => r.list(t.types, ' &amp; ', Prec.Intersection),
  tuple: (t, r) => `[${r.list(t.elements, ', ', Prec.Loose)}]`,
  namedTupleMember: (t, r) => `${escapeText(t.name)}${t.optional ? '?' : ''}: ${r.type(t.element)}`,
  optional: (t, r) => `${r.wrap(t.element, Prec.Postfix)}?`,
  rest: (t, r) => `...${r.wrap(t.element, Prec.Postfix)}`,
  indexedAccess: (t, r) => `${r.wrap(t.object, Prec.Postfix)}[${r.type(t.index)}]`,
  typeOperator: (t, r) => `${t.operator} ${r.wrap(t.target, Prec.Operator)}`,
  query: (t, r) => `typeof ${r.reference(t.target)}`,
  conditional: (t, r) =>
    `${r.wrap(t.check, Prec.Union)} extends ${r.wrap(t.extends, Prec.Union)} ? ${r.type(t.trueType)} : ${r.type(t.falseType)}`,
  mapped: (t, r) => {
    const ro = t.readonlyModifier === '+' ? 'readonly ' : t.readonlyModifier === '-' ? '-readonly ' : '';
    const opt = t.optionalModifier === '+' ? '?' : t.optionalModifier === '-' ? '-?' : '';
    const as = t.nameType ? ` as ${r.type(t.nameType)}` : '';
    return `{ ${ro}[${escapeText(t.parameter)} in ${r.type(t.parameterType)}${as}]${opt}: ${r.type(t.template)} }`;
  },
  templateLiteral: (t, r) =>
    `\`${escapeText(t.head)}${t.tail.map(([type, text]) => `\${${r.type(type)}}${escapeText(text)}`).join('')}\``,
  predicate: (t, r) => `${t.asserts ? 'asserts ' : ''}${escapeText(t.name)}${t.target ? ` is ${r.type(t.target)}` : ''}`,
  inferred: (t, r) => `infer ${escapeText(t.name)}${t.constraint ? ` extends ${r.type(t.constraint)}` : ''}`,
  object: (t, r) => r.object(t),
  unknown: (t) => escapeText(t.name),
};

export function createTypeRenderer(targetHref: (target: ApiTarget) => string | undefined): TypeRenderer {
  return new TypeHtml(targetHref);
}

class TypeHtml implements TypeRenderer {
  constructor(private readonly targetHref: (target: ApiTarget) => string | undefined) {}

  type = (t: ApiType): string => (HANDLERS[t.type] as (t: ApiType, r: TypeHtml) => string)(t, this);

  wrap(t: ApiType, min: Prec): string {
    return precedence(t) < min ? `(${this.type(t)})` : this.type(t);
  }

  list(types: readonly ApiType[], separator: string, min: Prec): string {
    return types.map((t) => this.wrap(t, min)).join(separator);
  }

  reference(t: ApiReferenceType): string {
    const external = t.target ? undefined : externalTypeName(t.name, t.package);
    const href = t.target ? this.targetHref(t.target) : external?.url;
    const name = escapeText(external?.text ?? t.name);
    const head = href ? `<a href="${escapeHtml(href)}">${name}</a>` : name;
    return t.typeArguments ? `${head}&lt;${this.list(t.typeArguments, ', ', Prec.Loose)}&gt;` : head;
  }

  typeParameters = (params: readonly ApiTypeParameter[] | undefined): string => {
    if (!params?.length) return '';
    const one = (p: ApiTypeParameter) =>
      `${p.variance ? `${p.variance} ` : ''}${escapeText(p.name)}${p.constraint ? ` extends ${this.type(p.constraint)}` : ''}${
        p.default ? ` = ${this.type(p.default)}` : ''
      }`;
    return `&lt;${params.map(one).join(', ')}&gt;`;
  };

  signature = (name: string, sig: ApiSignature, options: SignatureOptions = {}): string => {
    const params = sig.parameters
      .map((p) => `${p.rest ? '...' : ''}${escapeText(p.name)}${p.optional ? '?' : ''}${p.type ? `: ${this.type(p.type)}` : ''}`)
      .join(', ');
    const head = `${name}${this.typeParameters(sig.typeParameters)}(${params})`;
    if (options.hideReturn || !sig.returns) return head;
    return options.arrow ? `${head} =&gt; ${this.type(sig.returns)}` : `${head}: ${this.type(sig.returns)}`;
  };

  member = (m: ApiMember): string => {
    const name = propertyName(m.name);
    if (m.signatures?.length) return m.signatures.map((s) => this.signature(name, s)).join('; ');
    if (m.getter || m.setter) {
      const accessors = [];
      if (m.getter) accessors.push(`get ${this.signature(name, m.getter)}`);
      if (m.setter) accessors.push(`set ${this.signature(name, m.setter, { hideReturn: true })}`);
      return accessors.join('; ');
    }
    const prefix = m.flags.includes('readonly') && m.kind === 'property' ? 'readonly ' : '';
    const optional = m.flags.includes('optional') ? '?' : '';
    return `${prefix}${name}${optional}: ${m.type ? this.type(m.type) : 'unknown'}`;
  };

  /** A function type as an arrow, anything else as `{ …; … }`. */
  object(t: ApiObjectType): string {
    const calls = t.callSignatures ?? [];
    const constructs = t.constructSignatures ?? [];
    if (isFunctionType(t)) {
      return calls[0] ? this.signature('', calls[0], { arrow: true }) : this.signature('new ', constructs[0]!, { arrow: true });
    }
    const entries = [
      ...calls.map((s) => this.signature('', s)),
      ...constructs.map((s) => this.signature('new ', s)),
      ...(t.indexSignatures ?? []).map((i) => {
        const key = `${escapeText(i.parameter.name)}: ${i.parameter.type ? this.type(i.parameter.type) : 'string'}`;
        return `${i.readonly ? 'readonly ' : ''}[${key}]: ${this.type(i.type)}`;
      }),
      ...t.members.map(this.member),
    ];
    return entries.length ? `{ ${entries.join('; ')} }` : '{}';
  }
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
