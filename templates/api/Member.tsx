// One documented member (or global): its h3, flags, signatures with their
// parameters and return value, and where it comes from.
import type { LinkView, MemberView, ParamView, SectionView, SignatureView } from './props.ts';

/** HTML computed upstream (already escaped) inside a wrapper element. */
export function Html({ className, html }: { className?: string; html: string }) {
  return <div className={className} dangerouslySetInnerHTML={{ __html: html }} />;
}

export function Link({ link }: { link: LinkView }) {
  return link.href ? <a href={link.href}>{link.text}</a> : <>{link.text}</>;
}

/** Parameters (`a: T = d`) or, with `typeParams`, type parameters (`T extends X = Y`). */
export function Params({ title, params, typeParams }: { title: string; params: ParamView[]; typeParams?: boolean }) {
  const sep = typeParams ? ' ' : ': ';
  return (
    <>
      <h4>{title}</h4>
      <ul className="ps">
        {params.map((p) => (
          <li key={p.name}>
            <code>{p.name}</code>
            {p.typeHtml && (
              <>
                {sep}
                <code dangerouslySetInnerHTML={{ __html: p.typeHtml }} />
              </>
            )}
            {p.defaultValue && (
              <>
                {' = '}
                <code>{p.defaultValue}</code>
              </>
            )}
            {p.docHtml && <Html className="d" html={p.docHtml} />}
          </li>
        ))}
      </ul>
    </>
  );
}

function Signature({ sig }: { sig: SignatureView }) {
  return (
    <div className="sg" id={sig.id}>
      <code className="sig" dangerouslySetInnerHTML={{ __html: sig.codeHtml }} />
      {sig.docHtml && <Html className="doc" html={sig.docHtml} />}
      {sig.typeParameters && <Params title="Type Parameters" params={sig.typeParameters} typeParams />}
      {sig.parameters && <Params title="Parameters" params={sig.parameters} />}
      {sig.returns && (
        <>
          <h4>Returns</h4>
          <code className="rt" dangerouslySetInnerHTML={{ __html: sig.returns.typeHtml }} />
          {sig.returns.docHtml && <Html className="d" html={sig.returns.docHtml} />}
        </>
      )}
    </div>
  );
}

export function Member({ member }: { member: MemberView }) {
  return (
    <>
      <h3 id={member.id}>{member.heading}</h3>
      <div className="am">
        {member.flags.length > 0 && (
          <p className="fl">
            {member.flags.map((f) => (
              <span key={f}>{f}</span>
            ))}
          </p>
        )}
        {member.docHtml && <Html className="doc" html={member.docHtml} />}
        {member.signatures.map((sig, i) => (
          <Signature key={i} sig={sig} />
        ))}
        {member.origins.map((o) => (
          <p className="or" key={o.label}>
            {o.label} <Link link={o.link} />
          </p>
        ))}
      </div>
    </>
  );
}

export function Section({ section }: { section: SectionView }) {
  return (
    <>
      <h2 id={section.id}>{section.title}</h2>
      {section.members.map((m) => (
        <Member key={m.id} member={m} />
      ))}
    </>
  );
}
