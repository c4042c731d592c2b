// The list of what a version's older neighbour exported and it does not: each
// export linked to its page (or globals anchor) in the older version.
import { esc, linkHtml } from './member-html.ts';
import type { ApiRemovedPageProps } from './props.ts';

export function ApiRemovedPage(props: ApiRemovedPageProps) {
  return (
    <div className="api">
      <h1>{props.title}</h1>
      <p>{props.intro}</p>
      {props.entries.length > 0 && (
        <dl className="ix" dangerouslySetInnerHTML={{ __html: props.entries.map((e) => `<dt>${linkHtml({ text: e.name, href: e.href })}</dt><dd>${esc(e.summary)}</dd>`).join('') }} />
      )}
    </div>
  );
}
