// Per-file context handed to the remark plugins through vfile.data, so one
// frozen processor can serve every page.
import type { Diagnostic } from '../../diagnostics/diagnostic.ts';
import type { RepositoryLink } from '../package-repository.ts';

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
  /** On another docs version's page: a link to the site (`/docs/installation`) made that version's copy, where it has one. */
  sitePath?: (path: string) => string;
  /** A page shared with the default version (src/content/versioned-docs.ts): its `/docs/…` links go through `sitePath` too. */
  sharedPage?: boolean;
  /** Files read while rendering (includes), so watch mode can track them. */
  dependencies: Set<string>;
  report: (d: Diagnostic) => void;
  /** HTML the allow-list refuses: a content error (`refuse`, the default), or removed with a warning (`strip`: the package's README). */
  markup?: 'refuse' | 'strip';
  /**
   * Set for the package's README, whose relative links name files of the
   * package's repository, not of the site: `link` makes their URL, and is
   * undefined when the package names no repository (the links become text).
   */
  readme?: { link: RepositoryLink | undefined };
}

declare module 'vfile' {
  interface DataMap {
    doc: DocContext;
  }
}
