// A section of members (or globals) under its h2.
import { sectionMembersHtml } from './member-html.ts';
import type { SectionView } from './props.ts';

export function Section({ section }: { section: SectionView }) {
  return (
    <section>
      <h2 id={section.id}>{section.title}</h2>
      <div className="ms" dangerouslySetInnerHTML={{ __html: sectionMembersHtml(section) }} />
    </section>
  );
}
