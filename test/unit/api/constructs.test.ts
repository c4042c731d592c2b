// The constructs fixture (test/fixtures/api/constructs): a declaration file
// nobody tuned the reference for, converted, rendered and written as twins.
import * as cheerio from 'cheerio';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ApiModel } from '../../../src/api/model.ts';
import { apiItemMarkdown, apiMarkdownContext } from '../../../src/publish/api-markdown.ts';
import { renderApiItemPage, type ApiRenderContext } from '../../../src/render/api/index.ts';
import { item, loadConstructs, renderContext } from './support.ts';

let model: ApiModel;
let ctx: ApiRenderContext;
beforeAll(async () => {
  ({ model } = await loadConstructs());
  ctx = await renderContext(model);
});

const twin = (name: string) => apiItemMarkdown(item(model, 'class', name), apiMarkdownContext(model, (p) => `https://example.org${p}`));

describe('a class index signature', () => {
  it('is converted', () => {
    const sig = item(model, 'class', 'Items').indexSignatures?.[0];
    expect(sig?.parameter).toMatchObject({ name: 'n', type: { type: 'intrinsic', name: 'number' } });
    expect(sig?.type).toMatchObject({ type: 'reference', name: 'T', typeParameter: true });
  });

  it('is rendered on the class page, in an Index Signatures section', () => {
    const $ = cheerio.load(renderApiItemPage(item(model, 'class', 'Items'), ctx).html);
    expect($('h2#index-signatures').text()).toBe('Index Signatures');
    expect($('#index-signatures-0').next().find('code, pre').first().text()).toBe('[n: number]: T');
  });

  it('is in the Markdown twin', () => {
    expect(twin('Items')).toContain('## Index signatures\n\n```ts\n[n: number]: T\n```');
  });
});

describe('the Markdown twin of a class', () => {
  it('writes each flag once', () => {
    const text = twin('Items');
    expect(text).toContain('static readonly DATA: string');
    expect(text).toContain('protected readonly tag: number');
    expect(text).not.toMatch(/\b(\w+) \1\b/);
  });

  it('puts no HTML inside its code fences, even for another package\'s types', () => {
    const fences = [...twin('Items').matchAll(/```ts\n([\s\S]*?)```/g)].map((m) => m[1]!);
    expect(fences.join('\n')).toContain('toSchema(): asn1js.Sequence');
    expect(fences.filter((f) => /<a[\s>]|<\/a>|<[a-z]+ [a-z-]+=/i.test(f))).toEqual([]);
  });
});
