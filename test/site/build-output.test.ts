// The stage lines of the real two-version build, as a newcomer reads them on
// stderr: one column of times.
import { describe, expect, inject, it } from 'vitest';

const stageLines = (): string[] => inject('siteStats').output.split('\n').filter((l) => /^[✓✗] /.test(l));

describe('the real build\'s stage lines', () => {
  it('line up every stage\'s time in one column, api-versions included', () => {
    const lines = stageLines();
    expect(lines.some((l) => l.startsWith('✓ api-versions '))).toBe(true);
    const columns = new Set(lines.map((l) => / ms(?: {2}|$)/.exec(l)!.index));
    expect([...columns], lines.join('\n')).toHaveLength(1);
  });

});
