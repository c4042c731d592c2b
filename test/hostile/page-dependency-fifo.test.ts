// A warm build keeps a page's rendered body when the files it was made from
// (a code include, a data module's inputs) still hold what they held: each
// is digested (module-inputs.ts digestOf). That digest read the file with
// readFile, which waits on a FIFO: a code include replaced by a FIFO since
// the last build hung every later build for good, before the content reader
// (which refuses a FIFO with a message) was ever asked.
import { execFileSync } from 'node:child_process';
import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { freshCheckout, INSTALLATION } from './support/fresh-checkout.ts';

const fresh = freshCheckout();

describe('a code include replaced by a FIFO after a build', () => {
  it('does not hang the next build, which names the FIFO', async () => {
    const snippet = join(fresh.checkout, 'content/docs/snippet.ts');
    writeFileSync(snippet, 'export const answer = 42;\n');
    writeFileSync(join(fresh.checkout, 'content/docs/installation.md'), `${INSTALLATION}\n\`\`\`ts include=./snippet.ts\n\`\`\`\n`);
    const first = await fresh.build();
    expect(first.code, first.output).toBe(0);
    rmSync(snippet);
    execFileSync('mkfifo', [snippet]);
    const result = await fresh.timedBuild(60_000);
    expect(result.code, `the build hung on the FIFO (killed after ${result.ms} ms)\n${result.output}`).not.toBe('killed');
    expect(result.code, result.output).not.toBe(0);
    expect(result.output).toMatch(/snippet\.ts is a named pipe \(FIFO\), not a regular file/);
  }, 180_000);
});
