// The route-change progress bar. It appears only when a route change takes
// longer than DELAY; it then starts at MINIMUM, trickles forward every
// TRICKLE_SPEED ms and, when done, fills up and fades out. Its state (start,
// trickle, done) is exposed as data-state.
export const DELAY = 200;
export const MINIMUM = 0.08;
export const SPEED = 200;
export const TRICKLE_RATE = 0.02;
export const TRICKLE_SPEED = 800;

let generation = 0;
let bar: HTMLElement | undefined;

function set(el: HTMLElement, value: number, state: 'start' | 'trickle' | 'done'): void {
  el.style.transform = `scaleX(${value})`;
  el.dataset.state = state;
  el.dataset.value = String(value);
}

/** Starts tracking a route change; call the returned function when it is over. */
export function startProgress(): () => void {
  const mine = ++generation;
  let trickle: ReturnType<typeof setInterval> | undefined;
  const show = setTimeout(() => {
    bar?.remove();
    const el = (bar = document.createElement('div'));
    el.className = 'progress';
    el.setAttribute('aria-hidden', 'true');
    el.style.transitionDuration = `${SPEED}ms`;
    set(el, MINIMUM, 'start');
    document.body.append(el);
    let value = MINIMUM;
    trickle = setInterval(() => set(el, (value = Math.min(0.994, value + TRICKLE_RATE * (1 - value))), 'trickle'), TRICKLE_SPEED);
  }, DELAY);
  return () => {
    clearTimeout(show);
    clearInterval(trickle);
    const el = bar;
    // A newer route change owns the bar now.
    if (mine !== generation || !el) return;
    set(el, 1, 'done');
    setTimeout(() => {
      el.remove();
      if (bar === el) bar = undefined;
    }, SPEED * 2);
  };
}
