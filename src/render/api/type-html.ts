// Type expressions and signatures → HTML, TypeScript syntax with every pkijs
// reference linked; declaration lines broken past the width (layout.ts). One handler per ApiType kind (the map below); parentheses
// come from operator precedence, where TypeScript would need them.
import type { ApiIndexSignature, ApiMember, ApiObjectType, ApiReferenceType, ApiSignature, ApiTarget, ApiType, ApiTypeParameter } from '../../api/model.ts';
import { escapeHtml, escapeText } from '../../shared/escape.ts';
import { externalTypeName } from './external-types.ts';
import { brokenGroup, type Doc, group, ifBreak, indent, joinLines, line, LINE_WIDTH, printDoc } from './layout.ts';

export interface TypeRenderer {
  type(type: ApiType): string;
  /** `name<T>(a: A, b?: B): R`; `arrow` gives `(a: A) => R` for function types. */
  signature(name: string, sig: ApiSignature, options?: SignatureOptions): string;
  typeParameters(params: readonly ApiTypeParameter[] | undefined): string;
  /** One member of an object type or interface, as declared: `readonly a?: T`. */
  member(member: ApiMember): string;
  /** `head` then the type, broken into lines past the width (`= A | B`, `x: { … }`). */
  declaration(head: string, type: ApiType): string;
  /** `readonly [key: K]: T`, on one line. */
  indexSignature(signature: ApiIndexSignature): string;
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

type Handlers = { [K in ApiType['type']]: (t: Extract<ApiType, { type: K }>, r: TypeHtml) => Doc };

const HANDLERS: Handlers = {
  intrinsic: (t) => escapeText(t.name),
  literal: (t) => escapeText(t.value),
  reference: (t, r) => r.reference(t),
  array: (t, r) => [r.wrap(t.element, Prec.Postfix), '[]'],
  union: (t, r) => r.union(t.types),
  intersection: (t, r) => r.list(t.types, ' &amp; ', Prec.Intersection),
  tuple: (t, r) => ['[', r.list(t.elements, ', ', Prec.Loose), ']'],
  namedTupleMember: (t, r) => [`${escapeText(t.name)}${t.optional ? '?' : ''}: `, r.doc(t.element)],
  optional: (t, r) => [r.wrap(t.element, Prec.Postfix), '?'],
  rest: (t, r) => ['...', r.wrap(t.element, Prec.Postfix)],
  indexedAccess: (t, r) => [r.wrap(t.object, Prec.Postfix), '[', r.doc(t.index), ']'],
  typeOperator: (t, r) => [`${escapeText(t.operator)} `, r.wrap(t.target, Prec.Operator)],
  query: (t, r) => ['typeof ', r.reference(t.target)],
  conditional: (t, r) => r.conditional(t, false),
  mapped: (t, r) => {
    const ro = t.readonlyModifier === '+' ? 'readonly ' : t.readonlyModifier === '-' ? '-readonly ' : '';
    const opt = t.optionalModifier === '+' ? '?' : t.optionalModifier === '-' ? '-?' : '';
    const as: Doc = t.nameType ? [' as ', r.doc(t.nameType)] : '';
    return group(['{', indent([line(' '), `${ro}[${escapeText(t.parameter)} in `, r.doc(t.parameterType), as, `]${opt}: `, r.doc(t.template), ifBreak(';')]), line(' '), '}']);
  },
  templateLiteral: (t, r) =>
    ['`', escapeText(t.head), ...t.tail.flatMap(([type, text]): Doc[] => ['${', r.doc(type), `}${escapeText(text)}`]), '`'],
  predicate: (t, r) => [`${t.asserts ? 'asserts ' : ''}${escapeText(t.name)}`, t.target ? [' is ', r.doc(t.target)] : ''],
  inferred: (t, r) => [`infer ${escapeText(t.name)}`, t.constraint ? [' extends ', r.doc(t.constraint)] : ''],
  object: (t, r) => r.object(t),
  unknown: (t) => escapeText(t.name),
};

/**
 * `width`: where declaration lines break (Infinity: never, for one-line uses such as search results).
 * `linkExternal`: false renders other packages' types as text too (Markdown twins, whose code fences take no HTML).
 */
export function createTypeRenderer(targetHref: (target: ApiTarget) => string | undefined, width = LINE_WIDTH, linkExternal = true): TypeRenderer {
  return new TypeHtml(targetHref, width, linkExternal);
}

class TypeHtml implements TypeRenderer {
  constructor(
    private readonly targetHref: (target: ApiTarget) => string | undefined,
    private readonly width: number,
    private readonly linkExternal: boolean,
  ) {}

  /** On one line, however long (parameter lists, return types). */
  type = (t: ApiType): string => printDoc(this.doc(t), Infinity);

  indexSignature = (i: ApiIndexSignature): string => printDoc(this.indexSignatureDoc(i), Infinity);

  doc = (t: ApiType): Doc => (HANDLERS[t.type] as (t: ApiType, r: TypeHtml) => Doc)(t, this);

  wrap(t: ApiType, min: Prec): Doc {
    return precedence(t) < min ? ['(', this.doc(t), ')'] : this.doc(t);
  }

  list(types: readonly ApiType[], separator: string, min: Prec): Doc {
    return types.flatMap((t, i) => (i ? [separator, this.wrap(t, min)] : [this.wrap(t, min)]));
  }

  /** `A | B` on one line, or one member per line, each after a `| `. */
  union(types: readonly ApiType[]): Doc {
    if (types.length < 2) return this.list(types, ' | ', Prec.Union);
    return group(indent(types.flatMap((t, i) => [line(i ? ' | ' : '', '| '), this.wrap(t, Prec.Union)])));
  }

  /** A chain (`A extends B ? x : C extends D ? y : z`) one branch per line, each level indented. */
  conditional(t: Extract<ApiType, { type: 'conditional' }>, inChain: boolean): Doc {
    const chain = inChain || t.falseType.type === 'conditional';
    const falseDoc = t.falseType.type === 'conditional' ? this.conditional(t.falseType, true) : this.doc(t.falseType);
    return (chain ? brokenGroup : group)([
      this.wrap(t.check, Prec.Union), ' extends ', this.wrap(t.extends, Prec.Union),
      indent([line(' '), '? ', this.doc(t.trueType), line(' '), ': ', falseDoc]),
    ]);
  }

  reference(t: ApiReferenceType): Doc {
    const external = t.target ? undefined : externalTypeName(t.name, t.package);
    const href = t.target ? this.targetHref(t.target) : this.linkExternal ? external?.url : undefined;
    const name = escapeText(external?.text ?? t.name);
    const head = href ? `<a href="${escapeHtml(href)}">${name}</a>` : name;
    return t.typeArguments ? [head, '&lt;', this.list(t.typeArguments, ', ', Prec.Loose), '&gt;'] : head;
  }

  typeParameters = (params: readonly ApiTypeParameter[] | undefined): string => printDoc(this.typeParametersDoc(params), Infinity);

  typeParametersDoc(params: readonly ApiTypeParameter[] | undefined): Doc {
    if (!params?.length) return '';
    const one = (p: ApiTypeParameter): Doc => [
      `${p.variance ? `${p.variance} ` : ''}${escapeText(p.name)}`,
      p.constraint ? [' extends ', this.doc(p.constraint)] : '',
      p.default ? [' = ', this.doc(p.default)] : '',
    ];
    return ['&lt;', params.flatMap((p, i) => (i ? [', ', one(p)] : [one(p)])), '&gt;'];
  }

  signature = (name: string, sig: ApiSignature, options: SignatureOptions = {}): string => printDoc(this.signatureDoc(name, sig, options), this.width);

  signatureDoc(name: string, sig: ApiSignature, options: SignatureOptions = {}): Doc {
    const params = sig.parameters.map((p): Doc => [
      `${p.rest ? '...' : ''}${escapeText(p.name)}${p.optional ? '?' : ''}`,
      p.type ? [': ', this.doc(p.type)] : '',
    ]);
    const returns: Doc = options.hideReturn || !sig.returns ? '' : [options.arrow ? ' =&gt; ' : ': ', this.doc(sig.returns)];
    const list: Doc = params.length ? [indent(joinLines(params, ',')), line('', '')] : '';
    // The return type is inside the group: a line too long with it breaks the parameters first.
    return [name, this.typeParametersDoc(sig.typeParameters), group(['(', list, ')', returns])];
  }

  member = (m: ApiMember): string => printDoc(this.memberDoc(m), this.width);

  /** One member of an object type or interface, as declared: `readonly a?: T`. */
  memberDoc(m: ApiMember): Doc {
    const name = propertyName(m.name);
    const all = (docs: Doc[]): Doc => docs.flatMap((d, i) => (i ? ['; ', d] : [d]));
    if (m.signatures?.length) return all(m.signatures.map((s) => this.signatureDoc(name, s)));
    if (m.getter || m.setter) {
      const accessors: Doc[] = [];
      if (m.getter) accessors.push(['get ', this.signatureDoc(name, m.getter)]);
      if (m.setter) accessors.push(['set ', this.signatureDoc(name, m.setter, { hideReturn: true })]);
      return all(accessors);
    }
    const prefix = m.flags.includes('readonly') && m.kind === 'property' ? 'readonly ' : '';
    const optional = m.flags.includes('optional') ? '?' : '';
    return [`${prefix}${name}${optional}: `, m.type ? this.doc(m.type) : 'unknown'];
  }

  declaration = (head: string, t: ApiType): string => printDoc([head, this.doc(t)], this.width);

  private indexSignatureDoc(i: ApiIndexSignature): Doc {
    return [`${i.readonly ? 'readonly ' : ''}[${escapeText(i.parameter.name)}: `, i.parameter.type ? this.doc(i.parameter.type) : 'string', ']: ', this.doc(i.type)];
  }

  /** A function type as an arrow, anything else as `{ …; … }`, one member per line when long. */
  object(t: ApiObjectType): Doc {
    const calls = t.callSignatures ?? [];
    const constructs = t.constructSignatures ?? [];
    if (isFunctionType(t)) {
      return calls[0] ? this.signatureDoc('', calls[0], { arrow: true }) : this.signatureDoc('new ', constructs[0]!, { arrow: true });
    }
    const entries: Doc[] = [
      ...calls.map((s) => this.signatureDoc('', s)),
      ...constructs.map((s) => this.signatureDoc('new ', s)),
      ...(t.indexSignatures ?? []).map((i) => this.indexSignatureDoc(i)),
      // An accessor pair is two entries: `get x(): T;` and `set x(v: T);` on lines of their own.
      ...t.members.flatMap((m) => (m.getter && m.setter ? [this.memberDoc({ ...m, setter: undefined }), this.memberDoc({ ...m, getter: undefined })] : [this.memberDoc(m)])),
    ];
    if (!entries.length) return '{}';
    const body = entries.flatMap((e, i) => (i ? [';', line(' ', ''), e] : [line(' ', ''), e]));
    const accessors = t.members.some((m) => m.getter || m.setter);
    return (accessors ? brokenGroup : group)(['{', indent([...body, ifBreak(';')]), line(' ', ''), '}']);
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
