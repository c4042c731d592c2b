// The live status line of a build on a terminal: the stages running, each with
// how far it is ("render 120/408 pages") and its elapsed time, and how many
// have finished, redrawn in place every 100 ms so a long stage (TypeDoc's
// conversion in `api`) never looks hung. A stage's progress calls redraw it
// too (at most every 100 ms): rendering is synchronous and blocks the timer.
// On a pipe or a dumb terminal nothing of it is written: the log stays plain.

const FRAMES = ['⠋', '⠙', '⠹', '⠸', '⠼', '⠴', '⠦', '⠧', '⠇', '⠏'];
/** Carriage return, then erase to the end of the line. */
const CLEAR = '\r\x1b[K';

export interface LiveLine {
  start(stage: string): void;
  finish(stage: string): void;
  /** How far a running stage is; redraws at once unless the line was drawn under 100 ms ago. */
  progress(stage: string, detail: string): void;
  /** Erases the line so a plain line can be written; the next tick draws it again. */
  clear(): void;
}

export function liveLine(write: (s: string) => void, now: () => number = () => performance.now()): LiveLine {
  const running = new Map<string, number>();
  let finished = 0;
  let frame = 0;
  let shown = false;
  const details = new Map<string, string>();
  let drawn = -Infinity;
  let ticker: NodeJS.Timeout | undefined;

  const draw = (): void => {
    drawn = now();
    const stages = [...running].map(([name, since]) => `${name}${details.has(name) ? ` ${details.get(name)}` : ''} ${((now() - since) / 1000).toFixed(1)} s`).join(', ');
    write(`${CLEAR}${FRAMES[frame++ % FRAMES.length]} ${stages}  (${finished} ${finished === 1 ? 'stage' : 'stages'} done)`);
    shown = true;
  };
  const clear = (): void => {
    if (shown) write(CLEAR);
    shown = false;
  };
  return {
    start(stage) {
      running.set(stage, now());
      // unref: the line never keeps the process alive.
      ticker ??= setInterval(draw, 100).unref();
      draw();
    },
    progress(stage, detail) {
      if (!running.has(stage)) return;
      details.set(stage, detail);
      if (now() - drawn >= 100) draw();
    },
    finish(stage) {
      details.delete(stage);
      if (!running.delete(stage)) return;
      finished++;
      clear();
      if (running.size === 0) {
        clearInterval(ticker);
        ticker = undefined;
      }
    },
    clear,
  };
}
