// The browsers guide's code: it runs in Node.js, bundles for the browser
// with esbuild without Node.js built-ins, and the committed size table is
// what guides:sizes measures today.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';
import * as pkijs from 'pkijs';
import { describe, expect, it } from 'vitest';
import { certificateFromPem, installEngine } from '../../content/docs/guides/browsers-and-bundlers.ts';
import { bundleSizes } from '../../content/docs/guides/data/bundle-sizes.ts';
import { createCertificateAuthority, toPem } from '../../content/docs/examples/example-helpers.ts';
import { ENTRIES, measure, sizeText } from '../../scripts/guides/sizes.ts';
import { ROOT } from '../support/cli.ts';

describe('the browsers and bundlers guide', () => {
  it('installs the engine and reads PEM with atob', async () => {
    expect(installEngine()).toBe(pkijs.getEngine().crypto);
    const ca = await createCertificateAuthority({ commonName: 'PEM Root' });
    const pem = toPem(ca.certificate.toSchema().toBER(), 'CERTIFICATE');
    expect(certificateFromPem(pem).serialNumber.isEqual(ca.certificate.serialNumber)).toBe(true);
  });

  it('bundles for the browser with esbuild, with no Node.js built-in', async () => {
    const out = await build({
      entryPoints: [`${ROOT}/content/docs/guides/browsers-and-bundlers.ts`], bundle: true, platform: 'browser', format: 'esm',
      write: false, metafile: true, logLevel: 'silent',
    });
    const inputs = Object.keys(out.metafile.inputs);
    expect(inputs.some((i) => i.includes('node_modules/pkijs/build/index.es.js'))).toBe(true);
    expect(inputs.filter((i) => i.startsWith('node:'))).toEqual([]);
  });

  it('writes sizes in decimal kB (1 kB = 1000 bytes) with the exact bytes, as the guide says', () => {
    expect(sizeText(84_671)).toBe('84.7 kB (84,671 bytes)');
    for (const s of bundleSizes) {
      expect([s.minifiedText, s.gzippedText]).toEqual([sizeText(s.minified), sizeText(s.gzipped)]);
    }
    // The prose figure is the gzipped sizes rounded to whole kB, not KiB.
    const prose = readFileSync(path.join(ROOT, 'content/docs/guides/browsers-and-bundlers.md'), 'utf8');
    const figure = Number(/expect about (\d+) kB gzipped/.exec(prose)?.[1]);
    const kB = bundleSizes.map((s) => Math.round(s.gzipped / 1000));
    expect(figure).toBeGreaterThanOrEqual(Math.min(...kB));
    expect(figure).toBeLessThanOrEqual(Math.max(...kB));
  });

  it('shows the sizes guides:sizes measures now, for every entry', async () => {
    const now = await measure();
    expect(bundleSizes.map((s) => s.id)).toEqual(ENTRIES.map((e) => e.id));
    for (const s of now) {
      const committed = bundleSizes.find((b) => b.id === s.id)!;
      expect({ id: s.id, minified: committed.minified, gzipped: committed.gzipped }).toEqual({ id: s.id, minified: s.minified, gzipped: s.gzipped });
    }
  });
});
