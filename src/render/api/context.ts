// Site-wide state of the API renderer, built once per model: the item index,
// the reverse references, and the type and doc renderers (whose caches are
// shared by every page).
import type { ApiItem, ApiItemKind, ApiModel, ApiTarget } from '../../api/model.ts';
import type { RenderMarkdown } from '../../content/markdown.ts';
import { API_BASE, apiTargetHref } from '../../routes/api-urls.ts';
import { createDocRenderer, type DocRenderer } from './doc-html.ts';
import type { ApiMarks } from './marks.ts';
import { createTypeRenderer, type TypeRenderer } from './type-html.ts';
import { collectUsedBy, itemKey } from './used-by.ts';

export interface ApiRenderContext {
  model: ApiModel;
  /** Where this model's pages live (`/docs/api`, `/docs/4.0/api`): every link it makes stays under it. */
  base: string;
  lookup(kind: ApiItemKind, name: string): ApiItem | undefined;
  /** href of a pkijs item or member; undefined when it is not in the model (render as text). */
  targetHref(target: ApiTarget): string | undefined;
  usedBy(item: ApiItem): readonly ApiItem[];
  types: TypeRenderer;
  docs: DocRenderer;
  /** How this version differs from its neighbours (src/render/api/marks.ts); none with one version. */
  marks?: ApiMarks;
}

export function createApiRenderContext(model: ApiModel, renderMarkdown: RenderMarkdown, base: string = API_BASE, marks?: ApiMarks): ApiRenderContext {
  const index = new Map(model.items.map((item) => [itemKey(item.kind, item.name), item]));
  const lookup = (kind: ApiItemKind, name: string) => index.get(itemKey(kind, name));
  const hrefs = new Map<string, string | undefined>();
  const targetHref = (target: ApiTarget): string | undefined => {
    const key = `${target.kind}:${target.name}:${target.member ?? ''}:${target.static ? 's' : ''}`;
    if (!hrefs.has(key)) hrefs.set(key, lookup(target.kind, target.name) ? apiTargetHref(target, lookup, base) : undefined);
    return hrefs.get(key);
  };
  const usedBy = collectUsedBy(model.items);
  return {
    model,
    base,
    lookup,
    targetHref,
    usedBy: (item) => usedBy.get(itemKey(item.kind, item.name)) ?? [],
    types: createTypeRenderer(targetHref),
    docs: createDocRenderer(renderMarkdown, (link) => (link.target ? targetHref(link.target) : link.url)),
    ...(marks ? { marks } : {}),
  };
}
