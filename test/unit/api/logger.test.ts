// TypeDoc's warnings as diagnostics: a warning about an installed package's
// own doc comment tells the site author what they can do (README: those
// comments are not the site's to fix).
import { describe, expect, it } from 'vitest';
import { DiagnosticLogger } from '../../../src/api/typedoc/logger.ts';

describe('DiagnosticLogger', () => {
  it('points a warning on a package\'s doc comment upstream or to a site note, not at fixing the comment', () => {
    const logger = new DiagnosticLogger('/site');
    logger.warn('Content in the @returns block will be overwritten by the @inheritDoc tag at ./node_modules/pkijs/build/index.d.ts:743' as never);
    logger.warn('A comment of the site\'s own at ./content/lib.d.ts:3' as never);
    const [pkg, own] = logger.diagnostics;
    expect(pkg).toMatchObject({ code: 'api/typedoc', severity: 'warning', file: 'node_modules/pkijs/build/index.d.ts', line: 743 });
    expect(pkg!.hint).toBe('The API reference was still generated. This doc comment is the package\'s own, not the site\'s: if the page reads wrong, report it to the package\'s authors, or correct the page with a site note in content/api-notes.');
    expect(own!.hint).toBe('The API reference was still generated; fix the doc comment if the page looks wrong.');
  });
});
