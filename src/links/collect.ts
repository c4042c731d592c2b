// Pulls the link targets and element ids out of a rendered page with a
// streaming parser (no DOM is built: the whole site is parsed in well under
// a second).
import { Parser } from 'htmlparser2';

export interface PageLinks {
  ids: Set<string>;
  hrefs: string[];
}

export function collectLinks(html: string): PageLinks {
  const ids = new Set<string>();
  const hrefs: string[] = [];
  const parser = new Parser(
    {
      onopentag(name, attrs) {
        if (attrs.id) ids.add(attrs.id);
        if (name === 'a' && attrs.name) ids.add(attrs.name);
        if (name === 'a' && attrs.href !== undefined) hrefs.push(attrs.href);
      },
    },
    { decodeEntities: true },
  );
  parser.write(html);
  parser.end();
  return { ids, hrefs };
}
