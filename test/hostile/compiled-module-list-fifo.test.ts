// A compiled module's list (.pkidocs-cache/modules/<module>-sources.json) names
// the inputs to digest before the module is reused. The list is cache content,
// unsealed, and its ids are paths resolved against the modules folder: each is
// read with readFile (module-inputs.ts digestOf), which follows links and waits
// on a FIFO. A FIFO planted in the cache (a restored tarball keeps one) and
// named first in the list hangs every build, --no-cache included, for good.
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { freshCheckout } from './support/fresh-checkout.ts';

const fresh = freshCheckout();

describe('a compiled-module list that names a FIFO planted in the cache', () => {
  it('does not hang the build', async () => {
    expect((await fresh.build()).code).toBe(0);
    const modules = join(fresh.cache, 'modules');
    const name = readdirSync(modules).find((n) => n.startsWith('site_config_ts-') && n.endsWith('-sources.json'))!;
    const list = JSON.parse(readFileSync(join(modules, name), 'utf8')) as { out: string; files: [string, string][]; seal: string };
    execFileSync('mkfifo', [join(modules, 'input.fifo')]);
    writeFileSync(join(modules, name), JSON.stringify({ ...list, files: [['input.fifo', '0'.repeat(64)], ...list.files] }));
    const result = await fresh.timedBuild(60_000);
    expect(result.code, `the build hung on the FIFO (killed after ${result.ms} ms)\n${result.output}`).not.toBe('killed');
    expect(result.code, result.output).toBe(0);
  }, 180_000);
});
