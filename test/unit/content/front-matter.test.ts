import { describe, expect, it } from 'vitest';
import { parseFrontMatter } from '../../../src/content/front-matter.ts';

describe('parseFrontMatter', () => {
  it('reads valid front matter and counts its lines', () => {
    const { parsed, diagnostics } = parseFrontMatter('---\ntitle: A\ndescription: B\nsidebar_position: 2\n---\n\nBody', 'a.md');
    expect(diagnostics).toEqual([]);
    expect(parsed?.data).toEqual({ title: 'A', description: 'B', sidebar_position: 2 });
    expect(parsed?.lineOffset).toBe(5);
    expect(parsed?.body.trim()).toBe('Body');
  });

  it('reports malformed YAML at its file line', () => {
    const { parsed, diagnostics } = parseFrontMatter('---\ntitle: A\ndescription: [unclosed\n---\nBody', 'bad.md');
    expect(parsed).toBeUndefined();
    expect(diagnostics).toHaveLength(1);
    expect(diagnostics[0]).toMatchObject({ code: 'content/bad-front-matter', file: 'bad.md', category: 'content' });
    expect(diagnostics[0]!.line).toBeGreaterThanOrEqual(3);
    expect(diagnostics[0]!.message).toMatch(/^The front matter is not valid YAML/);
  });

  it('reports missing fields and unknown keys with the line of the key', () => {
    const { diagnostics } = parseFrontMatter('---\ntitle: A\nsidebar_pos: 3\n---\n', 'x.md');
    expect(diagnostics.map((d) => [d.message, d.line])).toEqual(
      expect.arrayContaining([
        ['Front matter field "description" is invalid: Invalid input: expected string, received undefined.', 1],
        ['Unknown front matter key(s) "sidebar_pos".', 3],
      ]),
    );
  });
});
