// The benches' memory figure is the peak of the whole process tree, not of the
// largest process: a parent and its child each holding ~100 MB must read as
// more than either alone.
import { describe, expect, it } from 'vitest';
import { measure } from '../../../bench/measure.ts';

const HOLD = 'const b = Buffer.alloc(100e6, 1); setTimeout(() => b.length, 1500);';
const PARENT = `const { spawn } = require('node:child_process');
${HOLD}
spawn(process.execPath, ['-e', ${JSON.stringify(HOLD)}], { stdio: 'inherit' }).on('exit', (c) => process.exit(c));`;

describe('measure', () => {
  it('sums the resident memory of a command and of the process it started', async () => {
    const r = await measure(process.execPath, ['-e', PARENT], { cwd: process.cwd() });
    expect(r.peakMb).toBeGreaterThan(200);
    expect(r.seconds).toBeGreaterThanOrEqual(1.5);
  });

  it('fails with the command output when the command fails', async () => {
    await expect(measure(process.execPath, ['-e', 'console.error("broken input"); process.exit(3)'], { cwd: process.cwd() })).rejects.toThrow(/exit 3[\s\S]*broken input/);
  });
});
