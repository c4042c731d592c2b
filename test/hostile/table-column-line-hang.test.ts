// A ```table fence's column lines ("Header = field") are matched one by one
// in src/content/plugins/remark-table.ts (parseColumns) by
//   ^(.+?)\s*=\s*(`?)([A-Za-z_$][\w$]*)\2$
// For a line with no "=", every length the lazy header tries is followed by
// \s* taking the whole run of blanks after it, then giving it back one blank
// at a time: a run of n blanks costs n²/2 steps. Measured with node on the
// bare expression: 20 000 blanks 1.4 s, 40 000 blanks 5.6 s, so the 200 000
// of this test are minutes, and the 2 MB a page may hold, hours, on the
// main thread (Ctrl-C aside). Column lines are checked before the rows are
// read, so any rows= will do. The same line without blanks is refused at once.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { freshCheckout } from './support/fresh-checkout.ts';

const { checkout: CHECKOUT, timedBuild: timedBuildWithin } = freshCheckout();
const LIMIT_MS = 25_000;
const timedBuild = () => timedBuildWithin(LIMIT_MS);
const page = (columnLine: string): string =>
  `---\ntitle: Kinds\ndescription: A generated table with one odd column line.\n---\n\n\`\`\`table rows=enum:Kind\n${columnLine}\n\`\`\`\n`;

describe('a ```table column line of 200 000 characters without "="', () => {
  it('control: "a", 200 000 × "x", "b": refused in seconds (exit 3, the column line named)', async () => {
    writeFileSync(join(CHECKOUT, 'content/docs/kinds.md'), page(`a${'x'.repeat(200_000)}b`));
    const built = await timedBuild();
    expect(built.code, built.output).toBe(3);
    expect(built.output).toContain('table-directive');
    expect(built.ms).toBeLessThan(LIMIT_MS);
  }, 60_000);

  it(`"a", 200 000 blanks, "b": the build ends (built or refused) within ${LIMIT_MS / 1000} s`, async () => {
    writeFileSync(join(CHECKOUT, 'content/docs/kinds.md'), page(`a${' '.repeat(200_000)}b`));
    const built = await timedBuild();
    expect(built.code, `killed after ${built.ms} ms; the stages it printed:\n${built.output}`).not.toBe('killed');
  }, 60_000);
});
