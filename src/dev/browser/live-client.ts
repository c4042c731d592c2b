// Browser side of `pkidocs serve --watch`, injected into HTML responses only
// by the dev server (never into out/). It listens to the reload channel,
// reloads the page when it was rebuilt (keeping the scroll position) and shows
// build errors as an overlay until a build succeeds again.
import { normalizePath } from '../../shared/paths.ts';
import type { LiveDiagnostic, LiveEvents, LiveInfo } from '../live-protocol.ts';
import { EVENTS_PATH, INFO_GLOBAL } from '../live-protocol.ts';

const info = (window as unknown as Record<string, LiveInfo>)[INFO_GLOBAL]!;
const SCROLL_KEY = 'pkidocs:live-scroll';
const OVERLAY_ID = '__pkidocs-overlay';
const firstLocation = location.pathname;

/** The page on screen: the served one until client navigation moves elsewhere (the 404 page has its own path). */
function currentPath(): string {
  return location.pathname === firstLocation ? info.path : normalizePath(location.pathname);
}

function reload(): void {
  try {
    sessionStorage.setItem(SCROLL_KEY, JSON.stringify({ href: location.href, x: scrollX, y: scrollY }));
  } catch {
    // Storage can be unavailable; the page then reloads at the top.
  }
  location.reload();
}

function restoreScroll(): void {
  let saved: { href: string; x: number; y: number } | undefined;
  try {
    const raw = sessionStorage.getItem(SCROLL_KEY);
    sessionStorage.removeItem(SCROLL_KEY);
    saved = raw ? (JSON.parse(raw) as typeof saved) : undefined;
  } catch {
    return;
  }
  if (!saved || saved.href !== location.href) return;
  const { x, y } = saved;
  const apply = (): void => window.scrollTo(x, y);
  apply();
  // The site script may scroll on hydration; restore once more after it ran.
  addEventListener('load', () => requestAnimationFrame(apply), { once: true });
}

function el<K extends keyof HTMLElementTagNameMap>(tag: K, style: string, text?: string): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  node.setAttribute('style', style);
  if (text !== undefined) node.textContent = text;
  return node;
}

function showOverlay(diagnostics: LiveDiagnostic[]): void {
  const overlay = document.getElementById(OVERLAY_ID) ?? el('div', 'position:fixed;inset:0;z-index:2147483647;overflow:auto;padding:32px;background:rgba(24,24,27,.95);color:#f4f4f5;font:14px/1.5 ui-monospace,Menlo,Consolas,monospace');
  overlay.id = OVERLAY_ID;
  overlay.setAttribute('role', 'alert');
  if (!overlay.isConnected) document.body.append(overlay);
  const close = el('button', 'float:right;font:inherit;background:none;color:inherit;border:1px solid #71717a;border-radius:4px;cursor:pointer', 'Close');
  close.addEventListener('click', () => overlay.remove());
  const title = el('h2', 'margin:0 0 16px;font-size:18px;color:#fca5a5', `The last rebuild failed: ${diagnostics.length} problem(s). The page shows the last good build.`);
  const items = diagnostics.map((d) => {
    const item = el('li', 'margin:0 0 16px');
    if (d.location) item.append(el('div', 'color:#67e8f9', d.location));
    item.append(el('div', 'white-space:pre-wrap', `${d.message} [${d.code}]`));
    if (d.hint) item.append(el('div', 'color:#a1a1aa;white-space:pre-wrap', `→ ${d.hint}`));
    return item;
  });
  const list = el('ul', 'list-style:none;margin:0;padding:0');
  list.append(...items);
  overlay.replaceChildren(close, title, list);
}

function hideOverlay(): void {
  document.getElementById(OVERLAY_ID)?.remove();
}

function on<K extends keyof LiveEvents>(source: EventSource, name: K, handle: (data: LiveEvents[K]) => void): void {
  source.addEventListener(name, (e) => handle(JSON.parse((e as MessageEvent<string>).data) as LiveEvents[K]));
}

function listen(): void {
  const source = new EventSource(EVENTS_PATH);
  on(source, 'hello', (data) => {
    if (data.diagnostics.length) showOverlay(data.diagnostics);
    else hideOverlay();
    // A build finished between this page's response and this connection.
    if (data.generation !== info.generation) reload();
  });
  on(source, 'reload', (data) => {
    info.generation = data.generation;
    hideOverlay();
    if (data.all || data.paths.includes(currentPath())) reload();
  });
  on(source, 'failed', (data) => showOverlay(data.diagnostics));
}

restoreScroll();
listen();
