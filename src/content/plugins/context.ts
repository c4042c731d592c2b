// Per-file context handed to the remark plugins through vfile.data, so one
// frozen processor can serve every page.
import type { Diagnostic } from '../../diagnostics/diagnostic.ts';

export interface DocContext {
  /** Absolute path of the Markdown file being rendered. */
  source: string;
  /** Lines of front matter before the body, to report file line numbers. */
  lineOffset: number;
  /** Route path of the .md file at an absolute path, if it is a page. */
  routeOfFile: (absPath: string) => string | undefined;
  /** The content folder: code includes must resolve inside it. */
  contentDir: string;
  /** Largest file an include may read (limits.maxPageBytes). */
  maxIncludeBytes: number;
  /** Production origin (e.g. https://pkijs.org); links to it become internal. */
  siteOrigin?: string;
  /** Files read while rendering (includes), so watch mode can track them. */
  dependencies: Set<string>;
  report: (d: Diagnostic) => void;
  /** HTML the allow-list refuses: a content error (`refuse`, the default), or removed with a warning (`strip`: the package's README). */
  markup?: 'refuse' | 'strip';
}

declare module 'vfile' {
  interface DataMap {
    doc: DocContext;
  }
}
