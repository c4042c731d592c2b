// The bench's "pages rendered" column reads the CLI's result line: it must
// take the pages this run rendered, not the site's page count printed first
// (a warm build after a Markdown edit renders one page of 435).
import { describe, expect, it } from 'vitest';
import { builtLine } from '../../../bench/built-line.ts';
import { summary } from '../../../src/cli/build.ts';

const stats = { pages: 1, sitePages: 435, links: 25459, bytes: 16.1e6, unchanged: false, written: { files: 13, bytes: 5e5 }, linked: { files: 1300, bytes: 15.6e6 }, ms: 531 };

describe('builtLine', () => {
  it('reads the rendered pages and the time of the line the CLI prints', () => {
    expect(builtLine(`✓ write 40 ms\n${summary(stats, 'out')}\n`)).toEqual({ rendered: 1, sitePages: 435, seconds: 0.53 });
  });

  it('reads a build that wrote nothing', () => {
    expect(builtLine(summary({ ...stats, pages: 0, unchanged: true }, 'out'))?.rendered).toBe(0);
  });

  it('gives nothing for output without the line (a failed build)', () => {
    expect(builtLine('Build failed: 1 problem found; out/ was left as it was.')).toBeUndefined();
  });
});
