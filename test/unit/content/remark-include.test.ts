// The region rules of code includes, on literal text: which lines a region
// shows, how markers nest and end, and the indentation taken off.
import { describe, expect, it } from 'vitest';
import { extractRegion } from '../../../src/content/plugins/remark-include.ts';

const FILE = [
  'import x from "x";',
  '// #region outer',
  'function outer() {',
  '  // #region inner',
  '  const a = 1;',
  '',
  '    const b = 2;',
  '  // #endregion inner',
  '  return a;',
  '}',
  '// #endregion outer',
  '//#region tight',
  'tight();',
  '//#endregion',
  '  // #region  spaced',
  '  spaced();',
  '  // #endregion',
  '// #regionless',
  'export {};',
].join('\n');

describe('extractRegion', () => {
  it('shows the whole file without any marker line', () => {
    expect(extractRegion(FILE, undefined)).toBe(
      ['import x from "x";', 'function outer() {', '  const a = 1;', '', '    const b = 2;', '  return a;', '}', 'tight();', '  spaced();', '// #regionless', 'export {};'].join('\n'),
    );
    expect(extractRegion(FILE, '')).toBe(extractRegion(FILE, undefined));
  });

  it('shows a region up to its own end marker, inner markers left out', () => {
    expect(extractRegion(FILE, 'outer')).toBe(['function outer() {', '  const a = 1;', '', '    const b = 2;', '  return a;', '}'].join('\n'));
  });

  it('takes off the indentation the region lines share, ignoring blank lines', () => {
    expect(extractRegion(FILE, 'inner')).toBe(['const a = 1;', '', '  const b = 2;'].join('\n'));
  });

  it('ends a region at an unnamed end marker and reads markers without a space or with several', () => {
    expect(extractRegion(FILE, 'tight')).toBe('tight();');
    expect(extractRegion(FILE, 'spaced')).toBe('spaced();');
  });

  it('has no region for a name that is not marked, nor for a word that only starts like a marker', () => {
    expect(extractRegion(FILE, 'missing')).toBeUndefined();
    expect(extractRegion(FILE, 'less')).toBeUndefined();
    expect(extractRegion('// #endregion a\nx', 'a')).toBeUndefined();
  });

  it('reads an empty region as empty, and a region left open to the end of the file', () => {
    expect(extractRegion('// #region e\n// #endregion e', 'e')).toBe('');
    expect(extractRegion('// #region open\n  a\n  b', 'open')).toBe('a\nb');
  });
});
