import type { TocEntry } from '../../src/shared/page.ts';

/** The page's h2 headings with their h3 headings nested below. */
export function Toc({ entries }: { entries: TocEntry[] }) {
  const groups: { entry: TocEntry; children: TocEntry[] }[] = [];
  for (const e of entries) {
    const last = groups[groups.length - 1];
    if (e.depth === 3 && last) last.children.push(e);
    else groups.push({ entry: e, children: [] });
  }
  return (
    <nav className="toc" aria-label="On this page">
      <p className="toc__title">On this page</p>
      <ul className="toc__list">
        {groups.map(({ entry, children }) => (
          <li key={entry.id}>
            <a href={`#${entry.id}`}>{entry.text}</a>
            {children.length > 0 && (
              <ul>
                {children.map((c) => (
                  <li key={c.id}>
                    <a href={`#${c.id}`}>{c.text}</a>
                  </li>
                ))}
              </ul>
            )}
          </li>
        ))}
      </ul>
    </nav>
  );
}
