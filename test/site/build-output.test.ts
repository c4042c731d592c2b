// The stage lines of the real two-version build, as a newcomer reads them on
// stderr: one column of times, and each API stage naming the release it read.
import { describe, expect, inject, it } from 'vitest';

const stageLines = (): string[] => inject('siteStats').output.split('\n').filter((l) => /^[✓✗] /.test(l));

describe('the real build\'s stage lines', () => {
  it('line up every stage\'s time in one column, api-versions included', () => {
    const lines = stageLines();
    expect(lines.some((l) => l.startsWith('✓ api-versions '))).toBe(true);
    const columns = new Set(lines.map((l) => / ms(?: {2}|$)/.exec(l)!.index));
    expect([...columns], lines.join('\n')).toHaveLength(1);
  });

  it('names the release each API stage read, the default one as the others', () => {
    const lines = stageLines();
    expect(lines.find((l) => l.startsWith('✓ api '))).toMatch(/ {2}3\.3\.2: \d+ exports$/);
    expect(lines.find((l) => l.startsWith('✓ api-versions '))).toMatch(/ {2}4\.0\.0: \d+ exports$/);
  });
});
