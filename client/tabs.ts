// Install-command tabs. Tab sets of one group (`.tabs[data-group]`) switch
// together across the page, and the choice is stored under
// `docusaurus.tab.<group>`. Arrow keys move between tabs (the ARIA tabs
// pattern). Without JavaScript every panel shows; the CSS hides
// [data-tab-hidden] only under html.js.
import { TABS_KEY_PREFIX } from '../src/shared/storage-keys.ts';
import { storage } from './storage.ts';

function select(set: Element, value: string): boolean {
  const tabs = [...set.querySelectorAll<HTMLElement>('[role=tab]')];
  if (!tabs.some((t) => t.dataset.value === value)) return false;
  for (const tab of tabs) {
    const on = tab.dataset.value === value;
    tab.setAttribute('aria-selected', String(on));
    tab.tabIndex = on ? 0 : -1;
  }
  set.querySelectorAll<HTMLElement>('[role=tabpanel]').forEach((p) => p.toggleAttribute('data-tab-hidden', p.dataset.value !== value));
  return true;
}

function choose(tab: HTMLElement): void {
  const set = tab.closest('.tabs');
  const value = tab.dataset.value;
  if (!set || !value) return;
  const group = set.getAttribute('data-group');
  // Keep the clicked tab where it is on screen while sets above it change height.
  const top = tab.getBoundingClientRect().top;
  const sets = group ? document.querySelectorAll(`.tabs[data-group="${CSS.escape(group)}"]`) : [set];
  sets.forEach((s) => select(s, value));
  scrollBy(0, tab.getBoundingClientRect().top - top);
  if (group) storage.set(TABS_KEY_PREFIX + group, value);
}

/** Applies the stored choices to the tab sets under `root`. */
export function restoreTabs(root: ParentNode): void {
  root.querySelectorAll('.tabs[data-group]').forEach((set) => {
    const stored = storage.get(TABS_KEY_PREFIX + set.getAttribute('data-group'));
    if (stored) select(set, stored);
  });
}

const KEYS: Record<string, (i: number, n: number) => number> = {
  ArrowRight: (i, n) => (i + 1) % n,
  ArrowLeft: (i, n) => (i - 1 + n) % n,
  Home: () => 0,
  End: (_i, n) => n - 1,
};

export function listenToTabs(): void {
  document.addEventListener('click', (e) => {
    const tab = (e.target as Element).closest?.<HTMLElement>('.tabs [role=tab]');
    if (tab) choose(tab);
  });
  document.addEventListener('keydown', (e) => {
    const tab = (e.target as Element).closest?.<HTMLElement>('.tabs [role=tab]');
    const move = KEYS[e.key];
    if (!tab || !move) return;
    const tabs = [...tab.parentElement!.querySelectorAll<HTMLElement>('[role=tab]')];
    const next = tabs[move(tabs.indexOf(tab), tabs.length)]!;
    e.preventDefault();
    choose(next);
    next.focus();
  });
}
