// The keys of the page cache (src/site/page-cache.ts): each names everything
// the cached result depends on, so an equal key means an equal result.
// - the environment: the render code (PKIDOCS_CODE_HASH, set by bin/ for the
//   bundled CLI: src/ and templates/) and the installed packages (the lock file);
// - a body: the config, which Markdown file is which route (.md links), and
//   what of the API it reads: an API page, every version's model (its cache
//   key) and the site notes; any other page, what Markdown reads of each
//   version's model (docsApiKey: the API links, the tables' facts, the
//   version), not its doc comments; the page's source with its
//   front matter, and for a section index its section's cards; included files
//   and data modules' inputs are checked by digest when the body is reused;
//   a page module's body: the pages folder and the module's inputs (the files
//   it was compiled from and how each import resolved, src/shared/module-inputs.ts);
// - a page's files: its body key, its route, the shared site data (by its
//   hashed URL) and the asset URLs; and once the body is known, its content
//   key: the same with the body's own bytes for its body key, so a page whose
//   body key changed but whose body did not is not rendered again;
// - the publish stage's files: every route with its body key and the hashes
//   of the files a doc included, the config, the API bodies' key (model and
//   site notes) and the static files' names (no page's assets or site data);
//   the API pages' twins alone: the code, the config, the API bodies' key.
import { readdir, readFile } from 'node:fs/promises';
import { join, relative, sep } from 'node:path';
import type { SiteConfig } from '../config/schema.ts';
import type { DocSource } from '../content/docs.ts';
import type { PageBody } from '../render/body.ts';
import type { Assets } from '../render/document.ts';
import { cardsKey } from '../routes/docs.ts';
import type { RouteRecord } from '../routes/types.ts';
import { sha256 } from './page-cache.ts';

/** The environment's key, or undefined when the render code has no hash (not the bundled CLI): then nothing is cached. */
export async function environmentKey(root: string): Promise<string | undefined> {
  const code = process.env.PKIDOCS_CODE_HASH;
  if (!code) return undefined;
  const lock = await readFile(join(root, 'package-lock.json')).catch(() => new Uint8Array());
  return sha256('env', code, lock);
}

export interface KeyInputs {
  root: string;
  env: string;
  config: SiteConfig;
  apiKey: string;
  /** What Markdown pages read of the models (body-input.ts docsApiKey). */
  docsApiKey: string;
  routes: readonly RouteRecord[];
  docs: readonly DocSource[];
  /** What an api-readme route renders from its README file. */
  readme: (file: string) => Promise<string>;
  /** The folder of the page modules: a module may read its neighbours, so all of it keys each one. */
  pagesDir: string;
  /** A page module's inputs key (PageModule.inputs): the files it imports from anywhere, and how each import resolved. */
  moduleInputs: (file: string) => string | undefined;
}

/** Each keyable route's body key. */
export async function bodyKeys(k: KeyInputs): Promise<Map<string, string>> {
  const rel = (file: string): string => relative(k.root, file).split(sep).join('/');
  const routeMap = k.routes.flatMap((r) => (r.model.type === 'doc' ? [`${rel(r.model.doc.file)}>${r.path}`] : [])).join('\n');
  const config = JSON.stringify(k.config);
  // A doc comment is read only by API pages: the others are keyed on what Markdown reads of the models.
  const shared = sha256('body', k.env, config, k.docsApiKey, routeMap);
  const apiShared = sha256('body', k.env, config, k.apiKey, routeMap);
  const keys = new Map<string, string>();
  let pages: string | undefined;
  for (const route of k.routes) {
    const m = route.model;
    const base = [m.type === 'api-item' || m.type === 'api-globals' || m.type === 'api-removed' ? apiShared : shared, route.path, route.kind];
    if (m.type === 'doc') {
      const cards = route.kind === 'examples-index' ? cardsKey(k.docs, m.doc.id) : '';
      keys.set(route.path, sha256(...base, JSON.stringify({ ...m.doc, file: rel(m.doc.file) }), cards));
    } else if (m.type === 'api-readme') {
      keys.set(route.path, sha256(...base, await k.readme(m.file)));
    } else if (m.type === 'page-module') {
      pages ??= await treeKey(k.pagesDir);
      keys.set(route.path, sha256(...base, rel(m.file), pages, k.moduleInputs(m.file) ?? 'not loaded'));
    } else {
      keys.set(route.path, sha256(...base)); // API items and the globals list (the model), the not-found page (the config)
    }
  }
  return keys;
}

/**
 * A page's key over its body itself: renderSite makes its files of the body,
 * the route, the site data and the assets (pageKey), and the config and code
 * (the environment). Equal for a page whose body key changed but whose
 * rendered body is the same bytes.
 */
export function contentKey(env: string, config: SiteConfig, body: PageBody, route: RouteRecord, dataUrl: string, assets: Assets): string {
  return pageKey(sha256('content', env, JSON.stringify(config), JSON.stringify(body)), route, dataUrl, assets);
}

/** The key of a route's files (document, navigation chunk, 404.html). */
export function pageKey(bodyKey: string, route: RouteRecord, dataUrl: string, assets: Assets): string {
  // Its links to the other versions: adding or removing a page of one version changes pages of the others.
  const versions = route.versionLinks ? [route.versionLinks] : [];
  return sha256('page', bodyKey, JSON.stringify([route.path, route.kind, route.exact, route.sidebar ?? null, ...(route.version ? [route.version] : []), ...versions]), dataUrl, JSON.stringify(assets));
}

export interface PublishKeyInputs {
  root: string;
  env: string;
  config: SiteConfig;
  configFile: string;
  contentDir: string;
  /** The API bodies' key: the model and the site notes (an API page's twin carries its notes). */
  apiKey: string;
  /** Files of content/static: a static file wins over a generated one; the social image must be one. */
  statics: readonly { path: string }[];
  routes: readonly RouteRecord[];
  bodyKeys: ReadonlyMap<string, string>;
  /** The files a doc included or read as data, with their sha256 as they are now; undefined when not known. */
  deps: (path: string) => readonly (readonly [string, string])[] | undefined;
}

/**
 * The key of everything publishSite reads (src/publish/): each route in
 * order with its body key (a doc's source, the README, the page modules),
 * its included files (a doc's twin holds the code it includes), the config,
 * the API model and notes. Undefined when a route has no body key or a
 * doc's included files are not known by hash: then the stage runs.
 */
export function publishKey(k: PublishKeyInputs): string | undefined {
  const rel = (file: string): string => relative(k.root, file).split(sep).join('/');
  const routes: unknown[] = [];
  for (const r of k.routes) {
    const m = r.model;
    const deps = m.type === 'doc' ? k.deps(r.path) : [];
    const body = k.bodyKeys.get(r.path);
    if (!deps || !body) return undefined;
    const file = m.type === 'doc' || m.type === 'api-readme' || m.type === 'page-module' ? rel(m.type === 'doc' ? m.doc.file : m.file) : null;
    routes.push([r.path, r.kind, r.exact, r.sidebar ?? null, file, body, deps]);
  }
  return sha256('publish', k.env, JSON.stringify(k.config), rel(k.configFile), rel(k.contentDir), k.apiKey, JSON.stringify(k.statics.map((f) => f.path)), JSON.stringify(routes));
}

/**
 * The key of the API pages' twins (src/publish/api-markdown.ts): the API
 * model and site notes (the API bodies' key), the config (the URLs they
 * link) and the code.
 */
export function apiTwinsKey(env: string, config: SiteConfig, apiKey: string): string {
  return sha256('api-twins', env, JSON.stringify(config), apiKey);
}

/**
 * The key of one docs page's twin (src/publish/doc-twin.ts): its source and
 * body (the body key), the files it includes by hash, its route and file,
 * the config (the URLs its tables link) and the code. Undefined when the
 * included files are not known by hash.
 */
export function docTwinKey(k: Omit<PublishKeyInputs, 'routes' | 'statics' | 'apiKey'>, route: RouteRecord): string | undefined {
  const deps = k.deps(route.path);
  const body = k.bodyKeys.get(route.path);
  if (route.model.type !== 'doc' || !deps || !body) return undefined;
  const rel = (file: string): string => relative(k.root, file).split(sep).join('/');
  return sha256('doc-twin', k.env, JSON.stringify(k.config), rel(k.configFile), rel(k.contentDir), route.path, rel(route.model.doc.file), body, JSON.stringify(deps));
}

/** Every file under a folder, by name and contents. */
async function treeKey(dir: string): Promise<string> {
  const names = (await readdir(dir, { recursive: true }).catch(() => [] as string[])).map(String).sort();
  const parts: (string | Uint8Array)[] = [];
  for (const name of names) {
    const data = await readFile(join(dir, name)).catch(() => undefined); // a folder
    if (data) parts.push(name.split(sep).join('/'), data);
  }
  return sha256(...parts);
}

