// Types from the packages pkijs builds on, shown under their package's
// namespace (`asn1js.Integer`, not a bare `Integer` a reader takes for a
// number) and linked to that package's documentation. The d.ts writes them
// `asn1js.X` in some places and bare (or `bs.X`) in others; pages say one thing.

/** asn1js documents its API in the repository's README. */
export const ASN1JS_DOCS_URL = 'https://github.com/PeculiarVentures/asn1.js#readme';
export const BYTESTREAMJS_DOCS_URL = 'https://github.com/PeculiarVentures/ByteStream.js#readme';

const NAMESPACES: Record<string, { prefix: string; aliases: string[]; url: string }> = {
  asn1js: { prefix: 'asn1js', aliases: [], url: ASN1JS_DOCS_URL },
  bytestreamjs: { prefix: 'bytestreamjs', aliases: ['bs'], url: BYTESTREAMJS_DOCS_URL },
};

export interface ExternalTypeName {
  /** `asn1js.Integer` */
  text: string;
  url: string;
}

/** The display name and documentation link of a type from another package, or undefined for any other type. */
export function externalTypeName(name: string, pkg: string | undefined): ExternalTypeName | undefined {
  const ns = pkg === undefined ? undefined : NAMESPACES[pkg];
  if (!ns) return undefined;
  const dot = name.indexOf('.');
  const head = dot === -1 ? '' : name.slice(0, dot);
  const bare = head === ns.prefix || ns.aliases.includes(head) ? name.slice(dot + 1) : name;
  return { text: `${ns.prefix}.${bare}`, url: ns.url };
}
