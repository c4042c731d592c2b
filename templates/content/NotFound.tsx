export interface NotFoundProps {
  /** Where a lost reader can go next (computed by routes: home, docs main page, API exports). */
  links: { label: string; href: string }[];
}

export function NotFound({ links }: NotFoundProps) {
  return (
    <div className="not-found">
      <h1>Page Not Found</h1>
      <p>We could not find what you were looking for. If a link brought you here, the page may have moved.</p>
      {/* With JavaScript, a /x.html address is turned into the page /x before this shows (src/shared/html-suffix-script.ts). */}
      <noscript>
        <p className="not-found__html">Pages of this site have addresses without <code>.html</code>: if the address ends in <code>.html</code> or <code>/index.html</code>, remove that ending.</p>
      </noscript>
      <ul>
        {links.map((l) => (
          <li key={l.href}>
            <a href={l.href}>{l.label}</a>
          </li>
        ))}
      </ul>
    </div>
  );
}
