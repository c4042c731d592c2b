import type { SiteView } from '../../src/shared/view.ts';
import { ExternalIcon } from './icons.tsx';
import { useHref } from './base-url.ts';

export function Footer({ footer }: { footer: SiteView['footer'] }) {
  const href = useHref();
  return (
    <footer className={`footer footer--${footer.style}`}>
      <div className="footer__columns">
        {footer.columns.map((col) => (
          <div key={col.title} className="footer__col">
            <p className="footer__title">{col.title}</p>
            {col.items ? (
              <ul className="footer__items">
                {col.items.map((item) => (
                  <li key={item.label}>
                    <a className="footer__link" href={href(item.href)} {...(item.external && !item.href.startsWith('mailto:') ? { target: '_blank', rel: 'noopener noreferrer' } : {})}>
                      {item.label}
                      {item.external && !item.href.startsWith('mailto:') && <ExternalIcon />}
                    </a>
                  </li>
                ))}
              </ul>
            ) : (
              <p className="footer__text">{col.text}</p>
            )}
          </div>
        ))}
      </div>
      {footer.copyright && <p className="footer__copyright">{footer.copyright}</p>}
    </footer>
  );
}
