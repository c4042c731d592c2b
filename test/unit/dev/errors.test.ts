import { describe, expect, it } from 'vitest';
import * as esbuild from 'esbuild';
import { BuildFailure, error } from '../../../src/diagnostics/diagnostic.ts';
import { projectFrame, toDiagnostics } from '../../../src/dev/errors.ts';

const ROOT = '/work/site';

describe('toDiagnostics', () => {
  it('passes a BuildFailure’s diagnostics through', () => {
    const d = error('content', 'content/x', 'Something.', { file: '/work/site/content/a.md', line: 3 });
    expect(toDiagnostics(new BuildFailure([d]), ROOT)).toEqual([d]);
  });

  it('locates esbuild’s syntax errors in the file, line and column', async () => {
    const failure = await esbuild.build({ stdin: { contents: 'const a = 1;\nconst broken = ;\n', sourcefile: 'client/main.tsx', loader: 'tsx' }, write: false, logLevel: 'silent' })
      .then(() => undefined, (e: unknown) => e);
    const [d] = toDiagnostics(failure, ROOT);
    expect(d).toMatchObject({ code: 'dev/syntax-error', file: '/work/site/client/main.tsx', line: 2, column: 16 });
    expect(d!.message).toMatch(/^The code does not compile: Unexpected ";"\.$/);
  });

  it('places a thrown error at its first frame in the project, skipping node_modules and generated code', () => {
    const e = new Error('the footer broke');
    e.stack = [
      'Error: the footer broke',
      '    at render (/work/site/node_modules/react-dom/server.js:10:5)',
      '    at file:///work/site/.pkidocs-cache/dev/render-1.mjs:99:1',
      '    at Footer (/work/site/templates/layout/Footer.tsx:12:9)',
      '    at Layout (/work/site/templates/layout/Layout.tsx:40:3)',
    ].join('\n');
    expect(toDiagnostics(e, ROOT)).toEqual([expect.objectContaining({
      code: 'dev/exception', message: 'Rendering threw an error: the footer broke', file: '/work/site/templates/layout/Footer.tsx', line: 12, column: 9,
    })]);
  });

  it('reads file URLs (fresh imports carry a query) and finds nothing outside the project', () => {
    expect(projectFrame('Error\n    at Home (file:///work/site/content/pages/index.tsx?t=17:4:11)', ROOT)).toEqual({ file: '/work/site/content/pages/index.tsx', line: 4, column: 11 });
    expect(projectFrame('Error\n    at x (/elsewhere/a.js:1:1)', ROOT)).toEqual({});
  });
});
