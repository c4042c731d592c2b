// The API category of the docs sidebar offers only the kinds the package has.
import { describe, expect, it } from 'vitest';
import type { ApiModel } from '../../../src/api/model.ts';
import type { DocSource } from '../../../src/content/docs.ts';
import { buildSidebars, versionSidebars } from '../../../src/routes/sidebars.ts';
import type { SidebarNode } from '../../../src/shared/view.ts';

const model: ApiModel = {
  packageName: 'asn1like',
  version: '1.0.0',
  items: [
    { kind: 'class', name: 'Integer', summary: '', extends: [], implements: [], extendedBy: [], members: [] },
    { kind: 'typeAlias', name: 'Schema', summary: '', type: { type: 'intrinsic', name: 'string' } },
  ],
};

describe('the API sidebar', () => {
  it('has no category for a kind the package does not export (no enumerations, no interfaces here)', () => {
    const api = buildSidebars('/docs', [], model).docs.find((n) => n.type === 'category' && n.label === 'API');
    const children = (api as Extract<SidebarNode, { type: 'category' }>).items;
    const labels = children.map((n) => n.label);
    expect(labels).toEqual(['Readme', 'Exports', 'Classes']);
    // Every category anchor points at a globals section the page has: Classes only.
    const anchors = children.flatMap((n) => (n.type === 'category' && n.href ? [n.href.split('#')[1]] : []));
    expect(anchors).toEqual(['classes']);
  });
});

describe('the sidebars of another docs version', () => {
  const doc = (id: string, position: number): DocSource => ({ id, file: `/c/${id}.md`, data: { title: id, description: id, sidebar_position: position }, body: '', lineOffset: 0 });
  // Ids relative to the version's folder: pages written for it and pages it shares alike.
  const docs = [doc('installation', 1), doc('guides/concepts', 1), doc('examples/certs/index', 1), doc('examples/certs/create', 1), doc('examples/example-helpers', 9)];

  it('lay out its guides and examples as the default version\'s, at its own paths, with its own API', () => {
    const hrefs = (nodes: SidebarNode[]): string[] => nodes.flatMap((n) => [...(n.href ? [n.href] : []), ...(n.type === 'category' ? hrefs(n.items) : [])]);
    const sidebars = versionSidebars(model, '/docs/4.0', docs);
    expect(sidebars.docs.map((n) => n.label)).toEqual(['installation', 'Guides', 'API']);
    expect(hrefs(sidebars.docs).slice(0, 3)).toEqual(['/docs/4.0/installation', '/docs/4.0/guides/concepts', '/docs/4.0/api/asn1like']);
    expect(hrefs(sidebars.examples)).toEqual(['/docs/4.0/examples/certs', '/docs/4.0/examples/certs/create', '/docs/4.0/examples/example-helpers']);
    expect([...hrefs(sidebars.docs), ...hrefs(sidebars.examples)].filter((h) => !h.startsWith('/docs/4.0/'))).toEqual([]);
  });
});
