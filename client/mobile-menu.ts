// The menu drawer used below 996 px: it closes when the window grows to
// desktop width and on Escape, the page behind it does not scroll, and
// keyboard focus moves into it and back to the menu button.
import { useEffect, useState } from 'react';
import { MOBILE_MENU_ID } from '../src/shared/reserved-ids.ts';

export const DESKTOP_QUERY = '(min-width: 996px)';

export function useMobileMenu(): [boolean, (open: boolean) => void] {
  const [open, setOpen] = useState(false);
  useEffect(() => {
    const desktop = matchMedia(DESKTOP_QUERY);
    const onWiden = (): void => {
      if (desktop.matches) setOpen(false);
    };
    const onKey = (e: KeyboardEvent): void => {
      if (e.key === 'Escape') setOpen(false);
    };
    desktop.addEventListener('change', onWiden);
    addEventListener('keydown', onKey);
    return () => {
      desktop.removeEventListener('change', onWiden);
      removeEventListener('keydown', onKey);
    };
  }, []);
  useEffect(() => {
    document.body.style.overflow = open ? 'hidden' : '';
    if (open) document.querySelector<HTMLElement>('.sidebar__close')?.focus();
    else if (document.activeElement?.closest(`#${MOBILE_MENU_ID}`)) document.querySelector<HTMLElement>('.navbar__toggle')?.focus();
  }, [open]);
  return [open, setOpen];
}
