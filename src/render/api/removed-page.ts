// The removed-exports page of a version: what its older neighbour exported
// and it does not, each linked to the older version's page (the diff of
// src/render/api/marks.ts, made once per build).
import { createElement } from 'react';
import { isPageItem } from '../../api/model.ts';
import { apiItemHref } from '../../routes/api-urls.ts';
import { reactDomServer } from '../../shared/lazy-packages.ts';
import { ApiRemovedPage } from '../../../templates/api/RemovedPage.tsx';
import type { PageBody } from '../body.ts';
import type { ApiRenderContext } from './context.ts';
import { memberCounts } from './describe.ts';

export function renderApiRemovedPage(ctx: ApiRenderContext): PageBody {
  const removed = ctx.marks?.removed();
  if (!removed) throw new Error(`The removed-exports page of ${ctx.model.packageName} ${ctx.model.version} has no older version to compare with.`);
  const { packageName, version } = ctx.model;
  const { older, items } = removed;
  const from = `${packageName} ${older.model.version}`;
  const entries = items.map((i) => ({ name: i.name, href: apiItemHref(i.kind, i.name, older.base), summary: i.summary || (isPageItem(i) ? memberCounts(i) : i.kind) }));
  const intro = entries.length
    ? `${entries.length} ${entries.length === 1 ? 'export' : 'exports'} of ${from} ${entries.length === 1 ? 'is' : 'are'} gone from ${packageName} ${version}, each linked to its page in ${older.label}.`
    : `Every export of ${from} is still exported by ${packageName} ${version}; what changed is marked on its pages.`;
  const title = `Exports removed in ${packageName} ${version}`;
  return {
    title,
    description: `The exports of ${from} that ${packageName} ${version} no longer has.`,
    html: reactDomServer().renderToStaticMarkup(createElement(ApiRemovedPage, { title, intro, entries })),
    toc: [],
  };
}
