// Site notes on API pages (the `aside.nt` a note file adds) as search rows:
// one section per note, anchored at the member it is about (the h3 before it)
// or at the page itself, headed by what it is about ("Site note on
// OCSPResponse.sign()"). The rest of an API page is indexed as symbols.
import type { SectionRow } from '../shared/search-index.ts';

const NOTE = /<aside class="nt" aria-label="([^"]*)">([\s\S]*?)<\/aside>/g;
const H3 = /<h3 id="([^"]*)">/g;
const ENTITIES: Record<string, string> = { '&amp;': '&', '&lt;': '<', '&gt;': '>', '&quot;': '"', '&#x27;': "'", '&#39;': "'" };

export function noteSections(html: string): SectionRow[] {
  const anchors = [...html.matchAll(H3)].map((m) => ({ at: m.index, id: m[1]! }));
  return [...html.matchAll(NOTE)].map((m): SectionRow => {
    const anchor = anchors.filter((a) => a.at < m.index).at(-1)?.id ?? '';
    // The aside's own title repeats the heading: leave it out of the text.
    // Code blocks are left out, as on prose pages.
    const body = m[2]!.replace(/^<p class="nt-t">[\s\S]*?<\/p>/, '').replace(/<pre[\s\S]*?<\/pre>/g, ' ');
    const text = body.replace(/<[^>]+>/g, ' ').replace(/&(?:amp|lt|gt|quot|#x27|#39);/g, (e) => ENTITIES[e]!).replace(/\s+/g, ' ').trim();
    return [anchor, unescape(m[1]!), text];
  });
}

function unescape(attr: string): string {
  return attr.replace(/&(?:amp|lt|gt|quot);/g, (e) => ENTITIES[e]!);
}
