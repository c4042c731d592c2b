import { MOBILE_MENU_ID } from '../../src/shared/reserved-ids.ts';
import type { NavItemView, PageView, SiteView } from '../../src/shared/view.ts';
import { ColorModeToggle, type ColorModeToggleProps } from './ColorModeToggle.tsx';
import { GithubIcon, MenuIcon, SearchIcon } from './icons.tsx';
import { Logo } from './Logo.tsx';
import { useHref } from './base-url.ts';

export interface NavbarProps {
  site: SiteView;
  page: PageView;
  hidden: boolean;
  onToggleMenu: () => void;
  menuOpen: boolean;
  colour?: ColorModeToggleProps;
}

export function Navbar({ site, page, hidden, onToggleMenu, menuOpen, colour }: NavbarProps) {
  const { navbar } = site;
  const left = navbar.items.filter((i) => i.position === 'left');
  const right = navbar.items.filter((i) => i.position === 'right');
  const href = useHref();
  return (
    <nav className={`navbar navbar--${navbar.style}${hidden ? ' navbar--hidden' : ''}`} aria-label="Main">
      <div className="navbar__inner">
        <button type="button" className="navbar__toggle" aria-label="Open the navigation menu" aria-expanded={menuOpen} aria-controls={MOBILE_MENU_ID} onClick={onToggleMenu}>
          <MenuIcon />
        </button>
        <a className="navbar__brand" href={href('/')} aria-label={`${site.title} home`}>
          <Logo width={navbar.logo.width} alt={navbar.logo.alt} />
        </a>
        <NavItems items={left} page={page} className="navbar__items" />
        <NavItems items={right} page={page} className="navbar__items navbar__items--right" />
        {!site.colorMode.disableSwitch && <ColorModeToggle {...colour} />}
      </div>
    </nav>
  );
}

export function NavItems({ items, page, className }: { items: NavItemView[]; page: PageView; className: string }) {
  return (
    <ul className={className}>
      {items.map((item, i) => (
        <li key={i}>
          <NavItem item={item} page={page} />
        </li>
      ))}
    </ul>
  );
}

function NavItem({ item, page }: { item: NavItemView; page: PageView }) {
  const href = useHref();
  switch (item.type) {
    case 'sidebar': {
      const active = page.sidebar === item.sidebarId;
      return (
        <a className={`navbar__link${active ? ' navbar__link--active' : ''}`} href={href(item.href)} aria-current={active ? 'page' : undefined}>
          {item.label}
        </a>
      );
    }
    case 'link':
      return (
        <a className="navbar__link" href={href(item.href)} {...(item.external ? { target: '_blank', rel: 'noopener noreferrer' } : {})} aria-label={item.icon ? item.label : undefined}>
          {item.icon === 'github' ? <GithubIcon /> : item.label}
        </a>
      );
    case 'versions': {
      // A docs page links each version's copy of itself (or its nearest parent), decided at build time.
      const links = page.versionLinks;
      const current = item.versions.find((v) => v.name === links?.current);
      return (
        <details className="navbar__dropdown" data-slot="versions">
          <summary className="navbar__link">{current?.label ?? (links && item.ownLabel) ?? item.label}</summary>
          <ul>
            {item.versions.map((v) => (
              <li key={v.name}>
                <a href={href(v === current ? page.path : (links?.to[v.name] ?? v.href))} data-version={v.name} aria-current={v === current ? 'page' : undefined}>{v.label}</a>
              </li>
            ))}
          </ul>
        </details>
      );
    }
    case 'search':
      // A link to the list of every export; the page's script makes it open the search dialog (client/search-trigger.ts).
      return (
        <div className="navbar__search" data-slot="search">
          <a className="search-button" href={href(item.href)} aria-haspopup="dialog" aria-keyshortcuts="Control+K Meta+K /">
            <SearchIcon />
            <span className="search-button__label">Search</span>
            <kbd className="search-button__keys" aria-hidden="true">Ctrl K</kbd>
          </a>
        </div>
      );
  }
}
