// The browsers guide's code: it runs in Node.js, bundles for the browser
// with esbuild without Node.js built-ins, and the committed size table is
// what guides:sizes measures today.
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { build, type Plugin } from 'esbuild';
import * as pkijs from 'pkijs';
import { describe, expect, it } from 'vitest';
import { certificateFromPem, installEngine } from '../../content/docs/guides/browsers-and-bundlers.ts';
import { bundleSizes } from '../../content/docs/guides/data/bundle-sizes.ts';
import { createCertificateAuthority, toPem } from '../../content/docs/examples/example-helpers.ts';
import { ENTRIES, measure, sizeText } from '../../scripts/guides/sizes.ts';
import { ROOT } from '../support/cli.ts';
import { PKIJS_4 } from '../examples/support/release.ts';

const RELEASE_4 = path.join(ROOT, 'content/versions/pkijs-4.0/node_modules');

/** Bundles for the browser as the guide does; under PKIDOCS_PKIJS_RELEASE=4.0.0, with pkijs and asn1js of the 4.0 workspace. */
function bundle(entry: string, release4Only = PKIJS_4) {
  const release4: Plugin = {
    name: 'pkijs-4.0',
    setup(b) {
      b.onResolve({ filter: /^(?:pkijs|asn1js)(?:\/|$)/ }, (args) => (args.pluginData === 'release-4' ? undefined
        : b.resolve(args.path, { kind: args.kind, resolveDir: path.dirname(RELEASE_4), pluginData: 'release-4' })));
    },
  };
  return build({
    entryPoints: [entry], bundle: true, platform: 'browser', format: 'esm', write: false, metafile: true, logLevel: 'silent',
    plugins: release4Only ? [release4] : [],
  });
}

describe('the browsers and bundlers guide', () => {
  it('installs the engine and reads PEM with atob', async () => {
    expect(installEngine()).toBe(pkijs.getEngine().crypto);
    const ca = await createCertificateAuthority({ commonName: 'PEM Root' });
    const pem = toPem(ca.certificate.toSchema().toBER(), 'CERTIFICATE');
    expect(certificateFromPem(pem).serialNumber.isEqual(ca.certificate.serialNumber)).toBe(true);
  });

  it('bundles for the browser with esbuild, with no Node.js built-in', async () => {
    const out = await bundle(`${ROOT}/content/docs/guides/browsers-and-bundlers.ts`);
    const inputs = Object.keys(out.metafile.inputs);
    // 3.3.2's `module` build; 4.0's one build, behind its exports map (content/docs/4.0/guides/browsers-and-bundlers.md).
    const build = PKIJS_4 ? 'content/versions/pkijs-4.0/node_modules/pkijs/build/index.js' : 'node_modules/pkijs/build/index.es.js';
    expect(inputs.filter((i) => i.endsWith('/pkijs/build/index.js') || i.endsWith('/pkijs/build/index.es.js'))).toEqual([build]);
    expect(inputs.filter((i) => i.startsWith('node:'))).toEqual([]);
  });

  it('finds in pkijs 4.0 what its page says: one build behind an exports map, free of side effects', async () => {
    const pkg = JSON.parse(readFileSync(path.join(RELEASE_4, 'pkijs/package.json'), 'utf8')) as Record<string, unknown>;
    expect([pkg.type, pkg.main, pkg.module, pkg.sideEffects]).toEqual(['module', './build/index.js', './build/index.js', false]);
    expect(pkg.exports).toEqual({ '.': './build/index.js', './package.json': './package.json' });
    expect(pkg.peerDependencies).toEqual({ asn1js: expect.stringMatching(/^\^4\./) });
    // A path into the package is refused by the bundler too, not only by Node.js.
    const entry = path.join(ROOT, 'test/.tmp', `deep-import-${process.pid}.ts`);
    mkdirSync(path.dirname(entry), { recursive: true });
    writeFileSync(entry, "export * from 'pkijs/build/index.js';\n");
    try {
      await expect(bundle(entry, true)).rejects.toMatchObject({ errors: [{ text: 'Could not resolve "pkijs/build/index.js"' }] });
      // 3.3.2, with no exports map, lets the same path through.
      expect(Object.keys((await bundle(entry, false)).metafile.inputs)).toContain('node_modules/pkijs/build/index.js');
    } finally {
      rmSync(entry, { force: true });
    }
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
