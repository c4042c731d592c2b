import type { PageView } from '../../src/shared/view.ts';
import { useHref } from './base-url.ts';

/** On a page of an older docs version: says so, and links the newest version's copy of the page (or its first page). */
export function VersionBanner({ page }: { page: PageView }) {
  const href = useHref();
  const latest = page.versionLinks?.latest;
  if (!latest) return null;
  return (
    <div className="version-banner" role="note">
      This is the documentation of version {page.versionLinks!.current}.{' '}
      <a href={href(latest.href)} data-version={latest.name}>
        {page.versionLinks!.canonical ? `See this page in ${latest.label}` : `See the docs of ${latest.label}`}
      </a>
      , the latest version.
    </div>
  );
}
