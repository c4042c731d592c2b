import type { PageView } from '../../src/shared/view.ts';
import { useHref } from './base-url.ts';

/** On a page of an older docs version: says so, and leads where the dropdown's newest version does (this page there, else its nearest page). */
export function VersionBanner({ page }: { page: PageView }) {
  const href = useHref();
  const links = page.versionLinks;
  const latest = links?.latest;
  if (!latest) return null;
  // One text node before the link, so the markup carries no React text separators.
  return (
    <div className="version-banner" role="note">
      {`This is the documentation of version ${links.current}. `}
      <a href={href(links.to[latest.name]!)} data-version={latest.name}>
        {latest.copy ? `See this page in ${latest.label}` : `See the docs of ${latest.label}`}
      </a>
      , the latest version.
    </div>
  );
}
