// The globals page: an index of the items that have pages (enumerations,
// classes, interfaces) and, in place, every type alias, variable and function.
import { Section } from './Member.tsx';
import { esc, linkHtml, marksHtml } from './member-html.ts';
import type { ApiGlobalsPageProps, IndexEntry } from './props.ts';

/** ~400 entries: one string rather than 1,200 React elements. */
function indexHtml(entries: IndexEntry[]): string {
  return entries
    .map((e) => `<dt>${linkHtml({ text: e.name, href: e.href })}${e.marks?.length ? ` ${marksHtml(e.marks)}` : ''}</dt><dd>${esc(e.summary)}</dd>`)
    .join('');
}

export function ApiGlobalsPage(props: ApiGlobalsPageProps) {
  return (
    <div className="api">
      <h1>{props.title}</h1>
      {props.docHtml && <div className="dc" dangerouslySetInnerHTML={{ __html: props.docHtml }} />}
      {props.removedLink && <p className="vms" dangerouslySetInnerHTML={{ __html: linkHtml(props.removedLink) }} />}
      {props.indexes.map((index) => (
        <section key={index.id}>
          <h2 id={index.id}>{index.title}</h2>
          <dl className="ix" dangerouslySetInnerHTML={{ __html: indexHtml(index.entries) }} />
        </section>
      ))}
      {props.sections.map((s) => (
        <Section key={s.id} section={s} />
      ))}
    </div>
  );
}
