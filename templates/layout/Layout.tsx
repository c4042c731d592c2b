import { useRef, useState, type ReactNode } from 'react';
import { pageNavigation } from '../../src/shared/navigation.ts';
import { CONTENT_ID, MAIN_CONTENT_ID, MOBILE_MENU_ID } from '../../src/shared/reserved-ids.ts';
import type { PageView, SiteView, SidebarNode } from '../../src/shared/view.ts';
import { AnnouncementBar } from './AnnouncementBar.tsx';
import type { ColorModeToggleProps } from './ColorModeToggle.tsx';
import { Breadcrumbs } from './Breadcrumbs.tsx';
import { Footer } from './Footer.tsx';
import { Navbar, NavItems } from './Navbar.tsx';
import { PrevNext } from './PrevNext.tsx';
import { Sidebar } from './Sidebar.tsx';
import { Toc } from './Toc.tsx';
import { VersionBanner } from './VersionBanner.tsx';
import { BaseUrl } from './base-url.ts';

export interface LayoutProps {
  site: SiteView;
  page: PageView;
  /** The page's content HTML (Markdown, API reference or page module output). */
  html: string;
  /** The full tree of the page's sidebar; the page shows a cut-down view of it. */
  tree?: SidebarNode[];
  /** Show the whole tree (after the reader opened a cut category). */
  fullSidebar?: boolean;
  onNeedFullSidebar?: () => void;
  /** Client-only extras: loading/crash screens in place of the content. */
  contentOverride?: ReactNode;
  navbarHidden?: boolean;
  menuOpen?: boolean;
  onMenuOpenChange?: (open: boolean) => void;
  announcementVisible?: boolean;
  onDismissAnnouncement?: () => void;
  /** State of the colour-mode toggle (rendered only when the switch is enabled). */
  colour?: ColorModeToggleProps;
  /** Text read out by screen readers after a client navigation. */
  routeAnnouncement?: string;
}

export function Layout(props: LayoutProps) {
  const { site, page, html } = props;
  const [localMenu, setLocalMenu] = useState(false);
  const menuOpen = props.menuOpen ?? localMenu;
  const setMenu = props.onMenuOpenChange ?? setLocalMenu;
  // The drawer's copy of the navbar items shows only in the menu, which opens only with JavaScript
  // (below 996 px; hidden on wider screens): drawn when the reader first opens it, not sent in every page.
  const menuDrawn = useRef(false);
  if (menuOpen) menuDrawn.current = true;
  const nav = pageNavigation(page, props.tree);
  const sidebarItems = props.fullSidebar ? props.tree : nav.sidebar;
  const full = page.kind === 'home' || page.kind === 'page';
  const content = props.contentOverride ?? <div className="markdown" id={CONTENT_ID} dangerouslySetInnerHTML={{ __html: html }} />;
  return (
    <BaseUrl.Provider value={site.baseUrl}>
    <div className={`layout layout--${page.kind}`}>
      <a className="skip-link" href={`#${MAIN_CONTENT_ID}`}>Skip to main content</a>
      {site.announcement && props.announcementVisible !== false && (
        <AnnouncementBar announcement={site.announcement} onDismiss={props.onDismissAnnouncement} />
      )}
      <Navbar site={site} page={page} hidden={props.navbarHidden ?? false} menuOpen={menuOpen} onToggleMenu={() => setMenu(!menuOpen)} colour={props.colour} />
      <div className="main-wrapper">
        {/* One sidebar for both widths: below 996 px it becomes the menu drawer, with the navbar items on top. */}
        <aside id={MOBILE_MENU_ID} aria-label="Menu" className={`sidebar${sidebarItems && !full ? '' : ' sidebar--mobile-only'}${menuOpen ? ' sidebar--open' : ''}`}>
          <button type="button" className="sidebar__close" aria-label="Close the navigation menu" onClick={() => setMenu(false)}>×</button>
          {menuDrawn.current && <NavItems items={site.navbar.items.filter((i) => i.type !== 'search')} page={page} className="sidebar__navbar-items" />}
          {sidebarItems && <Sidebar items={sidebarItems} path={page.path} onNeedFull={props.onNeedFullSidebar} />}
        </aside>
        {menuOpen && <div className="sidebar-backdrop" onClick={() => setMenu(false)} />}
        <main id={MAIN_CONTENT_ID} className={full ? 'main main--full' : 'main'} tabIndex={-1}>
          {full ? content : (
            <div className="doc-row">
              <article className="doc">
                <VersionBanner page={page} />
                <Breadcrumbs crumbs={nav.breadcrumbs} />
                {content}
                <PrevNext prev={nav.prev} next={nav.next} />
              </article>
              {page.toc.length > 0 && (
                <aside className="toc-col" aria-label="Table of contents">
                  <Toc entries={page.toc} />
                </aside>
              )}
            </div>
          )}
        </main>
      </div>
      <Footer footer={site.footer} />
      <div className="sr-only" role="status" aria-live="polite" aria-atomic="true">{props.routeAnnouncement}</div>
    </div>
    </BaseUrl.Provider>
  );
}
