// Which routes a watch run's new API models touch. An edit of one version's
// d.ts gives that version a new model, and the neighbouring versions new
// marks (src/render/api/marks.ts): every page of the edited version is
// rendered again, and of the others only the API pages whose marks changed,
// and the removed-exports page (it lists the diff).
import type { ApiModel } from '../api/model.ts';
import type { ApiRenderContext } from '../render/api/index.ts';
import { itemMarksKey, modelMarksKey } from '../render/api/marks.ts';
import type { RouteRecord } from '../routes/types.ts';
import type { Inputs } from './types.ts';

/** The models and API render contexts of a run, by version (undefined: the default one). */
interface ApiSide {
  model(version: string | undefined): ApiModel | undefined;
  ctx(version: string | undefined): ApiRenderContext | undefined;
}

export function apiSide(input: Pick<Inputs, 'api' | 'versionApis'>, apiCtx: ApiRenderContext | undefined, versionCtx: ReadonlyMap<string, { apiCtx: ApiRenderContext }> | undefined): ApiSide {
  return {
    model: (v) => (v === undefined ? input.api.model : input.versionApis.find((x) => x.name === v)?.api.model),
    ctx: (v) => (v === undefined ? apiCtx : versionCtx?.get(v)?.apiCtx),
  };
}

/** Whether a route's body reads a model or marks that differ between the last run (`before`) and this one (`after`). */
export function apiTouched(before: ApiSide, after: ApiSide): (route: RouteRecord) => boolean {
  return (route) => {
    const model = after.model(route.version);
    if (!model || model !== before.model(route.version)) return true;
    const [was, is] = [before.ctx(route.version)?.marks, after.ctx(route.version)?.marks];
    if (was === is) return false;
    const m = route.model;
    if (m.type === 'api-removed') return true;
    if (m.type === 'api-item') return itemMarksKey(was, m.item) !== itemMarksKey(is, m.item);
    if (m.type === 'api-globals') return modelMarksKey(was, model) !== modelMarksKey(is, model);
    return false;
  };
}
