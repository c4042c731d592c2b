// The Markdown twins of the class, interface and enumeration pages
// (out/docs/api/classes/X.md) against TypeDoc's JSON: under each member's
// `### name`, every declaration in its ```ts block, with the flags it is
// prefixed with (static, abstract, protected), written as TypeScript.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { signature, typeText } from '../../unit/api/parity/typedoc-facts.ts';
import { fact } from './expected.ts';

/* eslint-disable @typescript-eslint/no-explicit-any -- TypeDoc's JSON schema, read loosely */
type J = any;

const DIRS: Record<number, string> = { 128: 'classes', 256: 'interfaces', 8: 'enumerations' };
const SECTIONS: Record<number, string> = { 512: 'Constructors', 1024: 'Properties', 262144: 'Accessors', 2048: 'Methods', 16: 'Members' };
const PREFIXED = ['static', 'abstract', 'protected'];

/** The twin facts TypeDoc's JSON implies: one per declaration of each member of each page item. */
export function expectedTwinFacts(project: J, code: (text: string) => string): string[] {
  const out: string[] = [];
  const visit = (children: J[] | undefined, ns: string): void => {
    for (const c of children ?? []) {
      const full = ns ? `${ns}.${c.name}` : c.name;
      if (c.kind === 4) visit(c.children, full);
      else if (DIRS[c.kind]) for (const m of c.children ?? []) out.push(...member(m, `${DIRS[c.kind]}/${full}.md`, code));
    }
  };
  visit(project.children, '');
  return out;
}

function member(m: J, page: string, code: (text: string) => string): string[] {
  const section = SECTIONS[m.kind] ?? `kind ${m.kind}`;
  const flags = PREFIXED.filter((f) => m.flags?.[`is${f[0]!.toUpperCase()}${f.slice(1)}`]);
  const at = (heading: string, text: string) => fact(page, section, heading, flags, code(text));
  const opt = m.flags?.isOptional ? '?' : '';
  switch (m.kind) {
    case 512:
      return (m.signatures ?? []).map((s: J) => at('constructor', `constructor${signature(s)}`));
    case 2048:
      return (m.signatures ?? []).map((s: J) => at(m.name, `${m.name}${signature(s)}`));
    case 262144: {
      const parts = [m.getSignature && `get ${m.name}${signature(m.getSignature)}`, m.setSignature && `set ${m.name}${signature({ ...m.setSignature, type: undefined })}`];
      return [at(m.name, parts.filter(Boolean).join('; '))];
    }
    case 1024:
      return [at(m.name, `${m.flags?.isReadonly ? 'readonly ' : ''}${m.name}${opt}: ${typeText(m.type)}`)];
    default:
      return [at(m.name, `${m.name} = ${typeText(m.type)}`)];
  }
}

/** The facts of every twin under `out`: each declaration of each `### member` block, its leading flags apart. */
export function twinFacts(out: string, code: (text: string) => string): string[] {
  const api = join(out, 'docs/api');
  const files = Object.values(DIRS).flatMap((d) => (existsSync(join(api, d)) ? readdirSync(join(api, d)).filter((n) => n.endsWith('.md')).map((n) => `${d}/${n}`) : []));
  return files.flatMap((page) => {
    const facts: string[] = [];
    let section = '';
    for (const block of readFileSync(join(api, page), 'utf8').split(/^(?=## |### )/m)) {
      if (block.startsWith('## ')) section = block.slice(3).split('\n')[0]!.trim();
      const member = /^### (.+)\n\n```ts\n([\s\S]*?)\n```/.exec(block);
      if (!member) continue;
      for (const declaration of declarations(member[2]!)) {
        const [, words = '', rest = ''] = /^((?:(?:static|abstract|protected) )*)([\s\S]*)$/.exec(declaration) ?? [];
        facts.push(fact(page, section, member[1]!, words.trim().split(' ').filter(Boolean), code(rest)));
      }
    }
    return facts;
  });
}

/** A block's declarations: overloads end a line with `;` outside any bracket. */
function declarations(block: string): string[] {
  const out: string[] = [];
  let current: string[] = [];
  let depth = 0;
  for (const line of block.split('\n')) {
    current.push(line);
    depth += (line.match(/[([{]/g) ?? []).length - (line.match(/[)\]}]/g) ?? []).length;
    if (depth === 0 && line.endsWith(';')) {
      out.push(current.join('\n').slice(0, -1));
      current = [];
    }
  }
  if (current.length) out.push(current.join('\n'));
  return out;
}
