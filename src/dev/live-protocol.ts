// What the dev server and the injected browser script say to each other over
// the reload channel (Server-Sent Events). Kept free of Node APIs: the
// browser script is bundled from it.

export const EVENTS_PATH = '/__pkidocs/events';
/** Global the server sets in each injected page. */
export const INFO_GLOBAL = '__pkidocsLive';

export interface LiveInfo {
  /** Route path of the page served (the 404 page is '/404'). */
  path: string;
  /** The build the page comes from; a different one on connect means the page is stale. */
  generation: string;
}

/** A diagnostic as the overlay shows it. */
export interface LiveDiagnostic {
  severity: 'error' | 'warning';
  code: string;
  message: string;
  hint?: string;
  /** `file:line:column`, relative to the project. */
  location?: string;
}

/**
 * Which rebuild an event reports: rebuilds are numbered 1, 2, … in the order
 * they ran, and name the changed files they read (project-relative). A tool
 * that saves a file waits for a rebuild that lists it and is numbered after
 * the last one it saw, so a late event of an earlier rebuild never stands in.
 */
export interface LiveBuild {
  build: number;
  files: string[];
}

/** Event payloads, by event name. `hello.build` is the last rebuild reported (0: none yet). */
export interface LiveEvents {
  hello: { generation: string; build: number; diagnostics: LiveDiagnostic[] };
  reload: LiveBuild & { generation: string; paths: string[]; all: boolean };
  failed: LiveBuild & { diagnostics: LiveDiagnostic[] };
}
