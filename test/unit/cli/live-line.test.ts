// The live status line shows how far a stage is, and redraws from the stage's
// own progress calls (throttled), so it moves while rendering blocks the timer.
import { describe, expect, it } from 'vitest';
import { liveLine } from '../../../src/cli/live-line.ts';

describe('liveLine', () => {
  it('redraws from progress calls alone, at most every 100 ms, with the stage\'s counts', () => {
    const writes: string[] = [];
    let clock = 0;
    const line = liveLine((s) => writes.push(s), () => clock);
    line.start('render');
    writes.length = 0;
    // A synchronous loop: no timer can fire in between, only the calls themselves draw.
    for (let page = 1; page <= 40; page++) {
      clock += 10;
      line.progress('render', `${page}/40 pages`);
    }
    expect(writes).toHaveLength(4);
    expect(writes.at(-1)).toMatch(/render 40\/40 pages 0\.4 s {2}\(0 stages done\)$/);
    line.progress('api', 'ignored: not running');
    line.finish('render');
    expect(writes.join('')).not.toContain('ignored');
  });
});
