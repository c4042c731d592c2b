// content/static reaches out/ as regular files only: links inside the
// repository are copied as files, links out, FIFOs and case twins are errors.
import { execFileSync } from 'node:child_process';
import { lstatSync, mkdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createServer } from 'node:net';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { copyStatic, listStaticFiles } from '../../../src/output/copy-static.ts';
import { own } from '../../../src/output/guard.ts';
import { ROOT } from '../../support/cli.ts';

const TMP = join(ROOT, 'test/.tmp/unit-copy-static');
const STATIC = join(TMP, 'static');

beforeEach(() => {
  rmSync(TMP, { recursive: true, force: true });
  mkdirSync(join(STATIC, 'img'), { recursive: true });
  writeFileSync(join(STATIC, 'img/logo.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  writeFileSync(join(TMP, 'notes.txt'), 'inside the repository');
});
afterAll(() => rmSync(TMP, { recursive: true, force: true }));

describe('static files', () => {
  it('copies links inside the repository as regular files', async () => {
    symlinkSync('../notes.txt', join(STATIC, 'notes.txt'));
    mkdirSync(join(TMP, 'shared'));
    writeFileSync(join(TMP, 'shared/font.woff2'), 'font');
    symlinkSync('../shared', join(STATIC, 'fonts'));
    const { files, diagnostics } = listStaticFiles(STATIC, TMP);
    expect(diagnostics).toEqual([]);
    expect(files.map((f) => f.path)).toEqual(['fonts/font.woff2', 'img/logo.svg', 'notes.txt']);
    const forget = await own(join(TMP, 'out'), 'copy-static-test'); // a build's claim owns out/
    await copyStatic(files, join(TMP, 'out'));
    forget();
    for (const p of ['fonts/font.woff2', 'img/logo.svg', 'notes.txt']) expect(lstatSync(join(TMP, 'out', p)).isFile()).toBe(true);
    expect(readFileSync(join(TMP, 'out/notes.txt'), 'utf8')).toBe('inside the repository');
  });

  it('refuses links out of the repository, FIFOs, dangling links and paths differing only in case', () => {
    symlinkSync('/etc/passwd', join(STATIC, 'passwd.txt'));
    execFileSync('mkfifo', [join(STATIC, 'pipe')]);
    symlinkSync('gone.png', join(STATIC, 'dangling.png'));
    writeFileSync(join(STATIC, 'img/Logo.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    const { files, diagnostics } = listStaticFiles(STATIC, TMP);
    expect(files.map((f) => f.path)).toEqual(['img/Logo.svg']);
    expect(diagnostics.map((d) => [d.code, d.file])).toEqual([
      ['content/link-outside', join(STATIC, 'passwd.txt')],
      ['content/bad-static-file', join(STATIC, 'dangling.png')],
      ['content/case-collision', join(STATIC, 'img/logo.svg')],
      ['content/bad-static-file', join(STATIC, 'pipe')],
    ]);
    expect(diagnostics[3]!.message).toMatch(/static\/pipe is a named pipe \(FIFO\), so it cannot be copied to the site\./);
    expect(diagnostics.slice(1).map((d) => [d.category, d.message.replace(/^.*\/static\//, ''), d.hint])).toEqual([
      ['content', 'dangling.png is a symbolic link to gone.png, which does not exist, so it cannot be copied to the site.', 'Replace it with a regular file, or remove it.'],
      ['content', 'The static files img/Logo.svg and img/logo.svg differ only in case: on macOS and Windows they are one file, and one would be lost.', 'Rename one of them.'],
      ['content', 'pipe is a named pipe (FIFO), so it cannot be copied to the site.', 'Replace it with a regular file, or remove it.'],
    ]);
  });

  it('refuses a socket', async () => {
    const server = createServer();
    await new Promise<void>((done) => server.listen(join(STATIC, 'live.sock'), done));
    try {
      const { diagnostics } = listStaticFiles(STATIC, TMP);
      expect(diagnostics.map((d) => d.message.replace(/^.*\/static\//, ''))).toContain('live.sock is a socket, so it cannot be copied to the site.');
    } finally {
      await new Promise((done) => server.close(done));
    }
  });
});
