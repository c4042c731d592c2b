// The TypeDoc → ApiModel conversion, one reflection kind at a time, on the
// sample fixture (test/fixtures/api/sample).
import { beforeAll, describe, expect, it } from 'vitest';
import type { ApiMember, ApiModel } from '../../../src/api/model.ts';
import { item, loadSample } from './support.ts';

let model: ApiModel;
beforeAll(async () => {
  ({ model } = await loadSample());
});

const member = (members: ApiMember[], name: string, isStatic = false) =>
  members.find((m) => m.name === name && m.flags.includes('static') === isStatic);

describe('the model', () => {
  it('holds every export once, sorted by name, with its kind', () => {
    const names = model.items.map((i) => i.name);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'en')));
    expect(new Set(names).size).toBe(names.length);
    const kinds = Object.fromEntries(model.items.map((i) => [i.name, i.kind]));
    expect(kinds).toMatchObject({ Base: 'class', Shape: 'interface', Color: 'enum', UnionT: 'typeAlias', make: 'function', verbose: 'variable' });
  });

  it('is plain data that survives a JSON round trip', () => {
    expect(JSON.parse(JSON.stringify(model))).toEqual(model);
  });

  it('gives every item a one-line plain summary, without Markdown or link syntax', () => {
    expect(item(model, 'class', 'Base').summary).toBe('The root of the sample hierarchy. See Circle and its radius.');
    expect(item(model, 'interface', 'Options').summary).toBe('Options accepted by schema().');
    expect(item(model, 'function', 'make').summary).toBe('Makes a circle.');
    expect(item(model, 'typeAlias', 'UnionT').summary).toBe('');
  });
});

describe('classes', () => {
  it('orders members constructors, properties, accessors, methods; instance before static, own before inherited, then as declared', () => {
    const circle = item(model, 'class', 'Circle');
    expect(circle.members.map((m) => `${m.kind}:${m.flags.includes('static') ? 'static ' : ''}${m.name}`)).toEqual([
      'constructor:constructor',
      'property:radius',
      'property:payload',
      'property:name', // inherited from Base, in Base's order
      'property:tag',
      'property:secret',
      'property:static CLASS_NAME',
      'accessor:id',
      'accessor:label',
      'method:area',
      'method:scale',
      'method:describe',
      'method:static schema',
      'method:static compare',
    ]);
  });

  it('records flags, hierarchy and where members come from', () => {
    const base = item(model, 'class', 'Base');
    const circle = item(model, 'class', 'Circle');
    expect(base.abstract).toBe(true);
    expect(member(base.members, 'area')?.flags).toEqual(['abstract']);
    expect(member(base.members, 'secret')?.flags).toEqual(['protected']);
    expect(member(base.members, 'name')?.flags).toEqual(['readonly']);
    expect(member(base.members, 'tag')?.flags).toEqual(['optional']);
    expect(member(base.members, 'id')?.flags).toEqual(['readonly']); // getter without setter
    expect(base.extendedBy.map((t) => t.name)).toEqual(['Circle', 'Square']);
    expect(circle.extends).toEqual([{ type: 'reference', name: 'Base', target: { kind: 'class', name: 'Base' } }]);
    expect(circle.implements).toEqual([{ type: 'reference', name: 'Shape', target: { kind: 'interface', name: 'Shape' } }]);
    expect(member(circle.members, 'describe')?.inheritedFrom).toEqual({
      name: 'Base.describe',
      target: { kind: 'class', name: 'Base', member: 'describe' },
    });
    expect(member(circle.members, 'schema', true)?.overrides).toEqual({
      name: 'Base.schema',
      target: { kind: 'class', name: 'Base', member: 'schema', static: true },
    });
    expect(member(circle.members, 'area')?.implementationOf?.target).toEqual({ kind: 'interface', name: 'Shape', member: 'area' });
  });

  it('keeps overloads, parameters, defaults and type parameters', () => {
    const circle = item(model, 'class', 'Circle');
    const ctor = member(circle.members, 'constructor')!;
    expect(ctor.signatures?.map((s) => s.parameters.map((p) => p.name))).toEqual([['radius'], ['diameter', 'unit']]);
    expect(member(circle.members, 'scale')?.signatures).toHaveLength(2);
    expect(circle.typeParameters).toEqual([
      { name: 'T', default: { type: 'intrinsic', name: 'unknown' }, doc: { summary: ['Payload kind carried by the circle'], tags: [] } },
    ]);
    const describe = member(circle.members, 'describe')!.signatures![0]!;
    expect(describe.parameters[0]).toMatchObject({ name: 'verbose', optional: true, doc: { summary: ['Whether to add details'] } });
    expect(describe.doc?.tags).toEqual([{ tag: '@returns', content: ['A description'] }]);
  });

  it('converts getters and setters', () => {
    const label = member(item(model, 'class', 'Base').members, 'label')!;
    expect(label.getter?.returns).toEqual({ type: 'intrinsic', name: 'string' });
    expect(label.setter?.parameters.map((p) => p.name)).toEqual(['value']);
    expect(label.flags).toEqual([]);
  });
});

describe('doc comments', () => {
  it('keeps {@link} targets as data and Markdown as written', () => {
    const doc = item(model, 'class', 'Base').doc!;
    expect(doc.summary).toEqual([
      'The root of the sample hierarchy. See ',
      { text: 'Circle', target: { kind: 'class', name: 'Circle' } },
      ' and ',
      { text: 'its radius', target: { kind: 'class', name: 'Circle', member: 'radius' } },
      '.\n\n- first point\n- second point',
    ]);
    expect(doc.tags.map((t) => t.tag)).toEqual(['@remarks', '@example']);
  });

  it('keeps block tags a bare @inheritDoc would drop (pkijs puts ASN.1 schemas there)', () => {
    const schema = member(item(model, 'class', 'Circle').members, 'schema', true)!.signatures![0]!;
    expect(schema.doc?.summary).toEqual(['Returns the schema.']);
    const asn = schema.doc?.tags.find((t) => t.tag === '@asn');
    expect(asn?.content.join('')).toContain('Circle ::= SEQUENCE { radius INTEGER }');
  });

  it('keeps @deprecated, @since, @see, @throws and unknown tags', () => {
    const circle = item(model, 'class', 'Circle');
    expect(circle.doc?.tags.map((t) => t.tag)).toEqual(['@since', '@see']);
    const compare = member(circle.members, 'compare', true)!.signatures![0]!.doc!;
    expect(compare.tags.map((t) => [t.tag, t.name])).toEqual([
      ['@deprecated', undefined],
      ['@throws', 'RangeError'],
    ]);
    const rotate = member(item(model, 'class', 'Square').members, 'rotate')!.signatures![0]!.doc!;
    expect(rotate.tags).toEqual([{ tag: '@customTag', content: ['Something special'] }]);
  });
});

describe('interfaces, enums, type aliases, functions, variables', () => {
  it('converts interface call, construct and index signatures', () => {
    const factory = item(model, 'interface', 'ShapeFactory');
    expect(factory.callSignatures?.map((s) => s.parameters[0]?.name)).toEqual(['radius']);
    expect(factory.indexSignatures?.[0]).toMatchObject({ parameter: { name: 'key' }, type: { type: 'intrinsic', name: 'unknown' } });
    const ctor = member(factory.members, 'constructor')!;
    expect(ctor.signatures?.[0]?.returns).toMatchObject({ type: 'reference', name: 'Circle' });
    expect(ctor.inheritedFrom).toBeUndefined(); // TypeDoc's bogus Named.constructor link is dropped
    expect(factory.extends.map((t) => t.type === 'reference' && t.name)).toEqual(['Named']);
    expect(item(model, 'interface', 'Shape').implementedBy.map((t) => t.name)).toEqual(['Circle']);
  });

  it('converts enum members with their values, in order of value', () => {
    const color = item(model, 'enum', 'Color');
    expect(color.members.map((m) => [m.kind, m.name, m.type])).toEqual([
      ['enumMember', 'Red', { type: 'literal', value: '1' }],
      ['enumMember', 'Green', { type: 'literal', value: '2' }],
      ['enumMember', 'Blue', { type: 'literal', value: '4' }],
    ]);
    expect(item(model, 'enum', 'Unit').members.map((m) => m.type)).toEqual([
      { type: 'literal', value: '"cm"' },
      { type: 'literal', value: '"mm"' },
    ]);
  });

  it('converts functions with overloads and predicates, and variables', () => {
    expect(item(model, 'function', 'make').signatures).toHaveLength(2);
    expect(item(model, 'function', 'isCircle').signatures[0]?.returns).toMatchObject({ type: 'predicate', name: 'value', asserts: false });
    expect(item(model, 'function', 'assertShape').signatures[0]?.returns).toMatchObject({ type: 'predicate', asserts: true });
    expect(item(model, 'variable', 'DEFAULT_RADIUS')).toMatchObject({ const: true, type: { type: 'literal', value: '1' } });
    expect(item(model, 'variable', 'verbose')).toMatchObject({ type: { type: 'intrinsic', name: 'boolean' } });
    expect(item(model, 'variable', 'verbose').const).toBeUndefined();
  });

  it('converts a reference to an enum member, a type parameter and an external type', () => {
    expect(item(model, 'typeAlias', 'EnumMemberT').type).toEqual({
      type: 'reference',
      name: 'Color.Red',
      target: { kind: 'enum', name: 'Color', member: 'Red' },
    });
    const generic = item(model, 'typeAlias', 'GenericT').type;
    expect(generic).toEqual({
      type: 'reference',
      name: 'Promise',
      package: 'typescript',
      typeArguments: [{ type: 'array', element: { type: 'reference', name: 'T', typeParameter: true } }],
    });
  });
});
