// The version marks ("New in 4.0", "Signature changed in 4.0", "Removed in
// 4.0") in Markdown: a line under an export's or member's heading in its
// twin, and a section of llms-full.txt listing every mark of every version's
// pages. The marks are the HTML pages' own (src/render/api/marks.ts), their
// links made absolute as every twin link is.
import { isPageItem, type ApiModel } from '../api/model.ts';
import type { ApiMarks } from '../render/api/marks.ts';
import { apiItemHref, apiMemberAnchors } from '../routes/api-urls.ts';
import type { MarkView } from '../../templates/api/props.ts';

/** `Version note: New in 4.0.` or `Version note: [Signature changed in 4.0](…#generatekey).`; empty without marks. */
export function marksLine(marks: readonly MarkView[] | undefined, link: (path: string) => string): string {
  if (!marks?.length) return '';
  return `Version note: ${marks.map((m) => (m.href ? `[${m.text}](${link(m.href)})` : m.text)).join('; ')}.`;
}

/** One documented version, as llms-full.txt lists its marks. */
export interface MarkedModel {
  /** `pkijs 4.0.0 (4.0)`. */
  title: string;
  model: ApiModel;
  base: string;
  marks: ApiMarks | undefined;
}

/**
 * llms-full.txt's list of every mark, version by version: each export and
 * member that carries one, linked to where its page shows it. Empty when no
 * page carries a mark.
 */
export function marksSection(versions: readonly MarkedModel[], link: (path: string) => string): string {
  const parts: string[] = [];
  for (const v of versions) {
    const lines: string[] = [];
    for (const item of v.model.items) {
      const href = apiItemHref(item.kind, item.name, v.base);
      const own = marksLine(v.marks?.item(item), link);
      if (own) lines.push(`- [${item.name}](${link(href)}): ${own}`);
      if (!isPageItem(item)) continue;
      const anchors = apiMemberAnchors(item);
      for (const m of item.members) {
        const line = marksLine(v.marks?.member(item, m), link);
        if (line) lines.push(`- [${item.name}.${m.kind === 'constructor' ? 'constructor' : m.name}](${link(`${href}#${anchors.get(m)!.id}`)}): ${line}`);
      }
    }
    if (lines.length) parts.push(`## Version marks of ${v.title}\n\n${lines.join('\n')}`);
  }
  if (!parts.length) return '';
  const intro = '# Differences between the documented versions\n\nThe exports and members whose API page carries a version mark, by version: added since the older version, or removed or re-declared by the newer one.';
  return `${[intro, ...parts].join('\n\n')}\n`;
}
