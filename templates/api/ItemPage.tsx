// The page of one class, interface or enumeration: title, doc comment,
// examples, hierarchy, "Used by", then its members section by section.
import { Fragment } from 'react';
import { Html, Section } from './Member.tsx';
import { linkHtml } from './member-html.ts';
import type { ApiItemPageProps } from './props.ts';

export function ApiItemPage(props: ApiItemPageProps) {
  const { hierarchy, usedBy, examples } = props;
  return (
    <div className="api">
      <header className="ah">
        <span className="kd">{[...props.flags, props.kindLabel].join(' ')}</span>
        <h1>{props.name}</h1>
      </header>
      {props.docHtml && <Html className="doc" html={props.docHtml} />}
      {examples && (
        <>
          <h2 id={examples.id}>Examples</h2>
          <Html className="doc" html={examples.html} />
        </>
      )}
      {hierarchy && (
        <>
          <h2 id={hierarchy.id}>Hierarchy</h2>
          <dl className="hy">
            {hierarchy.rows.map((row) => (
              <Fragment key={row.id}>
                <dt id={row.id}>{row.label}</dt>
                {row.itemsHtml.map((html, i) => (
                  <dd key={i} dangerouslySetInnerHTML={{ __html: html }} />
                ))}
              </Fragment>
            ))}
          </dl>
        </>
      )}
      {usedBy && (
        <>
          <h2 id={usedBy.id}>Used by</h2>
          <ul className="ub" dangerouslySetInnerHTML={{ __html: usedBy.links.map((l) => `<li>${linkHtml(l)}</li>`).join('') }} />
        </>
      )}
      {props.sections.map((s) => (
        <Section key={s.id} section={s} />
      ))}
    </div>
  );
}
