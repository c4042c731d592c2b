// A resource started on first use and kept: started once however often it is
// asked for, started again after a failed start, and taken back for release.
import { describe, expect, it } from 'vitest';
import { Kept } from '../../../src/shared/kept.ts';

describe('Kept', () => {
  it('starts once, gives the same resource, and takes it back once', async () => {
    let starts = 0;
    const kept = new Kept(async () => ++starts);
    expect(await Promise.all([kept.get(), kept.get()])).toEqual([1, 1]);
    expect(starts).toBe(1);
    expect(await kept.take()).toBe(1);
    expect(await kept.take()).toBeUndefined();
    expect(await kept.get()).toBe(2); // taken back: the next use starts it again
  });

  it('forgets a failed start, so the next use tries again; nothing to release', async () => {
    let starts = 0;
    const kept = new Kept(async () => {
      if (++starts === 1) throw new Error('refused');
      return starts;
    });
    await expect(kept.get()).rejects.toThrow('refused');
    expect(await kept.get()).toBe(2);
    const failing = new Kept<number>(() => Promise.reject(new Error('no')));
    await expect(failing.get()).rejects.toThrow('no');
    expect(await failing.take()).toBeUndefined();
  });
});
