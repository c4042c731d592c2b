// The type renderer on its own, one behaviour per test, from model objects
// built by hand: the exact HTML each kind of type, signature and member turns
// into, where lines break, where parentheses go and what gets a link. Every
// render happens inside its test so that mutation testing (perTest coverage)
// knows which tests read which code.
import { describe, expect, it } from 'vitest';
import type { ApiMember, ApiSignature, ApiType } from '../../../../src/api/model.ts';
import { createTypeRenderer } from '../../../../src/render/api/type-html.ts';

const ref = (name: string, typeArguments?: ApiType[]): ApiType => ({ type: 'reference', name, ...(typeArguments && { typeArguments }) });
const A = ref('A');
const B = ref('B');
const C = ref('C');
const union = (...types: ApiType[]): ApiType => ({ type: 'union', types });
const intersection = (...types: ApiType[]): ApiType => ({ type: 'intersection', types });
const array = (element: ApiType): ApiType => ({ type: 'array', element });
const sig = (parameters: ApiSignature['parameters'], returns?: ApiType): ApiSignature => ({ parameters, ...(returns && { returns }) });
const member = (m: Partial<ApiMember> & Pick<ApiMember, 'name'>): ApiMember => ({ kind: 'property', flags: [], ...m });

/** One line, no links. */
const types = () => createTypeRenderer(() => undefined);

describe('tuples', () => {
  it('lists the elements in brackets', () => {
    expect(types().type({ type: 'tuple', elements: [A, B] })).toBe('[A, B]');
  });

  it('names named members, with ? on optional ones', () => {
    const tuple: ApiType = {
      type: 'tuple',
      elements: [
        { type: 'namedTupleMember', name: 'x', optional: false, element: A },
        { type: 'namedTupleMember', name: 'y', optional: true, element: B },
      ],
    };
    expect(types().type(tuple)).toBe('[x: A, y?: B]');
  });

  it('marks optional and rest elements, parenthesising a union they apply to', () => {
    const tuple: ApiType = {
      type: 'tuple',
      elements: [A, { type: 'optional', element: B }, { type: 'optional', element: union(A, B) }, { type: 'rest', element: array(C) }],
    };
    expect(types().type(tuple)).toBe('[A, B?, (A | B)?, ...C[]]');
  });
});

describe('type queries, operators and indexed access', () => {
  it('renders typeof, parenthesised as an operator under []', () => {
    const query: ApiType = { type: 'query', target: { type: 'reference', name: 'token' } };
    expect(types().type(query)).toBe('typeof token');
    expect(types().type(array(query))).toBe('(typeof token)[]');
  });

  it('renders readonly and keyof before their operand', () => {
    expect(types().type({ type: 'typeOperator', operator: 'readonly', target: array(A) })).toBe('readonly A[]');
  });

  it('renders an indexed access with its index as written', () => {
    expect(types().type({ type: 'indexedAccess', object: A, index: { type: 'literal', value: '"names"' } })).toBe('A["names"]');
  });
});

describe('mapped types', () => {
  const mapped = (extra: Partial<Extract<ApiType, { type: 'mapped' }>>): ApiType => ({
    type: 'mapped',
    parameter: 'K',
    parameterType: { type: 'typeOperator', operator: 'keyof', target: ref('T') },
    template: { type: 'indexedAccess', object: ref('T'), index: ref('K') },
    ...extra,
  });

  it('renders one on a line without modifiers', () => {
    expect(types().type(mapped({}))).toBe('{ [K in keyof T]: T[K] }');
  });

  it('renders +readonly as readonly and -readonly as is', () => {
    expect(types().type(mapped({ readonlyModifier: '+' }))).toBe('{ readonly [K in keyof T]: T[K] }');
    expect(types().type(mapped({ readonlyModifier: '-' }))).toBe('{ -readonly [K in keyof T]: T[K] }');
  });

  it('renders +? as ? and -? as is', () => {
    expect(types().type(mapped({ optionalModifier: '+' }))).toBe('{ [K in keyof T]?: T[K] }');
    expect(types().type(mapped({ optionalModifier: '-' }))).toBe('{ [K in keyof T]-?: T[K] }');
  });

  it('renders a key remapping after as', () => {
    expect(types().type(mapped({ nameType: ref('N') }))).toBe('{ [K in keyof T as N]: T[K] }');
  });

  it('breaks past the width: the member on its own line, indented, with a semicolon', () => {
    const long = mapped({ template: ref('AVeryLongTemplateTypeNameThatDoesNotFitOnOneLineWithTheRestOfIt') });
    expect(types().declaration('type Mapped = ', long)).toBe(
      'type Mapped = {\n    [K in keyof T]: AVeryLongTemplateTypeNameThatDoesNotFitOnOneLineWithTheRestOfIt;\n}',
    );
  });
});

describe('template literals, predicates and infer', () => {
  it('renders a template literal with its placeholders and escaped text', () => {
    const template: ApiType = { type: 'templateLiteral', head: 'id<', tail: [[ref('N'), '-'], [ref('S'), '&']] };
    expect(types().type(template)).toBe('`id&lt;${N}-${S}&amp;`');
  });

  it('renders a type predicate, with asserts and without a type', () => {
    expect(types().type({ type: 'predicate', name: 'value', asserts: false, target: A })).toBe('value is A');
    expect(types().type({ type: 'predicate', name: 'value', asserts: true, target: A })).toBe('asserts value is A');
    expect(types().type({ type: 'predicate', name: 'value', asserts: true })).toBe('asserts value');
  });

  it('renders infer with and without a constraint', () => {
    expect(types().type({ type: 'inferred', name: 'U' })).toBe('infer U');
    expect(types().type({ type: 'inferred', name: 'U', constraint: A })).toBe('infer U extends A');
  });
});

describe('parentheses by precedence', () => {
  it.each<[string, ApiType, string]>([
    ['none around an array in an array', array(array(A)), 'A[][]'],
    ['none around a union in a union', union(union(A, B), C), 'A | B | C'],
    ['none around an intersection in an intersection', intersection(intersection(A, B), C), 'A &amp; B &amp; C'],
    ['none around a conditional in a tuple', {
      type: 'tuple',
      elements: [{ type: 'conditional', check: A, extends: B, trueType: C, falseType: A }],
    }, '[A extends B ? C : A]'],
    ['some around an intersection in an array', array(intersection(A, B)), '(A &amp; B)[]'],
    ['some around an intersection under keyof', { type: 'typeOperator', operator: 'keyof', target: intersection(A, B) }, 'keyof (A &amp; B)'],
    ['none around a one-member intersection in an array', array(intersection(A)), 'A[]'],
    ['none around a one-member union in an array', array(union(A)), 'A[]'],
    ['some around infer in an array', array({ type: 'inferred', name: 'U', constraint: A }), '(infer U extends A)[]'],
    ['some around a predicate in an array', array({ type: 'predicate', name: 'x', asserts: false, target: A }), '(x is A)[]'],
  ])('%s', (_, type, html) => {
    expect(types().type(type)).toBe(html);
  });
});

describe('unions', () => {
  it('keeps a one-member union on the line, whatever its length', () => {
    const long = union(ref('AVeryLongTypeNameThatAloneIsLongerThanTheWholeLineOfSeventyTwoColumns'));
    expect(types().declaration('type U = ', long)).toBe('type U = AVeryLongTypeNameThatAloneIsLongerThanTheWholeLineOfSeventyTwoColumns');
  });
});

describe('references', () => {
  it('renders type arguments in escaped angle brackets', () => {
    expect(types().type(ref('Map', [A, array(B)]))).toBe('Map&lt;A, B[]&gt;');
  });

  it('links pkijs references through the target href, leaving unknown names as text', () => {
    const linked = createTypeRenderer((t) => (t.name === 'Certificate' ? '/docs/api/classes/Certificate?a=1&b=2' : undefined));
    const certificate: ApiType = { type: 'reference', name: 'Certificate', target: { kind: 'class', name: 'Certificate' } };
    const missing: ApiType = { type: 'reference', name: 'Gone', target: { kind: 'class', name: 'Gone' } };
    expect(linked.type(union(certificate, missing, ref('Promise')))).toBe(
      '<a href="/docs/api/classes/Certificate?a=1&amp;b=2">Certificate</a> | Gone | Promise',
    );
  });
});

describe('type parameters', () => {
  it('renders none as nothing', () => {
    expect(types().typeParameters(undefined)).toBe('');
    expect(types().typeParameters([])).toBe('');
  });

  it('renders variance, constraint and default, comma-separated', () => {
    expect(types().typeParameters([{ name: 'T', variance: 'in', constraint: A, default: B }, { name: 'U' }, { name: 'V', variance: 'out' }])).toBe(
      '&lt;in T extends A = B, U, out V&gt;',
    );
  });
});

describe('signatures', () => {
  it('renders rest, optional and untyped parameters, type parameters and the return type', () => {
    const s: ApiSignature = {
      typeParameters: [{ name: 'T' }],
      parameters: [{ name: 'a', type: A }, { name: 'b', optional: true, type: B }, { name: 'c' }, { name: 'rest', rest: true, type: array(ref('T')) }],
      returns: ref('T'),
    };
    expect(types().signature('f', s)).toBe('f&lt;T&gt;(a: A, b?: B, c, ...rest: T[]): T');
  });

  it('renders an arrow, or no return type when asked', () => {
    expect(types().signature('', sig([{ name: 'a', type: A }], B), { arrow: true })).toBe('(a: A) =&gt; B');
    expect(types().signature('set x', sig([{ name: 'a', type: A }], ref('void')), { hideReturn: true })).toBe('set x(a: A)');
  });

  it('breaks a long parameter list one parameter per line, with a trailing comma', () => {
    const s = sig([{ name: 'firstParameterWithALongName', type: A }, { name: 'secondParameterWithALongName', type: B }], C);
    expect(types().signature('method', s)).toBe('method(\n    firstParameterWithALongName: A,\n    secondParameterWithALongName: B,\n): C');
  });
});

describe('members', () => {
  it('renders a property with its modifiers', () => {
    expect(types().member(member({ name: 'a', type: A }))).toBe('a: A');
    expect(types().member(member({ name: 'a', flags: ['readonly', 'optional'], type: A }))).toBe('readonly a?: A');
    expect(types().member(member({ name: 'content-type', type: A }))).toBe('"content-type": A');
  });

  it('prints readonly as a modifier of properties only, whatever flags another kind of member carries', () => {
    // A hand-built accessor without accessors: the renderer's public API accepts it.
    expect(types().member(member({ kind: 'accessor', name: 'x', flags: ['readonly'], type: A }))).toBe('x: A');
  });

  it('renders a property without a type as unknown', () => {
    expect(types().member(member({ name: 'a' }))).toBe('a: unknown');
  });

  it('renders each overload of a method, separated by semicolons', () => {
    const m = member({ kind: 'method', name: 'm', signatures: [sig([{ name: 'a', type: A }], B), sig([], C)] });
    expect(types().member(m)).toBe('m(a: A): B; m(): C');
  });

  it('renders an accessor pair as get and set, the setter without its return type', () => {
    const getter = sig([], A);
    const setter = sig([{ name: 'value', type: A }], ref('void'));
    expect(types().member(member({ kind: 'accessor', name: 'x', getter, setter }))).toBe('get x(): A; set x(value: A)');
    expect(types().member(member({ kind: 'accessor', name: 'x', flags: ['readonly'], getter }))).toBe('get x(): A');
    expect(types().member(member({ kind: 'accessor', name: 'x', setter }))).toBe('set x(value: A)');
  });
});

describe('declarations', () => {
  it('puts the head before the type, on one line when it fits', () => {
    expect(types().declaration('type T = ', union(A, B))).toBe('type T = A | B');
  });

  it('breaks a long union one member per line, each after a |', () => {
    const long = union(ref('FirstMemberWithQuiteALongName'), ref('SecondMemberWithQuiteALongName'), ref('Third'));
    expect(types().declaration('type T = ', long)).toBe(
      'type T =\n    | FirstMemberWithQuiteALongName\n    | SecondMemberWithQuiteALongName\n    | Third',
    );
  });
});

describe('object types', () => {
  it('renders a lone call signature as an arrow and a lone construct signature as new … =>', () => {
    expect(types().type({ type: 'object', members: [], callSignatures: [sig([{ name: 'a', type: A }], B)] })).toBe('(a: A) =&gt; B');
    expect(types().type({ type: 'object', members: [], constructSignatures: [sig([{ name: 'a', type: A }], B)] })).toBe('new (a: A) =&gt; B');
  });

  it('renders an empty object as {}', () => {
    expect(types().type({ type: 'object', members: [] })).toBe('{}');
  });

  it('renders a call signature beside members as a member, not an arrow', () => {
    const object: ApiType = { type: 'object', members: [member({ name: 'a', type: A })], callSignatures: [sig([], B)] };
    expect(types().type(object)).toBe('{ (): B; a: A }');
  });

  it('renders call, construct and index signatures, then members, separated by semicolons', () => {
    const object: ApiType = {
      type: 'object',
      members: [member({ name: 'a', type: A })],
      callSignatures: [sig([], A)],
      constructSignatures: [sig([], B)],
      indexSignatures: [
        { parameter: { name: 'key' }, type: C },
        { parameter: { name: 'i', type: ref('number') }, type: C, readonly: true },
      ],
    };
    expect(types().type(object)).toBe('{ (): A; new (): B; [key: string]: C; readonly [i: number]: C; a: A }');
  });

  it('breaks past the width: one entry per line, each with a semicolon', () => {
    const object: ApiType = {
      type: 'object',
      members: [member({ name: 'firstMemberName', type: ref('FirstMemberType') }), member({ name: 'secondMemberName', type: ref('SecondMemberType') })],
    };
    expect(types().declaration('type Shape = ', object)).toBe('type Shape = {\n    firstMemberName: FirstMemberType;\n    secondMemberName: SecondMemberType;\n}');
  });
});
