// The rendered main content of one page, whatever produced it (Markdown, the
// API templates, a React page module). The layout wraps it.
import type { TocEntry } from '../shared/page.ts';

export interface PageBody {
  /** Page title, used for <title> ('{title} | {site title}') and breadcrumbs. */
  title: string;
  /** One-line description for <meta name="description"> and cards. */
  description?: string;
  /** The content HTML, h1 included. */
  html: string;
  /** h2/h3 headings, in document order. */
  toc: TocEntry[];
}
