// The live status line of a build on a terminal: the stages running, each with
// its elapsed time, and how many have finished, redrawn in place every 100 ms
// so a long stage (TypeDoc's conversion in `api`) never looks hung. On a pipe
// or a dumb terminal nothing of it is written: the log stays plain lines.

const FRAMES = ['⠋', '⠙', '⠹', '⠸', '⠼', '⠴', '⠦', '⠧', '⠇', '⠏'];
/** Carriage return, then erase to the end of the line. */
const CLEAR = '\r\x1b[K';

export interface LiveLine {
  start(stage: string): void;
  finish(stage: string): void;
  /** Erases the line so a plain line can be written; the next tick draws it again. */
  clear(): void;
}

export function liveLine(write: (s: string) => void, now: () => number = () => performance.now()): LiveLine {
  const running = new Map<string, number>();
  let finished = 0;
  let frame = 0;
  let shown = false;
  let ticker: NodeJS.Timeout | undefined;

  const draw = (): void => {
    const stages = [...running].map(([name, since]) => `${name} ${((now() - since) / 1000).toFixed(1)} s`).join(', ');
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
    finish(stage) {
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
