// One documented member (or global) under its h3, and a section of them.
import { memberBodyHtml } from './member-html.ts';
import type { MemberView, SectionView } from './props.ts';

/** HTML computed upstream (already escaped) inside a wrapper element. */
export function Html({ className, html }: { className?: string; html: string }) {
  return <div className={className} dangerouslySetInnerHTML={{ __html: html }} />;
}

export function Member({ member }: { member: MemberView }) {
  return (
    <>
      <h3 id={member.id}>{member.heading}</h3>
      <div className="am" dangerouslySetInnerHTML={{ __html: memberBodyHtml(member) }} />
    </>
  );
}

export function Section({ section }: { section: SectionView }) {
  return (
    <section>
      <h2 id={section.id}>{section.title}</h2>
      {section.members.map((m) => (
        <Member key={m.id} member={m} />
      ))}
    </section>
  );
}
