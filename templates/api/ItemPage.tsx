// The page of one class, interface or enumeration: title, doc comment,
// examples, hierarchy, "Used by", then its members section by section.
import { esc, linkHtml, marksHtml, noteHtml } from './member-html.ts';
import { Section } from './Member.tsx';
import type { ApiItemPageProps, HierarchyRow } from './props.ts';

function hierarchyHtml(rows: HierarchyRow[]): string {
  return rows.map((row) => `<dt id="${esc(row.id)}">${esc(row.label)}</dt>${row.itemsHtml.map((h) => `<dd>${h}</dd>`).join('')}`).join('');
}

export function ApiItemPage(props: ApiItemPageProps) {
  const { hierarchy, usedBy, examples } = props;
  return (
    <div className="api">
      <header className="ah">
        <span className="kd">{[...props.flags, props.kindLabel].join(' ')}</span>
        <h1>{props.name}</h1>
        {props.marks?.length ? <p className="vms" dangerouslySetInnerHTML={{ __html: marksHtml(props.marks) }} /> : null}
      </header>
      {props.docHtml && <div className="dc" dangerouslySetInnerHTML={{ __html: props.docHtml }} />}
      {props.note && <div dangerouslySetInnerHTML={{ __html: noteHtml(props.note) }} />}
      {examples && (
        <section>
          <h2 id={examples.id}>Examples</h2>
          <div className="dc" dangerouslySetInnerHTML={{ __html: examples.html }} />
        </section>
      )}
      {hierarchy && (
        <section>
          <h2 id={hierarchy.id}>Hierarchy</h2>
          <dl className="hy" dangerouslySetInnerHTML={{ __html: hierarchyHtml(hierarchy.rows) }} />
        </section>
      )}
      {usedBy && (
        <section>
          <h2 id={usedBy.id}>Used by</h2>
          <ul className="ub" dangerouslySetInnerHTML={{ __html: usedBy.links.map((l) => `<li>${linkHtml(l)}</li>`).join('') }} />
        </section>
      )}
      {props.sections.map((s) => (
        <Section key={s.id} section={s} />
      ))}
    </div>
  );
}
