// TypeDoc's own JSON (`typedoc --json`) → one line of text per fact a reader
// of the reference relies on: each export with its kind, each member with its
// kind and flags, each signature with its parameters and types as TypeScript.
// model-facts.ts writes the same lines from pkidocs's ApiModel.
/* eslint-disable @typescript-eslint/no-explicit-any -- TypeDoc's JSON schema, read loosely */
type J = any;

export const ITEM_KINDS: Record<number, string> = { 8: 'enum', 32: 'variable', 64: 'function', 128: 'class', 256: 'interface', 2097152: 'typeAlias' };
export const MEMBER_KINDS: Record<number, string> = { 16: 'enumMember', 512: 'constructor', 1024: 'property', 262144: 'accessor', 2048: 'method' };
const NAMESPACE = 4;

/** Facts of every export, namespaces themselves and their members under qualified names. */
export function typedocFacts(project: J): string[] {
  const facts: string[] = [];
  const visit = (children: J[] | undefined, prefix: string): void => {
    for (const c of children ?? []) {
      const name = `${prefix}${c.name}`;
      if (c.kind === NAMESPACE) {
        facts.push(`export ${name}: namespace`);
        visit(c.children, `${name}.`);
      }
      else facts.push(...itemFacts(c, name));
    }
  };
  visit(project.children, '');
  return facts;
}

function itemFacts(c: J, name: string): string[] {
  const kind = ITEM_KINDS[c.kind] ?? `kind${c.kind}`;
  const out = [`export ${name}: ${kind}`];
  if (kind === 'function') (c.signatures ?? []).forEach((s: J, i: number) => out.push(`signature ${name}#${i} ${signature(s)}`));
  if (kind === 'variable') out.push(`type ${name} ${typeText(c.type)}`);
  if (kind === 'typeAlias') out.push(`type ${name} ${c.type ? typeText(c.type) : objectText(c)}`);
  if (kind === 'interface') (c.signatures ?? []).forEach((s: J, i: number) => out.push(`call ${name}#${i} ${signature(s)}`));
  for (const s of c.indexSignatures ?? []) out.push(`index ${name} ${indexText(s)}`);
  if (kind === 'class' || kind === 'interface' || kind === 'enum') for (const m of c.children ?? []) out.push(...memberFacts(m, `${name}.${m.flags?.isStatic ? 'static ' : ''}${m.name}`));
  return out;
}

function memberFacts(m: J, name: string): string[] {
  const kind = MEMBER_KINDS[m.kind] ?? `kind${m.kind}`;
  const flags = ['isStatic', 'isAbstract', 'isProtected', 'isPrivate', 'isReadonly', 'isOptional'].filter((f) => m.flags?.[f] && !(kind === 'accessor' && f === 'isReadonly'));
  const out = [`member ${name}: ${kind} [${flags.map((f) => f.slice(2).toLowerCase()).join(' ')}]`];
  (m.signatures ?? []).forEach((s: J, i: number) => out.push(`signature ${name}#${i} ${signature(s)}`));
  if (m.getSignature) out.push(`get ${name} ${signature(m.getSignature)}`);
  if (m.setSignature) out.push(`set ${name} ${signature(m.setSignature)}`);
  if (m.type) out.push(`type ${name} ${typeText(m.type)}`);
  return out;
}

export function signature(s: J): string {
  const params = (s.parameters ?? []).map((p: J) => `${p.flags?.isRest ? '...' : ''}${p.name}${p.flags?.isOptional ? '?' : ''}: ${p.type ? typeText(p.type) : 'any'}`);
  return `${typeParameters(s.typeParameters)}(${params.join(', ')})${s.type ? `: ${typeText(s.type)}` : ''}`;
}

function typeParameters(list: J[] | undefined): string {
  if (!list?.length) return '';
  const one = (p: J) => `${p.varianceModifier ? `${p.varianceModifier} ` : ''}${p.name}${p.type ? ` extends ${typeText(p.type)}` : ''}${p.default ? ` = ${typeText(p.default)}` : ''}`;
  return `<${list.map(one).join(', ')}>`;
}

function indexText(s: J): string {
  const p = s.parameters?.[0];
  return `${s.flags?.isReadonly ? 'readonly ' : ''}[${p?.name ?? 'key'}: ${p?.type ? typeText(p.type) : 'string'}]: ${typeText(s.type)}`;
}

export function objectText(d: J): string {
  const sigs: J[] = d.signatures ?? [];
  if (!d.children?.length && !d.indexSignatures?.length && sigs.length === 1) {
    const s = sigs[0];
    return `${s.kind === 16384 ? 'new ' : ''}${signature({ ...s, type: undefined })} => ${typeText(s.type)}`;
  }
  const entries = [
    ...sigs.filter((s) => s.kind === 4096).map((s) => signature(s)),
    ...sigs.filter((s) => s.kind === 16384).map((s) => `new ${signature(s)}`),
    ...(d.indexSignatures ?? []).map(indexText),
    ...bySource(d.children ?? []).map((m: J) => {
      if (m.signatures?.length) return m.signatures.map((s: J) => `${m.name}${signature(s)}`).join('; ');
      if (m.getSignature || m.setSignature) {
        return [m.getSignature && `get ${m.name}${signature(m.getSignature)}`, m.setSignature && `set ${m.name}${signature({ ...m.setSignature, type: undefined })}`].filter(Boolean).join('; ');
      }
      return `${m.flags?.isReadonly ? 'readonly ' : ''}${m.name}${m.flags?.isOptional ? '?' : ''}: ${m.type ? typeText(m.type) : 'unknown'}`;
    }),
  ];
  return entries.length ? `{ ${entries.join('; ')} }` : '{}';
}

/**
 * TypeDoc's JSON (default sort) orders an object literal's members by kind, then
 * name; pkidocs's sort by kind, then as declared (properties, accessors, methods).
 */
function bySource(children: J[]): J[] {
  const rank = (m: J) => ({ 1024: 0, 262144: 1, 2048: 2 })[m.kind as number] ?? 0;
  const at = (m: J) => m.sources?.[0] ?? { fileName: '', line: 0, character: 0 };
  return [...children].sort((a, b) => rank(a) - rank(b) || at(a).fileName.localeCompare(at(b).fileName) || at(a).line - at(b).line || at(a).character - at(b).character);
}

export function typeText(t: J): string {
  if (!t) return 'unknown';
  switch (t.type) {
    case 'intrinsic':
    case 'unknown':
      return t.name;
    case 'literal':
      if (t.value === null) return 'null';
      if (typeof t.value === 'object') return `${t.value.negative ? '-' : ''}${t.value.value}n`;
      return typeof t.value === 'string' ? JSON.stringify(t.value) : String(t.value);
    case 'reference':
      return `${t.name}${t.typeArguments?.length ? `<${t.typeArguments.map(typeText).join(', ')}>` : ''}`;
    case 'array':
      return `${typeText(t.elementType)}[]`;
    case 'union':
      return t.types.map(typeText).join(' | ');
    case 'intersection':
      return t.types.map(typeText).join(' & ');
    case 'tuple':
      return `[${(t.elements ?? []).map(typeText).join(', ')}]`;
    case 'namedTupleMember':
      return `${t.name}${t.isOptional ? '?' : ''}: ${typeText(t.element)}`;
    case 'optional':
      return `${typeText(t.elementType)}?`;
    case 'rest':
      return `...${typeText(t.elementType)}`;
    case 'indexedAccess':
      return `${typeText(t.objectType)}[${typeText(t.indexType)}]`;
    case 'typeOperator':
      return `${t.operator} ${typeText(t.target)}`;
    case 'query':
      return `typeof ${typeText(t.queryType)}`;
    case 'conditional':
      return `${typeText(t.checkType)} extends ${typeText(t.extendsType)} ? ${typeText(t.trueType)} : ${typeText(t.falseType)}`;
    case 'mapped': {
      const ro = t.readonlyModifier === '+' ? 'readonly ' : t.readonlyModifier === '-' ? '-readonly ' : '';
      const opt = t.optionalModifier === '+' ? '?' : t.optionalModifier === '-' ? '-?' : '';
      return `{ ${ro}[${t.parameter} in ${typeText(t.parameterType)}${t.nameType ? ` as ${typeText(t.nameType)}` : ''}]${opt}: ${typeText(t.templateType)} }`;
    }
    case 'templateLiteral':
      return `\`${t.head}${t.tail.map(([type, text]: [J, string]) => `\${${typeText(type)}}${text}`).join('')}\``;
    case 'predicate':
      return `${t.asserts ? 'asserts ' : ''}${t.name}${t.targetType ? ` is ${typeText(t.targetType)}` : ''}`;
    case 'inferred':
      return `infer ${t.name}${t.constraint ? ` extends ${typeText(t.constraint)}` : ''}`;
    case 'reflection':
      return objectText(t.declaration);
    default:
      return `?${t.type}`;
  }
}
