// A page's Markdown twin (src/publish/doc-twin.ts) fills in code includes
// with a regular expression run over the page's raw Markdown:
//   ^([ \t]*)(`{3,}|~{3,})([^\n]*?)\binclude=(\S+)([^\n]*)\n[ \t]*\2[ \t]*$
// Its lazy prefix, \S+ and [^\n]* all range over one line, so a line that
// opens with ``` and holds "include=" many times without a closing fence
// after it backtracks at least quadratically. Inside a ````text fence that
// line is plain code to Markdown, so the render stage passes it, and the
// publish stage then spins on the main thread:
// measured with node on the bare expression, 7 KB took 0.12 s, 14 KB 1.2 s,
// 29 KB 4 s; in a build, a 58 KB page's publish stage took 8.1 s (its render
// 0.27 s), so the 2 MB a page may hold is hours. A 173 KB page, which the
// render stage takes in 0.8 s, should be built (or refused) in seconds.
// Fixed: the twin finds its fences by parsing the page (src/publish/doc-twin.ts).
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { freshCheckout } from './support/fresh-checkout.ts';

const { checkout: CHECKOUT, timedBuild: timedBuildWithin } = freshCheckout();
const LIMIT_MS = 25_000;
const timedBuild = () => timedBuildWithin(LIMIT_MS);
const front = '---\ntitle: Includes\ndescription: One line of code that names include= many times.\n---\n\n';


describe('a Markdown twin of a page with a long line of include= in a code block', () => {
  it('control: a line as long without "include=" builds in seconds', async () => {
    writeFileSync(join(CHECKOUT, 'content/docs/includes.md'), `${front}\`\`\`\`text\n\`\`\`${'xxxxxxx=x'.repeat(19200)}\n\`\`\`\`\n`);
    const built = await timedBuild();
    expect(built.code, built.output).toBe(0);
    expect(built.ms).toBeLessThan(LIMIT_MS);
  }, 60_000);

  it(`a 173 KB page: the build ends (built or refused) within ${LIMIT_MS / 1000} s`, async () => {
    writeFileSync(join(CHECKOUT, 'content/docs/includes.md'), `${front}\`\`\`\`text\n\`\`\`${'include=x'.repeat(19200)}\n\`\`\`\`\n`);
    const built = await timedBuild();
    expect(built.code, `killed after ${built.ms} ms; the stages it printed:\n${built.output}`).not.toBe('killed');
  }, 60_000);

  it(`lines of \`\`\`table in a ~~~~text fence, 360 KB: the build ends within ${LIMIT_MS / 1000} s`, async () => {
    // TABLE_FENCE (same file) scans lazily from each \`\`\`table line to the end for a closing \`\`\`: quadratic too.
    writeFileSync(join(CHECKOUT, 'content/docs/includes.md'), `${front}~~~~text\n${'```table\n'.repeat(40_000)}~~~~\n`);
    const built = await timedBuild();
    expect(built.code, `killed after ${built.ms} ms; the stages it printed:\n${built.output}`).not.toBe('killed');
  }, 60_000);
});
