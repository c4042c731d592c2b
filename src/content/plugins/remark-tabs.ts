// Consecutive code fences that carry `tab=Label` become one tab set:
//   ```bash tab=npm group=package-manager
// Tab sets with the same group stay in sync across the page and are
// remembered (client/tabs.ts). Without JavaScript every panel is shown.
import type { Code, Parent, Root, RootContent } from 'mdast';
import { visit } from 'unist-util-visit';

const TAB = /(?:^|\s)tab=("[^"]+"|\S+)/;
const GROUP = /(?:^|\s)group=(\S+)/;

const label = (code: Code): string | undefined => TAB.exec(code.meta ?? '')?.[1]?.replace(/^"|"$/g, '');

function el(tag: string, props: Record<string, unknown>, children: RootContent[]): RootContent {
  // A paragraph node re-tagged through data.hName: remark-rehype turns it into any element.
  return { type: 'paragraph', data: { hName: tag, hProperties: props }, children: children as never } as RootContent;
}

export default function remarkTabs() {
  return (tree: Root) => {
    let set = 0;
    visit(tree, (node) => {
      if (!('children' in node)) return;
      const parent = node as Parent;
      for (let i = 0; i < parent.children.length; i++) {
        const run: Code[] = [];
        for (let j = i; j < parent.children.length; j++) {
          const c = parent.children[j]!;
          if (c.type !== 'code' || !label(c)) break;
          run.push(c);
        }
        if (run.length === 0) continue;
        const group = GROUP.exec(run[0]!.meta ?? '')?.[1];
        const labels = run.map((c) => label(c)!);
        const id = `tabs-${++set}`;
        const buttons = labels.map((value, k) =>
          el('button', { type: 'button', role: 'tab', className: ['tabs__tab'], id: `${id}-${k}`, ariaSelected: k === 0 ? 'true' : 'false', ariaControls: `${id}-panel-${k}`, dataValue: value, tabIndex: k === 0 ? 0 : -1 }, [{ type: 'text', value }]),
        );
        const panels = run.map((c, k) => {
          c.meta = (c.meta ?? '').replace(TAB, '').replace(GROUP, '').trim() || null;
          return el('div', { role: 'tabpanel', className: ['tabs__panel'], id: `${id}-panel-${k}`, ariaLabelledBy: `${id}-${k}`, dataValue: labels[k], ...(k ? { dataTabHidden: '' } : {}) }, [c]);
        });
        const tabs = el('div', { className: ['tabs'], dataGroup: group }, [el('div', { role: 'tablist', className: ['tabs__list'] }, buttons), ...panels]);
        parent.children.splice(i, run.length, tabs);
      }
    });
  };
}
