// README's opening paragraph is what a newcomer reads first: it must name
// every pkijs release the site documents, as the site config lists them.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import config from '../../../content/site.config.ts';

const ROOT = join(import.meta.dirname, '../../..');

describe('README\'s opening paragraph', () => {
  it('names every release the site documents', () => {
    const intro = readFileSync(join(ROOT, 'README.md'), 'utf8').split('\n\n')[1]!;
    const releases = [config.library.version, ...config.docs.versions.flatMap((v) => (v.library ? [v.library.version] : []))];
    expect(releases).toEqual(['3.3.2', '4.0.0']);
    for (const release of releases) expect(intro).toContain(release);
    expect(intro).not.toContain('exactly');
  });
});
