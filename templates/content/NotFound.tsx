export interface NotFoundProps {
  /** Where a lost reader can go next (computed by routes: home, docs main page, API exports). */
  links: { label: string; href: string }[];
}

export function NotFound({ links }: NotFoundProps) {
  return (
    <div className="not-found">
      <h1>Page Not Found</h1>
      <p>We could not find what you were looking for. If a link brought you here, the page may have moved.</p>
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
