// The API category of the docs sidebar offers only the kinds the package has.
import { describe, expect, it } from 'vitest';
import type { ApiModel } from '../../../src/api/model.ts';
import { buildSidebars } from '../../../src/routes/sidebars.ts';
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
