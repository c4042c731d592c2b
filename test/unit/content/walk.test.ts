// Listing a content folder: links inside the repository are followed, links
// out and loops are errors naming the link, each real folder is listed once.
import { mkdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { listContentFiles } from '../../../src/content/walk.ts';
import { ROOT } from '../../support/cli.ts';

const TMP = join(ROOT, 'test/.tmp/unit-walk');
const DOCS = join(TMP, 'docs');
const list = () => {
  const r = listContentFiles(DOCS, { root: TMP, accept: (rel) => rel.endsWith('.md') });
  return { rels: r.files.map((f) => f.rel), problems: r.diagnostics.map((d) => [d.code, d.file]), messages: r.diagnostics.map((d) => d.message) };
};

beforeEach(() => {
  rmSync(TMP, { recursive: true, force: true });
  mkdirSync(join(DOCS, 'a'), { recursive: true });
  writeFileSync(join(DOCS, 'a/one.md'), '');
  writeFileSync(join(DOCS, 'two.md'), '');
  writeFileSync(join(DOCS, 'code.ts'), '');
});
afterAll(() => rmSync(TMP, { recursive: true, force: true }));

describe('listContentFiles', () => {
  it('lists the accepted files, sorted, and follows links to files and folders inside the repository', () => {
    mkdirSync(join(TMP, 'shared'));
    writeFileSync(join(TMP, 'shared/s.md'), '');
    symlinkSync('../shared', join(DOCS, 'linked'));
    symlinkSync('two.md', join(DOCS, 'three.md'));
    const r = listContentFiles(DOCS, { root: TMP, accept: (rel) => rel.endsWith('.md') });
    expect(r.diagnostics).toEqual([]);
    expect(r.files.map((f) => [f.rel, f.real])).toEqual([
      ['a/one.md', join(DOCS, 'a/one.md')],
      ['linked/s.md', join(TMP, 'shared/s.md')],
      ['three.md', join(DOCS, 'two.md')],
      ['two.md', join(DOCS, 'two.md')],
    ]);
  });

  it('a loop (self -> .) is one error naming the link, not nested copies', () => {
    symlinkSync('.', join(DOCS, 'self'));
    const { rels, problems, messages } = list();
    expect(rels).toEqual(['a/one.md', 'two.md']);
    expect(problems).toEqual([['content/link-loop', join(DOCS, 'self')]]);
    expect(messages[0]).toMatch(/docs\/self is a symbolic link to .*docs, a folder that contains it: following it would loop forever\./);
  });

  it('self plus up -> ../docs ends, with both links named', () => {
    symlinkSync('.', join(DOCS, 'self'));
    symlinkSync('../docs', join(DOCS, 'up'));
    symlinkSync('../../docs', join(DOCS, 'a/up'));
    expect(list().problems).toEqual([['content/link-loop', join(DOCS, 'a/up')], ['content/link-loop', join(DOCS, 'self')], ['content/link-loop', join(DOCS, 'up')]]);
  });

  it('a second way into a listed folder is an error, so listings stay finite', () => {
    symlinkSync('a', join(DOCS, 'b'));
    const { rels, problems, messages } = list();
    expect(rels).toEqual(['a/one.md', 'two.md']);
    expect(problems).toEqual([['content/link-loop', join(DOCS, 'b')]]);
    expect(messages[0]).toMatch(/docs\/b is a symbolic link to .*docs\/a, which is already listed as .*docs\/a\. Each folder is read once\./);
  });

  it('two links to one folder outside the listed one: the second is an error', () => {
    mkdirSync(join(TMP, 'shared'));
    writeFileSync(join(TMP, 'shared/s.md'), '');
    symlinkSync('../shared', join(DOCS, 'x'));
    symlinkSync('../shared', join(DOCS, 'y'));
    const { rels, problems } = list();
    expect(rels).toEqual(['a/one.md', 'two.md', 'x/s.md']);
    expect(problems).toEqual([['content/link-loop', join(DOCS, 'y')]]);
  });

  it('a link leading outside the repository is an error naming the link (files and folders)', () => {
    symlinkSync('/etc/passwd', join(DOCS, 'passwd.md'));
    symlinkSync('/etc', join(DOCS, 'etc'));
    symlinkSync('/etc/hostname', join(DOCS, 'ignored.txt'));
    const { rels, problems } = list();
    expect(rels).toEqual(['a/one.md', 'two.md']);
    expect(problems).toEqual([['content/link-outside', join(DOCS, 'etc')], ['content/link-outside', join(DOCS, 'passwd.md')]]);
  });

  it('lists a dangling link for its reader to report', () => {
    symlinkSync('gone.md', join(DOCS, 'dangling.md'));
    const r = listContentFiles(DOCS, { root: TMP, accept: (rel) => rel.endsWith('.md') });
    expect(r.files.find((f) => f.rel === 'dangling.md')).toEqual({ rel: 'dangling.md', path: join(DOCS, 'dangling.md'), real: undefined });
  });

  it('a missing folder lists nothing', () => {
    expect(listContentFiles(join(TMP, 'nope'), { root: TMP, accept: () => true })).toEqual({ files: [], diagnostics: [], links: [] });
  });
});
