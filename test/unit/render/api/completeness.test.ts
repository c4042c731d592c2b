// Every class, interface and enumeration pkijs 3.3.2 exports has a page, and
// every member of each appears on it; every other export has its anchor on
// the globals page. The expectation comes from the TypeScript compiler
// reading the declaration file, not from pkidocs's model.
import * as cheerio from 'cheerio';
import ts from 'typescript';
import { beforeAll, describe, expect, it } from 'vitest';
import { isPageItem, type ApiModel } from '../../../../src/api/model.ts';
import { COMPILER_OPTIONS } from '../../../../src/api/options.ts';
import { renderApiGlobalsPage, renderApiItemPage, type ApiRenderContext } from '../../../../src/render/api/index.ts';
import { loadPkijs, PKIJS_DTS, renderContext, ROOT } from '../../api/support.ts';

type Kind = 'class' | 'interface' | 'enum' | 'typeAlias' | 'function' | 'variable';
interface Expected {
  kind: Kind;
  name: string;
  /** Member headings as the page shows them: `name`, `name?`, `name()`, `Constructor`. */
  headings: string[];
}

/** The exports of the declaration file and their members, by the compiler. */
function exportsByCompiler(): Expected[] {
  const options = ts.convertCompilerOptionsFromJson(COMPILER_OPTIONS, ROOT).options;
  const program = ts.createProgram([PKIJS_DTS], options);
  const checker = program.getTypeChecker();
  const moduleSymbol = checker.getSymbolAtLocation(program.getSourceFile(PKIJS_DTS)!)!;
  return checker.getExportsOfModule(moduleSymbol).map((exported) => {
    const symbol = exported.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(exported) : exported;
    const name = exported.name;
    const f = symbol.flags;
    if (f & ts.SymbolFlags.Class) return { kind: 'class', name, headings: classHeadings(checker, symbol) };
    if (f & ts.SymbolFlags.Interface) return { kind: 'interface', name, headings: interfaceHeadings(checker, symbol, name) };
    if (f & ts.SymbolFlags.Enum) return { kind: 'enum', name, headings: [...symbol.exports!.keys()].map(String) };
    if (f & ts.SymbolFlags.TypeAlias) return { kind: 'typeAlias', name, headings: [] };
    if (f & ts.SymbolFlags.Function) return { kind: 'function', name, headings: [] };
    return { kind: 'variable', name, headings: [] };
  });
}

function heading(checker: ts.TypeChecker, p: ts.Symbol): string {
  if (p.flags & ts.SymbolFlags.Method) return `${p.name}()`;
  if (p.flags & ts.SymbolFlags.Accessor) return p.name;
  return p.flags & ts.SymbolFlags.Optional ? `${p.name}?` : p.name;
}

const isPrivate = (p: ts.Symbol) =>
  p.name.startsWith('#') || (p.declarations ?? []).some((d) => ts.getCombinedModifierFlags(d) & ts.ModifierFlags.Private);

function classHeadings(checker: ts.TypeChecker, symbol: ts.Symbol): string[] {
  const instance = checker.getPropertiesOfType(checker.getDeclaredTypeOfSymbol(symbol));
  const staticSide = checker.getTypeOfSymbol(symbol);
  const statics = checker.getPropertiesOfType(staticSide).filter((p) => p.name !== 'prototype');
  const ctor = checker.getSignaturesOfType(staticSide, ts.SignatureKind.Construct).length ? ['Constructor'] : [];
  return [...ctor, ...[...instance, ...statics].filter((p) => !isPrivate(p)).map((p) => heading(checker, p))];
}

function interfaceHeadings(checker: ts.TypeChecker, symbol: ts.Symbol, name: string): string[] {
  const type = checker.getDeclaredTypeOfSymbol(symbol);
  const out = checker.getPropertiesOfType(type).map((p) => heading(checker, p));
  if (checker.getSignaturesOfType(type, ts.SignatureKind.Construct).length) out.push('Constructor');
  if (checker.getSignaturesOfType(type, ts.SignatureKind.Call).length) out.push(`${name}()`);
  if (checker.getIndexInfosOfType(type).length) out.push('[key]');
  return out;
}

const SECTIONS: Partial<Record<Kind, string>> = { typeAlias: 'type-aliases', function: 'functions', variable: 'variables' };

let model: ApiModel;
let ctx: ApiRenderContext;
let expected: Expected[];
beforeAll(async () => {
  ({ model } = await loadPkijs());
  ctx = await renderContext(model);
  expected = exportsByCompiler();
});

describe('completeness against the TypeScript compiler', () => {
  it('finds the exports the project documents: 127 classes, 273 interfaces, 3 enumerations', () => {
    const count = (kind: Kind) => expected.filter((e) => e.kind === kind).length;
    expect([count('class'), count('interface'), count('enum')]).toEqual([127, 273, 3]);
  });

  it('renders a page for every class, interface and enumeration, with every member under an h3', () => {
    const pages = new Map(model.items.filter(isPageItem).map((i) => [`${i.kind} ${i.name}`, i]));
    const wanted = expected.filter((e) => e.kind === 'class' || e.kind === 'interface' || e.kind === 'enum');
    expect([...pages.keys()].sort()).toEqual(wanted.map((e) => `${e.kind} ${e.name}`).sort());
    for (const e of wanted) {
      const body = renderApiItemPage(pages.get(`${e.kind} ${e.name}`)!, ctx);
      expect(body.title).toBe(e.name);
      const $ = cheerio.load(body.html);
      // Type parameters have h3s of their own; they are not members.
      const shown = $('section').filter((_, s) => $(s).children('h2').attr('id') !== 'type-parameters').find('h3').map((_, h) => $(h).text()).get();
      expect(shown.sort(), `${e.kind} ${e.name}`).toEqual([...e.headings].sort());
    }
  });

  it('gives every type alias, function and variable an anchor on the globals page', () => {
    const $ = cheerio.load(renderApiGlobalsPage(ctx).html);
    const globals = expected.filter((e) => e.kind === 'typeAlias' || e.kind === 'function' || e.kind === 'variable');
    expect(globals.length).toBeGreaterThan(250);
    for (const g of globals) {
      const h3 = $(`#${g.name.toLowerCase()}`);
      expect(h3.prop('tagName'), g.name).toBe('H3');
      expect(h3.text()).toBe(g.kind === 'function' ? `${g.name}()` : g.name);
      expect(h3.closest('section').children('h2').attr('id')).toBe(SECTIONS[g.kind]);
    }
  });
});
