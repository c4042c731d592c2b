import { describe, expect, it } from 'vitest';
import { breadcrumbs, pageNavigation, readingOrder } from '../../../src/shared/navigation.ts';
import { INLINE_LIMIT, pageSidebar, WINDOW } from '../../../src/shared/sidebar.ts';
import type { SidebarNode } from '../../../src/shared/view.ts';

const many = (n: number): SidebarNode[] => Array.from({ length: n }, (_, i) => ({ type: 'link', label: `C${i}`, href: `/c/${i}` }));
const tree: SidebarNode[] = [
  { type: 'link', label: 'Intro', href: '/intro' },
  {
    type: 'category', label: 'API', href: '/api', items: [
      { type: 'link', label: 'Readme', href: '/api' },
      { type: 'category', label: 'Classes', href: '/all#classes', items: many(INLINE_LIMIT + 60) },
      { type: 'category', label: 'Enums', href: '/all#enums', items: many(3).map((n) => ({ ...n, href: `/e${(n as { href: string }).href}` })) },
    ],
  },
];

describe('the page-sized sidebar', () => {
  it('empties long categories the page is not in, keeping their link and size', () => {
    const api = pageSidebar(tree, '/intro')[1] as Extract<SidebarNode, { type: 'category' }>;
    const classes = api.items[1] as Extract<SidebarNode, { type: 'category' }>;
    expect(classes.items).toEqual([]);
    expect(classes.truncated).toEqual({ total: INLINE_LIMIT + 60, href: '/all#classes' });
    expect((api.items[2] as Extract<SidebarNode, { type: 'category' }>).items).toHaveLength(3);
  });

  it('cuts the long category holding the page to a window around it', () => {
    const api = pageSidebar(tree, '/c/50')[1] as Extract<SidebarNode, { type: 'category' }>;
    const classes = api.items[1] as Extract<SidebarNode, { type: 'category' }>;
    expect(classes.items.map((n) => n.label)).toEqual(Array.from({ length: 2 * WINDOW + 1 }, (_, i) => `C${50 - WINDOW + i}`));
  });
});

describe('breadcrumbs and reading order', () => {
  it('runs from home through the categories; anchors are not linked', () => {
    expect(breadcrumbs(tree, '/c/3', 'C3')).toEqual([
      { label: 'Home', href: '/' }, { label: 'API', href: '/api' }, { label: 'Classes', href: undefined }, { label: 'C3' },
    ]);
    expect(breadcrumbs(tree, '/intro', 'Intro')).toEqual([{ label: 'Home', href: '/' }, { label: 'Intro' }]);
  });

  it('lists each page once, skipping anchor-only category links', () => {
    const order = readingOrder(tree).map((l) => l.href);
    expect(order.slice(0, 4)).toEqual(['/intro', '/api', '/c/0', '/c/1']);
    expect(order).not.toContain('/all#classes');
    expect(new Set(order).size).toBe(order.length);
  });

  it('gives previous and next in reading order, and bare pages no sidebar', () => {
    const nav = pageNavigation({ path: '/api', kind: 'doc', title: 'Readme' }, tree);
    expect(nav.prev).toEqual({ title: 'Intro', href: '/intro' });
    expect(nav.next).toEqual({ title: 'C0', href: '/c/0' });
    expect(pageNavigation({ path: '/', kind: 'home', title: 'x' }, undefined)).toEqual({ breadcrumbs: [] });
  });

  it('gives each page of each tree its own neighbours, as the reading order says', () => {
    const other: SidebarNode[] = [{ type: 'link', label: 'B', href: '/b' }, { type: 'link', label: 'Readme', href: '/api' }];
    // Asked of one tree, then of another with the same page, then of the first again: each tree's own answer.
    for (const t of [tree, other, tree]) {
      const order = readingOrder(t);
      for (const [i, link] of order.entries()) {
        const nav = pageNavigation({ path: link.href, kind: 'doc', title: link.title }, t);
        expect([nav.prev, nav.next]).toEqual([order[i - 1], order[i + 1]]);
      }
    }
    const readme = pageNavigation({ path: '/api', kind: 'doc', title: 'Readme' }, other);
    expect([readme.prev?.href, readme.next]).toEqual(['/b', undefined]);
    // A page the tree does not list has none.
    const outside = pageNavigation({ path: '/elsewhere', kind: 'doc', title: 'x' }, tree);
    expect([outside.prev, outside.next]).toEqual([undefined, undefined]);
  });
});
