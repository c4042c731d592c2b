import { useEffect, useState } from 'react';
import { containsPath } from '../../src/shared/sidebar.ts';
import type { SidebarNode } from '../../src/shared/view.ts';
import { Collapsible } from './Collapsible.tsx';
import { useHref } from './base-url.ts';

export interface SidebarProps {
  items: SidebarNode[];
  path: string;
  /** Asks for the full tree when a cut category is opened. */
  onNeedFull?: () => void;
}

export function Sidebar({ items, path, onNeedFull }: SidebarProps) {
  return (
    <nav className="sidebar__nav" aria-label="Docs sidebar">
      <SidebarList items={items} path={path} onNeedFull={onNeedFull} level={1} />
    </nav>
  );
}

function SidebarList({ items, path, onNeedFull, level }: SidebarProps & { level: number }) {
  const href = useHref();
  return (
    <ul className={`menu menu--l${level}`}>
      {items.map((node) =>
        node.type === 'link' ? (
          <li key={node.href} className="menu__item">
            <a className={`menu__link${node.href === path ? ' menu__link--active' : ''}`} href={href(node.href)} aria-current={node.href === path ? 'page' : undefined}>
              {node.label}
            </a>
          </li>
        ) : (
          <Category key={node.label} node={node} path={path} onNeedFull={onNeedFull} level={level} />
        ),
      )}
    </ul>
  );
}

function Category({ node, path, onNeedFull, level }: { node: Extract<SidebarNode, { type: 'category' }>; path: string; onNeedFull?: () => void; level: number }) {
  const here = containsPath(node, path);
  const href = useHref();
  const [open, setOpen] = useState(here);
  // A client navigation into a collapsed category opens it.
  useEffect(() => {
    if (here) setOpen(true);
  }, [here]);
  const toggle = () => {
    if (!open && node.truncated) onNeedFull?.();
    setOpen(!open);
  };
  const hidden = node.truncated ? node.truncated.total - node.items.length : 0;
  return (
    <li className={`menu__item menu__category${open ? '' : ' menu__category--collapsed'}`}>
      <div className="menu__category-row">
        {node.href ? (
          <a className={`menu__link menu__link--category${node.href === path ? ' menu__link--active' : ''}${here ? ' menu__link--here' : ''}`} href={href(node.href)}>
            {node.label}
          </a>
        ) : (
          <span className="menu__link menu__link--category">{node.label}</span>
        )}
        <button type="button" className="menu__caret" aria-expanded={open} aria-label={`${open ? 'Collapse' : 'Expand'} the ${node.label} category`} onClick={toggle}>
        </button>
      </div>
      <Collapsible open={open}>
        <SidebarList items={node.items} path={path} onNeedFull={onNeedFull} level={level + 1} />
        {hidden > 0 && (
          <a className="menu__more" href={href(node.truncated!.href)} onClick={(e) => { if (onNeedFull) { e.preventDefault(); onNeedFull(); } }}>
            Show all {node.truncated!.total}
          </a>
        )}
      </Collapsible>
    </li>
  );
}
