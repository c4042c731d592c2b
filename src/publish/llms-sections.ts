// llms.txt's sections, one set per docs version. The default version's docs,
// examples and API come first, under today's plain headings (its pages keep
// the site's root URLs); each other version follows under headings naming it,
// so an assistant never mixes 3.3.2's Certificate with 4.0's. "Optional" (the
// interface pages, which an assistant may skip) stays last, as llmstxt.org
// wants, and holds every version's.
import type { SiteConfig } from '../config/schema.ts';
import { libraryVersionOf, versionDocsPath } from '../config/versions.ts';
import type { RouteRecord } from '../routes/types.ts';
import type { LlmsEntry } from './llms.ts';

export interface LlmsSection {
  title: string;
  entries: LlmsEntry[];
}

const API_KINDS: ReadonlySet<string> = new Set(['api-readme', 'api-globals', 'api-namespace', 'api-removed', 'api-class', 'api-enum']);

const isDocs = (r: RouteRecord): boolean => r.kind === 'home' || r.kind === 'page' || (r.model.type === 'doc' && r.sidebar !== 'examples');
const isExample = (r: RouteRecord): boolean => r.sidebar === 'examples';

/** The sections of llms.txt, from the routes that have a twin, each listed once. */
export function llmsSections(config: SiteConfig, withTwin: readonly RouteRecord[], entry: (r: RouteRecord) => LlmsEntry): LlmsSection[] {
  const group = (version: string | undefined, suffix: string): LlmsSection[] => {
    const routes = withTwin.filter((r) => r.version === version);
    return [
      { title: `Docs${suffix}`, entries: routes.filter(isDocs).map(entry) },
      { title: `Examples${suffix}`, entries: routes.filter(isExample).map(entry) },
      { title: `API${suffix}`, entries: routes.filter((r) => API_KINDS.has(r.kind)).map(entry) },
    ];
  };
  const others = config.docs.versions.filter((v) => v.path !== '');
  return [
    ...group(undefined, ''),
    ...others.flatMap((v) => group(v.name, ` (${v.label})`)),
    { title: 'Optional', entries: withTwin.filter((r) => r.kind === 'api-interface').map(entry) },
  ];
}

/**
 * The docs and examples pages written in Markdown, each version's in the order llms.txt lists them:
 * llms-full.txt's pages. A page a version shares with the default one is there once, as the default
 * version's: its other renderings differ only in links and release numbers (src/content/versioned-docs.ts),
 * and each keeps its own twin.
 */
export function llmsProse(config: SiteConfig, withTwin: readonly RouteRecord[]): RouteRecord[] {
  const versions = [undefined, ...config.docs.versions.filter((v) => v.path !== '').map((v) => v.name)];
  return versions.flatMap((version) => {
    const routes = withTwin.filter((r) => r.version === version && r.model.type === 'doc' && r.model.doc.sharedFrom === undefined);
    return [...routes.filter(isDocs), ...routes.filter(isExample)];
  });
}

/** What llms.txt says of the versions: which release the root pages document, and where each other one lives. */
export function llmsVersionsLine(config: SiteConfig, packageName: string, defaultVersion: string, url: (path: string) => string): string {
  const others = config.docs.versions.filter((v) => v.path !== '');
  const rest = others.map((v) => `the pages under ${url(versionDocsPath(config, v))} document ${packageName} ${libraryVersionOf(config, v)} (section titles end in "(${v.label})")`);
  const shares = others.some((v) => v.shares?.length) ? ' llms-full.txt holds a page that a version shares with the root pages once, as the root page.' : '';
  return `The API reference documents ${packageName} ${defaultVersion}${rest.length ? `; ${rest.join('; ')}` : ''}.${shares}`;
}
