// The globals page: an index of the items that have pages (enumerations,
// classes, interfaces) and, in place, every type alias, variable and function.
import { Fragment } from 'react';
import { Section } from './Member.tsx';
import type { ApiGlobalsPageProps } from './props.ts';

export function ApiGlobalsPage(props: ApiGlobalsPageProps) {
  return (
    <div className="api">
      <h1>{props.title}</h1>
      {props.indexes.map((index) => (
        <section key={index.id}>
          <h2 id={index.id}>{index.title}</h2>
          <dl className="ix">
            {index.entries.map((e) => (
              <Fragment key={e.name}>
                <dt>
                  <a href={e.href}>{e.name}</a>
                </dt>
                {e.summary && <dd>{e.summary}</dd>}
              </Fragment>
            ))}
          </dl>
        </section>
      ))}
      {props.sections.map((s) => (
        <Section key={s.id} section={s} />
      ))}
    </div>
  );
}
