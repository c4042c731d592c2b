// Routes of the API reference: the package README, the globals page and one
// page per namespace, class, interface and enumeration.
import type { ApiItem, ApiModel } from '../api/model.ts';
import type { ApiFacts } from '../content/plugins/remark-table.ts';
import type { RouteKind } from '../shared/page.ts';
import { API_BASE, API_GLOBALS_PATH, apiGlobalsPath, apiItemHref, apiNamespaceHref } from './api-urls.ts';
import type { RouteRecord } from './types.ts';

export { API_GLOBALS_PATH };

/** The package README, at /docs/api/{package} (or under another version's API base). */
export const apiReadmePath = (packageName: string, base: string = API_BASE): string => `${base}/${packageName}`;

const PAGE_KINDS: Partial<Record<ApiItem['kind'], RouteKind>> = {
  class: 'api-class',
  interface: 'api-interface',
  enum: 'api-enum',
};

/**
 * The API routes of one docs version: the default one's under API_BASE, another's
 * under its own base, each record naming that version (`version`).
 */
export function apiRoutes(model: ApiModel, dts: string, readme: string, base: string = API_BASE, version?: string): RouteRecord[] {
  const v = version === undefined ? {} : { version };
  const routes: RouteRecord[] = [
    { path: apiReadmePath(model.packageName, base), kind: 'api-readme', exact: true, sidebar: 'docs', ...v, source: readme, model: { type: 'api-readme', file: readme } },
    { path: apiGlobalsPath(base), kind: 'api-globals', exact: true, sidebar: 'docs', ...v, source: dts, model: { type: 'api-globals' } },
  ];
  for (const { name } of model.namespaces ?? []) {
    routes.push({ path: apiNamespaceHref(name, base), kind: 'api-namespace', exact: true, sidebar: 'docs', ...v, source: dts, model: { type: 'api-globals', namespace: name } });
  }
  for (const item of model.items) {
    const kind = PAGE_KINDS[item.kind];
    if (!kind) continue;
    routes.push({ path: apiItemHref(item.kind, item.name, base), kind, exact: true, sidebar: 'docs', ...v, source: dts, model: { type: 'api-item', item } });
  }
  return routes;
}

/** The URL of every export by name (pages, or globals-page anchors), for linking code. */
export function apiHrefs(model: ApiModel, base: string = API_BASE): Map<string, string> {
  return new Map(model.items.map((i) => [i.name, apiItemHref(i.kind, i.name, base)]));
}

/** What Markdown pages may read of the API model (generated tables): each enumeration's members, in value order. */
export function apiFacts(model: ApiModel): ApiFacts {
  const enums = new Map<string, { name: string; value: number | string }[]>();
  for (const item of model.items) {
    if (item.kind !== 'enum') continue;
    const members = item.members.map((m) => {
      const raw = m.type?.type === 'literal' ? m.type.value : '';
      const value = raw !== '' && Number.isFinite(Number(raw)) ? Number(raw) : raw.replace(/^"|"$/g, '');
      return { name: m.name, value };
    });
    const numeric = members.every((m) => typeof m.value === 'number');
    enums.set(item.name, numeric ? members.sort((a, b) => (a.value as number) - (b.value as number)) : members);
  }
  return { enums };
}
