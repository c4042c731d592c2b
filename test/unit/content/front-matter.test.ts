import { existsSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseFrontMatter } from '../../../src/content/front-matter.ts';
import { ROOT } from '../../support/cli.ts';

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
    expect(diagnostics[0]!.message).toMatch(/^The front matter is not valid YAML: unexpected end of the stream within a flow collection\.$/);
    expect(diagnostics[0]!.hint).toMatch(/^Fix the YAML of that line .*put a value in quotes when it starts with \[/);
  });

  it('reports missing fields and unknown keys with the line of the key', () => {
    const { diagnostics } = parseFrontMatter('---\ntitle: A\nsidebar_pos: 3\n---\n', 'x.md');
    expect(diagnostics.map((d) => [d.message, d.line])).toEqual(
      expect.arrayContaining([
        ['Front matter field "description" is missing.', 1],
        ['Unknown front matter key "sidebar_pos".', 3],
      ]),
    );
  });

  it('names a field of the wrong type or empty in words, never in zod\'s', () => {
    const { diagnostics } = parseFrontMatter('---\ntitle: 3\ndescription: ""\nsidebar_label: [a]\n---\n', 'x.md');
    expect(diagnostics.map((d) => [d.message, d.line])).toEqual([
      ['Front matter field "title" must be text, not a number.', 2],
      ['Front matter field "description" is empty.', 3],
      ['Front matter field "sidebar_label" must be text, not a list.', 4],
    ]);
  });

  it('reports a block opened by --- and never closed, not the fields it seems to lack', () => {
    const { parsed, diagnostics } = parseFrontMatter('---\ntitle: A\ndescription: B\n\n# Body\n', 'open.md');
    expect(parsed).toBeUndefined();
    expect(diagnostics).toMatchObject([{ code: 'content/unclosed-front-matter', file: 'open.md', line: 1, message: 'The front matter opened by the --- on line 1 is never closed.' }]);
    expect(diagnostics[0]!.hint).toContain('Add a line holding only ---');
  });

  it.each(['js', 'javascript', 'JS', ' coffee', 'json', 'toml', 'yaml2'])('refuses ---%s front matter before any engine runs', (lang) => {
    const marker = join(ROOT, 'test/.tmp/front-matter-test-ran');
    rmSync(marker, { force: true });
    const source = `---${lang}\n{ title: (require('fs').writeFileSync(${JSON.stringify(marker)}, '1'), 'x'), description: String(process.env.HOME) }\n---\nBody`;
    const { parsed, diagnostics } = parseFrontMatter(source, 'evil.md');
    expect(parsed).toBeUndefined();
    expect(diagnostics).toMatchObject([{ code: 'content/front-matter-language', file: 'evil.md', line: 1, category: 'content' }]);
    expect(diagnostics[0]!.message).toBe(`The front matter is marked as "${lang.trim().toLowerCase()}"; only YAML front matter is allowed (other languages, JavaScript among them, would run or parse code at build time).`);
    expect(existsSync(marker)).toBe(false);
  });

  it('accepts ---yaml and ---yml, and treats ---- as no front matter', () => {
    expect(parseFrontMatter('---yaml\ntitle: A\ndescription: B\n---\n', 'a.md').parsed?.data).toEqual({ title: 'A', description: 'B' });
    expect(parseFrontMatter('---yml\ntitle: A\ndescription: B\n---\n', 'a.md').parsed?.data).toEqual({ title: 'A', description: 'B' });
    expect(parseFrontMatter('----\ntitle: A\n', 'a.md').diagnostics[0]?.code).toBe('content/invalid-front-matter');
  });
});
