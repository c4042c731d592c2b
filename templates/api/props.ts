// What the API templates receive. Everything is computed upstream
// (src/render/api): URLs, anchor ids, and the HTML of doc comments and type
// expressions (`*Html` fields, already escaped), so templates only arrange it.

export interface LinkView {
  text: string;
  /** Absent for targets outside the API (they render as plain text). */
  href?: string;
}

export interface ParamView {
  /** As written in the signature: `...rest`, `name?`. */
  name: string;
  typeHtml?: string;
  defaultValue?: string;
  docHtml?: string;
}

export interface SignatureView {
  /** Set on overloads after the first (the first shares the member's h3 id). */
  id?: string;
  codeHtml: string;
  docHtml?: string;
  typeParameters?: ParamView[];
  parameters?: ParamView[];
  returns?: { typeHtml: string; docHtml?: string };
}

/** A version mark ("New in 4.0"): a short badge, linked to the newer version's page where it names one. */
export interface MarkView {
  text: string;
  href?: string;
}

export interface MemberView {
  id: string;
  /** h3 text, as the old site had it: `name`, `name?`, `name()`, `Constructor`. */
  heading: string;
  flags: string[];
  /** A member-level comment (properties, accessors), shown after the declaration lines. */
  docHtml?: string;
  signatures: SignatureView[];
  /** "Inherited from", "Overrides", "Implementation of". */
  origins: { label: string; link: LinkView }[];
  /** A site note on the member (content/api-notes). */
  note?: NoteView;
  /** How the member differs in the neighbouring documented versions. */
  marks?: MarkView[];
}

/** A site note: what it is about (`OCSPResponse#sign()`) and its rendered Markdown. */
export interface NoteView {
  title: string;
  html: string;
}

export interface SectionView {
  id: string;
  title: string;
  members: MemberView[];
}

export interface HierarchyRow {
  id: string;
  label: string;
  itemsHtml: string[];
}

export interface ApiItemPageProps {
  name: string;
  /** "Class", "Interface", "Enumeration". */
  kindLabel: string;
  flags: string[];
  docHtml?: string;
  /** A site note on the item itself. */
  note?: NoteView;
  /** How the item's own declaration differs in the neighbouring documented versions. */
  marks?: MarkView[];
  examples?: { id: string; html: string };
  hierarchy?: { id: string; rows: HierarchyRow[] };
  usedBy?: { id: string; links: LinkView[] };
  sections: SectionView[];
}

export interface IndexEntry {
  name: string;
  href: string;
  summary: string;
  marks?: MarkView[];
}

export interface ApiGlobalsPageProps {
  title: string;
  /** A namespace's page: the namespace's doc comment. */
  docHtml?: string;
  /** Kinds with pages of their own: a linked index. */
  indexes: { id: string; title: string; entries: IndexEntry[] }[];
  /** Kinds documented in place: type aliases, variables, functions. */
  sections: SectionView[];
  /** The page listing what the older version exported and this one does not. */
  removedLink?: LinkView;
}

/** A version's removed-exports page: the older version's exports it no longer has. */
export interface ApiRemovedPageProps {
  title: string;
  /** One sentence: which versions, and how many exports. */
  intro: string;
  entries: IndexEntry[];
}
