// The links stage of a run: the pages rendered by this run go through the link
// index. On a full build that is every page; in watch mode the index of the
// last run re-checks only what the changed pages can affect.
import type { SiteConfig } from '../config/schema.ts';
import type { LinkReport } from '../links/check.ts';
import { LinkIndex, locateFresh } from '../links/link-index.ts';
import type { StaticFile } from '../output/copy-static.ts';
import type { RenderedPage } from '../render/render-site.ts';
import type { Reporter } from './reporter.ts';
import { fail } from './stage.ts';
import type { Rendered, SiteState } from './types.ts';

export async function linkStage(
  changed: RenderedPage[],
  rendered: Rendered,
  prev: SiteState | undefined,
  config: SiteConfig,
  statics: readonly StaticFile[],
  reporter: Reporter,
): Promise<LinkReport & { index: LinkIndex }> {
  // Static files as the content stage listed them (a link inside the repository counts as its file).
  const staticFiles = new Set([...rendered.assets.map((a) => a.url), ...statics.map((f) => `/${f.path}`), '/404.html']);
  const removed = prev ? [...prev.rendered.outputs.keys()].filter((p) => !rendered.outputs.has(p)) : [];
  // A new base URL changes every href: the index starts again.
  const previous = prev?.config.baseUrl === config.baseUrl ? prev.links : undefined;
  // Pages from the page cache bring their ids and links: nothing to parse.
  const pages = rendered.collected ? changed.map((p) => ({ ...p, links: rendered.collected?.get(p.path) })) : changed;
  const index = await (previous ?? LinkIndex.empty(locateFresh, config.baseUrl)).update(pages, removed, staticFiles);
  const report = { diagnostics: index.diagnostics, linksChecked: index.checked.links, pagesChecked: index.checked.pages, index };
  if (report.diagnostics.length && config.onBrokenLinks === 'throw') fail(report.diagnostics);
  report.diagnostics.forEach((d) => reporter.diagnostic({ ...d, severity: 'warning' }));
  return report;
}
