// Reads the CLI's result line ("Built 435 pages (1 rendered, 434 reused), …
// in 0.53 s."): the pages this run rendered (not the site's page count, which
// a warm build prints first) and the CLI's own time.
export interface BuiltLine {
  /** Pages rendered by this run. */
  rendered: number;
  /** Pages of the whole site. */
  sitePages: number;
  /** The CLI's own figure, in seconds. */
  seconds: number;
}

const LINE = /Built (\d+) pages? \((\d+) rendered, \d+ reused\).* in ([\d.]+) s\./;

export function builtLine(output: string): BuiltLine | undefined {
  const m = LINE.exec(output);
  return m ? { sitePages: Number(m[1]), rendered: Number(m[2]), seconds: Number(m[3]) } : undefined;
}
