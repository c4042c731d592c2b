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
