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

/** Event payloads, by event name. */
export interface LiveEvents {
  hello: { generation: string; diagnostics: LiveDiagnostic[] };
  reload: { generation: string; paths: string[]; all: boolean };
  failed: { diagnostics: LiveDiagnostic[] };
}
