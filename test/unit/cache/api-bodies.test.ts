import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openApiBodyCache } from '../../../src/cache/api-bodies.ts';

const body = { title: 'Certificate', html: '<h1>Certificate</h1>', toc: [] };

describe('the API body cache', () => {
  const saved = process.env.PKIDOCS_CODE_HASH;
  afterEach(() => {
    if (saved === undefined) delete process.env.PKIDOCS_CODE_HASH;
    else process.env.PKIDOCS_CODE_HASH = saved;
  });

  it('is off without a model key or a code hash', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'pkidocs-bodies-'));
    delete process.env.PKIDOCS_CODE_HASH;
    expect(await openApiBodyCache(dir, 'model1')).toBeUndefined();
    process.env.PKIDOCS_CODE_HASH = 'code1';
    expect(await openApiBodyCache(dir, undefined)).toBeUndefined();
  });

  it('gives back what was saved for the same model and code, and nothing when either changed', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'pkidocs-bodies-'));
    process.env.PKIDOCS_CODE_HASH = 'code1';
    const first = (await openApiBodyCache(dir, 'model1'))!;
    expect(first.bodies.size).toBe(0);
    await first.save(new Map([['/docs/api/classes/Certificate', body]]));
    expect((await openApiBodyCache(dir, 'model1'))!.bodies.get('/docs/api/classes/Certificate')).toEqual(body);
    expect((await openApiBodyCache(dir, 'model2'))!.bodies.size).toBe(0);
    process.env.PKIDOCS_CODE_HASH = 'code2';
    expect((await openApiBodyCache(dir, 'model1'))!.bodies.size).toBe(0);
  });
});
