import { describe, expect, it } from 'vitest';
import { docPath, docSidebar, isSectionIndex, sectionOf } from '../../../src/routes/docs.ts';

describe('doc routes', () => {
  it('maps ids to paths: index files name their folder', () => {
    expect(docPath('/docs', 'installation')).toBe('/docs/installation');
    expect(docPath('/docs', 'index')).toBe('/docs');
    expect(docPath('/docs', 'examples/other/index')).toBe('/docs/examples/other');
    expect(docPath('/docs', 'examples/other/working-with-PKCS-12-files')).toBe('/docs/examples/other/working-with-PKCS-12-files');
  });

  it('puts examples in the examples sidebar, the landing page in none, the rest in docs', () => {
    expect(docSidebar('installation')).toBe('docs');
    expect(docSidebar('index')).toBeUndefined();
    expect(docSidebar('examples/timestamping/index')).toBe('examples');
    expect(isSectionIndex('examples/timestamping/index')).toBe(true);
    expect(isSectionIndex('examples/timestamping/creating-a-timestamp-request')).toBe(false);
    expect(sectionOf('examples/timestamping/creating-a-timestamp-request')).toBe('timestamping');
    expect(sectionOf('installation')).toBeUndefined();
  });
});
