// Prefetch of linked pages' content chunks, so a click finds them in the HTTP
// cache: when a link scrolls into view, and on hover or touch. By
// <link rel="prefetch"> where supported, else a GET with credentials. Skipped
// on 2G connections and with data-saver on, and never twice for one page.
import { chunkUrl, normalizePath } from '../src/shared/paths.ts';
import { toRoute, toUrl } from './base.ts';
import { pageUrl } from './links.ts';

interface Connection {
  effectiveType?: string;
  saveData?: boolean;
}

export function prefetchAllowed(connection: Connection | undefined): boolean {
  return !connection || !(connection.saveData || connection.effectiveType?.includes('2g'));
}

const prefetched = new Set<string>();

function prefetch(a: Element, current: string): void {
  const url = pageUrl(a);
  const path = url && normalizePath(toRoute(url.pathname));
  if (!path || path === current || prefetched.has(path)) return;
  if (!prefetchAllowed((navigator as Navigator & { connection?: Connection }).connection)) return;
  prefetched.add(path);
  const link = document.createElement('link');
  if (link.relList?.supports?.('prefetch')) {
    link.rel = 'prefetch';
    link.href = toUrl(chunkUrl(path));
    document.head.append(link);
  } else {
    fetch(toUrl(chunkUrl(path)), { credentials: 'include' }).catch(() => prefetched.delete(path));
  }
}

/** Watches the links under `root` (also those added later); `current` is the path on screen. */
export function watchLinks(root: Element, current: () => string): void {
  const visible = new IntersectionObserver((entries) => {
    for (const entry of entries) {
      if (!entry.isIntersecting) continue;
      visible.unobserve(entry.target);
      prefetch(entry.target, current());
    }
  });
  // Observing afresh after each change lets go of links that left the page.
  const scan = (): void => {
    visible.disconnect();
    root.querySelectorAll('a[href]').forEach((a) => visible.observe(a));
  };
  let queued = false;
  new MutationObserver(() => {
    if (queued) return;
    queued = true;
    requestAnimationFrame(() => {
      queued = false;
      scan();
    });
  }).observe(root, { childList: true, subtree: true });
  const onPointer = (e: Event): void => {
    const a = (e.target as Element | null)?.closest?.('a[href]');
    if (a) prefetch(a, current());
  };
  root.addEventListener('mouseover', onPointer, { passive: true });
  root.addEventListener('touchstart', onPointer, { passive: true });
  scan();
}
