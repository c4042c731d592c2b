// The client app: owns the page on screen and every browser behaviour around
// it, and renders the same <Layout> the server rendered (the first render
// must match the server's markup exactly for hydration).
import { useEffect, useState } from 'react';
import { CONTENT_ID } from '../src/shared/reserved-ids.ts';
import type { Chunk, SiteData } from '../src/shared/view.ts';
import { Layout } from '../templates/layout/Layout.tsx';
import { useAnnouncement } from './announcement.ts';
import { useColourMode } from './colour-mode.ts';
import { contentOverride } from './content-state.tsx';
import { addCopyButtons } from './copy-buttons.ts';
import { CrashBoundary } from './crash.tsx';
import { useHideOnScroll } from './hide-on-scroll.ts';
import { useMobileMenu } from './mobile-menu.ts';
import { useNavigation } from './navigation.ts';
import { restoreTabs } from './tabs.ts';

export function App({ data, initial }: { data: SiteData; initial: Chunk }) {
  const { site } = data;
  const [menuOpen, setMenuOpen] = useMobileMenu();
  const { view, content, reload } = useNavigation(initial, () => setMenuOpen(false));
  const [fullSidebar, setFullSidebar] = useState(false);
  const navbarHidden = useHideOnScroll(site.navbar.hideOnScroll && !menuOpen);
  const colour = useColourMode(site.colorMode);
  const announcement = useAnnouncement(site.announcement?.id);
  const { page, html } = view;

  useEffect(() => {
    const root = document.getElementById(CONTENT_ID);
    if (!root) return;
    addCopyButtons(root);
    restoreTabs(root);
  }, [view, content.status]);

  return (
    <CrashBoundary resetKey={view} onTryAgain={reload}>
      <Layout
        site={site}
        page={page}
        html={html}
        tree={page.sidebar ? data.sidebars[page.sidebar] : undefined}
        fullSidebar={fullSidebar}
        onNeedFullSidebar={() => setFullSidebar(true)}
        contentOverride={contentOverride(content, reload)}
        navbarHidden={navbarHidden}
        menuOpen={menuOpen}
        onMenuOpenChange={setMenuOpen}
        announcementVisible={announcement.visible}
        onDismissAnnouncement={announcement.dismiss}
        colour={colour}
        routeAnnouncement={view === initial ? '' : page.title}
      />
    </CrashBoundary>
  );
}
