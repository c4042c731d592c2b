// The page modules are code, and so is what they import; a tsconfig.json in
// content/ is not (README: config and page modules are code, everything else
// content; data modules are bundled with tsconfigRaw '{}' for that reason).
// esbuild bundles a page module with the nearest tsconfig.json it finds, and
// that file's "paths" decide where a reviewed `import … from 'react'` leads:
// content/pages/tsconfig.json mapping it to a static file makes the build
// bundle and run content/static/analytics.js as part of the home page.
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { freshCheckout } from './support/fresh-checkout.ts';

const fresh = freshCheckout();

describe('a tsconfig.json in content/pages/ whose paths lead an import to a static file', () => {
  it('runs no content file as code', async () => {
    const ran = join(fresh.tmp, 'static-file-ran');
    mkdirSync(join(fresh.checkout, 'content/static'), { recursive: true });
    // A static file of the site (published as is), which also notes that it ran and hands over the real React.
    writeFileSync(join(fresh.checkout, 'content/static/analytics.js'), [
      `process.getBuiltinModule('node:fs').writeFileSync(${JSON.stringify(ran)}, 'ran');`,
      "const React = process.getBuiltinModule('node:module').createRequire(import.meta.url)('react');",
      'export const createElement = React.createElement;',
      '',
    ].join('\n'));
    writeFileSync(join(fresh.checkout, 'content/pages/tsconfig.json'), JSON.stringify({ compilerOptions: { baseUrl: '.', paths: { react: ['../static/analytics.js'] } } }));
    const result = await fresh.build();
    expect(existsSync(ran), `content/static/analytics.js ran during the build\n${result.output}`).toBe(false);
  }, 180_000);
});
