// A resource started on first use and kept until taken back (an esbuild
// context, the output folder's lock). A start that fails is forgotten, so the
// next use starts it again instead of failing for ever.
export class Kept<T> {
  private started: Promise<T> | undefined;

  constructor(private readonly start: () => Promise<T>) {}

  /** The resource, started now if it is not yet (or its last start failed). */
  get(): Promise<T> {
    if (!this.started) {
      const started = this.start();
      this.started = started;
      started.catch(() => {
        if (this.started === started) this.started = undefined;
      });
    }
    return this.started;
  }

  /** Forgets it, and gives it back to be released (undefined if it never started, or failed to). */
  async take(): Promise<T | undefined> {
    const started = this.started;
    this.started = undefined;
    return started?.catch(() => undefined);
  }
}
