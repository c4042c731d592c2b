import { mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { writeSite } from '../../../src/output/write.ts';

describe('writeSite', () => {
  it('replaces the whole output folder at once and copies static files', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'pkidocs-write-'));
    const out = join(dir, 'out');
    mkdirSync(join(out, 'stale'), { recursive: true });
    writeFileSync(join(out, 'stale/index.html'), 'old');
    mkdirSync(join(dir, 'static'));
    writeFileSync(join(dir, 'static/logo.svg'), '<svg/>');
    const { bytes } = await writeSite(out, [
      { path: 'index.html', contents: 'home' },
      { path: 'docs/a/index.html', contents: new TextEncoder().encode('page a') },
    ], join(dir, 'static'));
    expect(bytes).toBe(10);
    expect(readdirSync(out).sort()).toEqual(['docs', 'index.html', 'logo.svg']);
    expect(readFileSync(join(out, 'docs/a/index.html'), 'utf8')).toBe('page a');
    expect(readdirSync(dir).sort()).toEqual(['out', 'static']);
  });
});
