// navbar.hideOnScroll: the navbar slides away while the reader scrolls down
// past its own height and comes back as soon as they scroll up.
import { useEffect, useState } from 'react';

export function useHideOnScroll(enabled: boolean): boolean {
  const [hidden, setHidden] = useState(false);
  useEffect(() => {
    setHidden(false);
    if (!enabled) return;
    let last = scrollY;
    const onScroll = (): void => {
      const y = scrollY;
      const height = document.querySelector<HTMLElement>('.navbar')?.offsetHeight ?? 0;
      if (y < height) setHidden(false);
      else if (y !== last) setHidden(y > last);
      last = y;
    };
    addEventListener('scroll', onScroll, { passive: true });
    return () => removeEventListener('scroll', onScroll);
  }, [enabled]);
  return hidden;
}
