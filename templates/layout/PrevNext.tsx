import type { NavLink } from '../../src/shared/page.ts';
import { useHref } from './base-url.ts';

export function PrevNext({ prev, next }: { prev?: NavLink; next?: NavLink }) {
  const href = useHref();
  if (!prev && !next) return null;
  return (
    <nav className="pagination" aria-label="Docs pages">
      {prev ? (
        <a className="pagination__link" href={href(prev.href)} rel="prev">
          <span className="pagination__sub">Previous</span>
          <span className="pagination__label">« {prev.title}</span>
        </a>
      ) : <span />}
      {next && (
        <a className="pagination__link pagination__link--next" href={href(next.href)} rel="next">
          <span className="pagination__sub">Next</span>
          <span className="pagination__label">{next.title} »</span>
        </a>
      )}
    </nav>
  );
}
