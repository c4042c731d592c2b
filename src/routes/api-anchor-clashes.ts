// The globals page (and each namespace's page) anchors a type alias, function
// or variable by its lower-cased name, the ids of the site pkidocs replaces.
// Two exports whose names differ only in case (`Encode`, `encode`), or a name
// equal to a section of the page (`functions`), would share one id, and a
// link to the second would land on the first: refused, naming both, until
// the anchors learn to tell them apart. A name that is no identifier
// (`export { X as "a/b" }`) would name no page or anchor: refused too.
import { error, type Diagnostic } from '../diagnostics/diagnostic.ts';
import type { ApiModel } from '../api/model.ts';
import { GLOBALS_SECTION_IDS, NAMESPACES_SECTION_ID, apiItemHref, globalsAnchor, isRoutableName, namespaceOf } from './api-urls.ts';

export function apiAnchorClashes(model: ApiModel, dts: string): Diagnostic[] {
  const sections = [...Object.values(GLOBALS_SECTION_IDS), NAMESPACES_SECTION_ID];
  const taken = new Map<string, string>();
  const found: Diagnostic[] = [];
  for (const item of model.items) {
    if (!isRoutableName(item.name)) {
      found.push(error('content', 'api/unroutable-name', `The export ${JSON.stringify(item.name)} is not an identifier, so it cannot name an API page or anchor.`, {
        file: dts, hint: 'Export it under an identifier name (letters, digits, _ and $).',
      }));
      continue;
    }
    if (!apiItemHref(item.kind, item.name).includes('#')) continue; // a page of its own
    const page = namespaceOf(item.name) || '(globals)';
    const id = globalsAnchor(item.name);
    const other = sections.includes(id) ? `the page's own "${id}" section` : taken.get(`${page}\0${id}`);
    if (other) {
      found.push(error('content', 'api/anchor-clash', `The export ${item.name} would take the anchor #${id}, which ${other.startsWith('the page') ? other : `the export ${other}`} already has on the same API page: a link to it would land on the wrong entry.`, {
        file: dts, hint: 'Rename one of the two exports (names that differ only in case share one anchor).',
      }));
      continue;
    }
    taken.set(`${page}\0${id}`, item.name);
  }
  return found;
}
