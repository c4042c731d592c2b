import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { openApiBodyCache } from '../../../src/pages/api-body-cache.ts';

const TMP = join(import.meta.dirname, '../../.tmp', `unit-api-bodies-${process.pid}`);
mkdirSync(TMP, { recursive: true });
afterAll(() => rmSync(TMP, { recursive: true, force: true }));
const tmpdir = (): string => TMP;

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

  it('reports a file of the wrong shape or not JSON in one line, starts empty and replaces it on save', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'pkidocs-bodies-'));
    process.env.PKIDOCS_CODE_HASH = 'code1';
    await (await openApiBodyCache(dir, 'model1'))!.save(new Map([['/a', body]]));
    const [file] = readdirSync(dir);
    for (const [bad, why] of [['[["/a", {"title": 1, "toc": "none"}]]', 'wrong shape'], ['{"/a": {}}', 'wrong shape'], ['[["/a", {"tit', 'not JSON']]) {
      writeFileSync(join(dir, file!), bad!);
      const notices: string[] = [];
      const cache = (await openApiBodyCache(dir, 'model1', { onNotice: (l) => notices.push(l) }))!;
      expect(cache.bodies.size).toBe(0);
      expect(notices).toEqual([`The API page cache ${join(dir, file!)} is not usable (${why}); rendering the API pages again and replacing it.`]);
      await cache.save(new Map([['/a', body]]));
      expect(JSON.parse(readFileSync(join(dir, file!), 'utf8'))).toEqual([['/a', body]]);
    }
  });

  it('reads nothing with read: false, and a save removes the bodies of other models and code', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'pkidocs-bodies-'));
    process.env.PKIDOCS_CODE_HASH = 'code1';
    await (await openApiBodyCache(dir, 'model1'))!.save(new Map([['/a', body]]));
    expect((await openApiBodyCache(dir, 'model1', { read: false }))!.bodies.size).toBe(0);
    process.env.PKIDOCS_CODE_HASH = 'code2';
    await (await openApiBodyCache(dir, 'model1'))!.save(new Map([['/a', body]]));
    expect(readdirSync(dir).sort()).toEqual(['api-bodies-model1-code2.json', 'api-bodies-model1-code2.json.seal']); // the bodies and their seal (cache-io.ts)
  });
});
