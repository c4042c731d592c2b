// Site notes on API pages (the `aside.nt` a note file adds) as search rows:
// one section per note, anchored at the member it is about (the h3 before it)
// or at the page itself, headed by what it is about ("Site note on
// OCSPResponse.sign()"). The rest of an API page is indexed as symbols.
import type { SectionRow } from '../shared/search-index.ts';
import { pageSections } from './page-rows.ts';

const NOTE = /<aside class="nt" aria-label="([^"]*)">([\s\S]*?)<\/aside>/g;
const H3 = /<h3 id="([^"]*)">/g;
const ENTITIES: Record<string, string> = { '&amp;': '&', '&lt;': '<', '&gt;': '>', '&quot;': '"' };

export function noteSections(html: string, apiNames?: ReadonlySet<string>): SectionRow[] {
  const anchors = [...html.matchAll(H3)].map((m) => ({ at: m.index, id: m[1]! }));
  return [...html.matchAll(NOTE)].map((m): SectionRow => {
    const anchor = anchors.filter((a) => a.at < m.index).at(-1)?.id ?? '';
    // The aside's own title repeats the heading: leave it out of the text. The rest is read as a
    // prose page's text is (code reduced to the names it calls, entities decoded, in the same compact form).
    const body = m[2]!.replace(/^<p class="nt-t">[\s\S]*?<\/p>/, '');
    const [, , ...text] = pageSections(body, [], apiNames)[0]!;
    return [anchor, unescape(m[1]!), ...text];
  });
}

function unescape(attr: string): string {
  return attr.replace(/&(?:amp|lt|gt|quot);/g, (e) => ENTITIES[e]!);
}
