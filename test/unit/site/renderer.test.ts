// Watch mode's render code, bundled again after a template edit: esbuild's
// module graph says which bodies (by the kind of route) and whether the
// documents a changed template feeds, so an API template re-renders the API
// pages alone and a layout template no body at all.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RouteModel, RouteRecord } from '../../../src/routes/types.ts';
import { RendererLoader, type Renderer } from '../../../src/site/renderer.ts';

const ROOT = resolve(import.meta.dirname, '../../..');
const cacheDir = mkdtempSync(join(tmpdir(), 'pkidocs-renderer-'));
const loader = new RendererLoader(ROOT, cacheDir);
let renderer: Renderer;

const route = (type: RouteModel['type']): RouteRecord => ({ path: `/${type}`, kind: 'page', exact: true, source: '', model: { type } as RouteModel });
const KINDS: RouteModel['type'][] = ['api-item', 'api-globals', 'doc', 'api-readme', 'page-module', 'not-found'];
/** The kinds of route whose bodies these templates feed, and whether they feed the documents. */
function reach(...templates: string[]): { bodies: string[]; documents: boolean } {
  const r = renderer.reaches(templates.map((t) => join(ROOT, t)));
  return { bodies: KINDS.filter((k) => r.bodies(route(k))), documents: r.documents };
}

beforeAll(async () => {
  renderer = await loader.load();
}, 30_000);

afterAll(async () => {
  await loader.dispose();
  rmSync(cacheDir, { recursive: true, force: true });
});

describe('what a template edit reaches', () => {
  it('an API page template: the API pages\' bodies, no other body, no document', () => {
    expect(reach('templates/api/ItemPage.tsx')).toEqual({ bodies: ['api-item', 'api-globals'], documents: false });
    expect(reach('templates/api/Member.tsx').bodies).toEqual(['api-item', 'api-globals']);
  });

  it('a layout template: every document, no body', () => {
    expect(reach('templates/layout/Footer.tsx')).toEqual({ bodies: [], documents: true });
  });

  it('the section cards and the not-found page: the bodies that show them', () => {
    expect(reach('templates/content/Cards.tsx')).toEqual({ bodies: ['doc', 'page-module', 'not-found'], documents: false });
    expect(reach('templates/content/NotFound.tsx').bodies).toEqual(['doc', 'page-module', 'not-found']);
  });

  it('a file the render code does not read: nothing; several files: what each reaches', () => {
    expect(reach('content/docs/installation.md')).toEqual({ bodies: [], documents: false });
    expect(reach('templates/api/Member.tsx', 'templates/layout/Footer.tsx')).toEqual({ bodies: ['api-item', 'api-globals'], documents: true });
  });
});
