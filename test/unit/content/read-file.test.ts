// One content file read as hostile input: vanished, a link out, a FIFO, too big.
import { execFileSync } from 'node:child_process';
import { mkdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { readContentFile } from '../../../src/content/read-file.ts';
import { ROOT } from '../../support/cli.ts';

const TMP = join(ROOT, 'test/.tmp/unit-read-file');
const limits = { boundary: TMP, boundaryName: 'the repository', maxBytes: 100 };

beforeEach(() => {
  rmSync(TMP, { recursive: true, force: true });
  mkdirSync(TMP, { recursive: true });
});
afterAll(() => rmSync(TMP, { recursive: true, force: true }));

describe('readContentFile', () => {
  it('reads a regular file, and one through a link inside the boundary', () => {
    writeFileSync(join(TMP, 'a.md'), 'hello');
    symlinkSync('a.md', join(TMP, 'b.md'));
    expect(readContentFile(join(TMP, 'a.md'), limits)).toEqual({ text: 'hello', real: join(TMP, 'a.md') });
    expect(readContentFile(join(TMP, 'b.md'), limits)).toEqual({ text: 'hello', real: join(TMP, 'a.md') });
  });

  it('a file deleted after it was listed is a content problem naming it', () => {
    const r = readContentFile(join(TMP, 'gone.md'), limits);
    expect(r.problem?.code).toBe('content/file-vanished');
    expect(r.problem?.message).toMatch(/gone\.md no longer exists: it was listed, then deleted or renamed while the build was running\./);
  });

  it('a link to nothing says so', () => {
    symlinkSync('nowhere.md', join(TMP, 'dangling.md'));
    expect(readContentFile(join(TMP, 'dangling.md'), limits).problem).toMatchObject({ code: 'content/broken-link', message: expect.stringMatching(/dangling\.md is a symbolic link to nowhere\.md, which does not exist\./) });
  });

  it('never reads through a link leading out of the boundary', () => {
    symlinkSync('/etc/passwd', join(TMP, 'passwd.md'));
    const r = readContentFile(join(TMP, 'passwd.md'), limits);
    expect(r.problem?.code).toBe('content/link-outside');
    expect(r.problem?.message).toMatch(/passwd\.md is a symbolic link to \/etc\/passwd, which is outside the repository/);
    expect(JSON.stringify(r)).not.toContain('root:');
  });

  it('a loop of links says so', () => {
    symlinkSync('b.md', join(TMP, 'a.md'));
    symlinkSync('a.md', join(TMP, 'b.md'));
    expect(readContentFile(join(TMP, 'a.md'), limits).problem).toMatchObject({ code: 'content/link-loop', message: expect.stringMatching(/a\.md is a symbolic link to b\.md, which leads back to itself \(a loop of links\)\./) });
  });

  it('refuses a FIFO without waiting for a writer, and a device', () => {
    execFileSync('mkfifo', [join(TMP, 'pipe.md')]);
    expect(readContentFile(join(TMP, 'pipe.md'), limits).problem).toMatchObject({ code: 'content/not-a-file', message: expect.stringMatching(/pipe\.md is a named pipe \(FIFO\), not a regular file/) });
    expect(readContentFile('/dev/zero', { ...limits, boundary: '/' }).problem?.code).toBe('content/not-a-file');
  });

  it('refuses a file over the size limit before reading it', () => {
    writeFileSync(join(TMP, 'big.md'), 'x'.repeat(101));
    writeFileSync(join(TMP, 'ok.md'), 'x'.repeat(100));
    expect(readContentFile(join(TMP, 'big.md'), limits).problem?.message).toMatch(/big\.md is 101 bytes, more than the limit of 100 bytes \(limits\.maxPageBytes\)\./);
    expect(readContentFile(join(TMP, 'ok.md'), limits).problem).toBeUndefined();
  });
});
