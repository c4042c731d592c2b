import { useLayoutEffect, useRef, type ReactNode } from 'react';

/**
 * Animation length for a panel of this height: taller panels take longer,
 * but sub-linearly, so a long list never feels sluggish (about 170 ms for
 * 100 px, 330 ms for 1000 px, capped at 500 ms).
 */
export function collapseDuration(height: number): number {
  return Math.round(Math.min(500, 120 + 6.5 * Math.sqrt(Math.max(0, height))));
}

/**
 * A panel that shows or hides its children. The server renders its final
 * state; in the browser a change of `open` animates the height (ease-in-out,
 * 1 ms when the reader prefers reduced motion).
 */
export function Collapsible({ open, children }: { open: boolean; children: ReactNode }) {
  const ref = useRef<HTMLDivElement>(null);
  const shown = useRef(open);
  useLayoutEffect(() => {
    if (shown.current !== open) animate(ref.current!, open);
    shown.current = open;
  }, [open]);
  return (
    <div ref={ref} className="collapsible" hidden={!open}>
      {children}
    </div>
  );
}

function animate(el: HTMLElement, open: boolean): void {
  el.getAnimations().forEach((a) => a.cancel());
  // React has already set `hidden` for the final state; keep the panel visible while it moves.
  el.hidden = false;
  const height = `${el.scrollHeight}px`;
  const reduced = matchMedia('(prefers-reduced-motion: reduce)').matches;
  el.style.overflow = 'hidden';
  const animation = el.animate({ height: open ? ['0px', height] : [height, '0px'] }, {
    duration: reduced ? 1 : collapseDuration(el.scrollHeight),
    easing: 'ease-in-out',
  });
  animation.onfinish = () => {
    el.hidden = !open;
    el.style.overflow = '';
  };
}
