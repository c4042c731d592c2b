import type { Crumb } from '../../src/shared/page.ts';
import { HomeIcon } from './icons.tsx';
import { useHref } from './base-url.ts';

export function Breadcrumbs({ crumbs }: { crumbs: Crumb[] }) {
  const href = useHref();
  if (crumbs.length < 2) return null;
  return (
    <nav className="breadcrumbs" aria-label="Breadcrumbs">
      <ol>
        {crumbs.map((c, i) => {
          const last = i === crumbs.length - 1;
          return (
            <li key={i} className={last ? 'breadcrumbs__item breadcrumbs__item--active' : 'breadcrumbs__item'}>
              {i === 0 && c.href ? (
                <a href={href(c.href)} aria-label="Home page" className="breadcrumbs__link">
                  <HomeIcon />
                </a>
              ) : c.href && !last ? (
                <a href={href(c.href)} className="breadcrumbs__link">{c.label}</a>
              ) : (
                <span className="breadcrumbs__link" aria-current={last ? 'page' : undefined}>{c.label}</span>
              )}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
