// Patterns applied to content run in time linear in its length (#27): each
// input is 200 000 of the character a super-linear pattern repeats, plus a
// suffix that makes it fail, which took seconds to minutes before.
import { describe, expect, it } from 'vitest';
import { plainSummary } from '../../../src/api/typedoc/comments.ts';
import { projectFrame } from '../../../src/dev/errors.ts';
import { needsHtml } from '../../../src/publish/publish.ts';
import { renderInline } from '../../../src/render/api/simple-markdown.ts';
import { isSpace, linkText, oneOf, stripTags, trimRun } from '../../../src/shared/linear-text.ts';

const N = 200_000;
const FAST_MS = 500;

/** The result of `run`, asserting it took well under a second. */
function fast<T>(run: () => T): T {
  const start = performance.now();
  const result = run();
  expect(performance.now() - start).toBeLessThan(FAST_MS);
  return result;
}

describe('text edits on a long run that fails at its end', () => {
  it('strip tags and links as the patterns did', () => {
    expect(fast(() => stripTags(`${'<'.repeat(N)}x`))).toBe(`${'<'.repeat(N)}x`);
    expect(fast(() => stripTags(`a<b>c<>d<<e>`))).toBe('ac<>d');
    expect(fast(() => linkText(`${'['.repeat(N)}x`))).toBe(`${'['.repeat(N)}x`);
    expect(fast(() => linkText(`${'[a]('.repeat(N / 4)}x`))).toBe(`${'[a]('.repeat(N / 4)}x`);
    expect(fast(() => linkText('see ![the logo](a.png) and [x[y](u)'))).toBe('see the logo and x[y');
  }, 5_000);

  it('trim trailing runs, not one inside', () => {
    expect(fast(() => trimRun(`${' '.repeat(N)}x  `, isSpace))).toBe(`${' '.repeat(N)}x`);
    expect(fast(() => trimRun(`${','.repeat(N)}x,,`, oneOf(',')))).toBe(`${','.repeat(N)}x`);
  }, 5_000);
});

describe('content through the functions that use them', () => {
  it('a doc comment summary of 200 000 "[" or backticks', () => {
    const summary = (text: string) => ({ summary: [{ kind: 'text', text }] }) as unknown as Parameters<typeof plainSummary>[0];
    expect(fast(() => plainSummary(summary(`${'['.repeat(N)}x`)))).toBe(`${'['.repeat(N)}x`);
    expect(fast(() => plainSummary(summary(`${'`a'.repeat(N / 2)}`)))).toBe('a'.repeat(N / 2));
    expect(plainSummary(summary('Reads [a `PEM` file](x.md).\n\nMore.'))).toBe('Reads a PEM file.');
  }, 5_000);

  it('inline Markdown of 200 000 spaces', () => {
    expect(fast(() => renderInline(`${' '.repeat(N)}x`))).toBe(`${' '.repeat(N)}x`);
    expect(renderInline('a  \nb')).toBeUndefined();
  }, 5_000);

  it('a page of 200 000 blank lines is no table page, and a fence after them is', () => {
    const doc = (body: string) => ({ model: { type: 'doc', doc: { body } } }) as unknown as Parameters<typeof needsHtml>[0];
    expect(fast(() => needsHtml(doc(`${'\n'.repeat(N)}x`)))).toBe(false);
    expect(fast(() => needsHtml(doc(`${'\n \n'.repeat(N / 3)}  \`\`\`table\n`)))).toBe(true);
  }, 5_000);

  it('a stack line of 200 000 letters', () => {
    expect(fast(() => projectFrame(`Error\n    at ${'a'.repeat(N)} `, '/nowhere'))).toEqual({});
  }, 5_000);
});
