// Name constraints (RFC 5280 4.2.1.10 and 6.1.4 (g)), checked by the caller.
// pkijs 3.3.2 gets three things wrong: one permitted name of a type passes the
// whole certificate, a sub-CA's permitted subtrees are added to its CA's
// instead of narrowing them, and an e-mail address is cut at its second "@".
// This check covers the names a TLS, S/MIME or signature decision rests on:
// dNSName, rfc822Name, iPAddress and directoryName entries of the subject
// alternative name, the subject itself (a directoryName), its emailAddress
// attributes, every host-like common name of the leaf, and (checkServerChain)
// the host a TLS client connects to.
import * as asn1js from 'asn1js';
import * as pkijs from 'pkijs';
import { OID, formatName, sameName, toHex } from '../example-helpers.ts';

// #region name-constraints
/** The names a constraint of each GeneralName type applies to: 1 rfc822Name, 2 dNSName, 4 directoryName, 7 iPAddress. */
type Name = { type: 1 | 2; value: string } | { type: 4; value: asn1js.Set[]; text: string } | { type: 7; value: Uint8Array };

const bytesOf = (value: unknown): Uint8Array | undefined =>
  value instanceof asn1js.OctetString ? value.valueBlock.valueHexView : undefined;

/** The RDNs of a distinguished name as encoded (each a SET), or undefined when they cannot be read. */
function rdnsOf(name: pkijs.RelativeDistinguishedNames): asn1js.Set[] | undefined {
  const parsed = asn1js.fromBER(name.toSchema().toBER(false)).result;
  if (!(parsed instanceof asn1js.Sequence)) return undefined;
  const rdns = parsed.valueBlock.value;
  return rdns.every((rdn) => rdn instanceof asn1js.Set) ? rdns as asn1js.Set[] : undefined;
}

const directoryNameOf = (name: pkijs.RelativeDistinguishedNames): Name | undefined => {
  const rdns = rdnsOf(name);
  return rdns ? { type: 4, value: rdns, text: formatName(name) } : undefined;
};

function generalNameOf(name: pkijs.GeneralName): Name | undefined {
  if ((name.type === 1 || name.type === 2) && typeof name.value === 'string') return { type: name.type, value: name.value };
  if (name.type === 4 && name.value instanceof pkijs.RelativeDistinguishedNames) return directoryNameOf(name.value);
  const bytes = name.type === 7 ? bytesOf(name.value) : undefined;
  return bytes ? { type: 7, value: bytes } : undefined;
}

/** The subject alternative names (RFC 5280 4.2.1.6), or undefined when the certificate has no such extension. */
export function alternativeNamesOf(certificate: pkijs.Certificate): pkijs.GeneralName[] | undefined {
  const extension = certificate.extensions?.find((e) => e.extnID === pkijs.id_SubjectAltName);
  return extension ? pkijs.GeneralNames.fromBER(extension.extnValue.getValue()).names : undefined;
}

/** Every common name of the subject that is text, not only the first. */
function commonNamesOf(certificate: pkijs.Certificate): string[] {
  const values: unknown[] = certificate.subject.typesAndValues.filter((t) => t.type === OID.commonName).map((t) => t.value.getValue());
  return values.filter((value) => typeof value === 'string');
}

/**
 * A common name that OpenSSL takes for a host name (and so holds to dNSName
 * constraints): ASCII letters, digits, '-', '_' and dots, with a dot inside.
 * OpenSSL also wants '-' and '.' inside and no ".." or ".-"; here '*' is taken
 * too and those rules are not, so every name OpenSSL constrains is constrained
 * here, and a few more (the safe side).
 */
export function hostLikeCommonName(commonName: string): boolean {
  return /^[a-z0-9_*.-]+$/i.test(commonName) && commonName.replace(/\.$/, '').includes('.');
}

/** Every name of `certificate` that the constraints above it apply to. */
function namesOf(certificate: pkijs.Certificate, isLeaf: boolean): Name[] {
  const names = (alternativeNamesOf(certificate) ?? []).flatMap((name) => generalNameOf(name) ?? []);
  // RFC 5280 4.2.1.10: directoryName constraints apply to the subject (an empty subject has no name to constrain).
  const subject = certificate.subject.typesAndValues.length > 0 ? directoryNameOf(certificate.subject) : undefined;
  if (subject) names.push(subject);
  // RFC 5280 4.2.1.10: emailAddress attributes of the subject are rfc822Names too.
  for (const attribute of certificate.subject.typesAndValues) {
    if (attribute.type === OID.emailAddress) names.push({ type: 1, value: String(attribute.value.getValue()) });
  }
  // A leaf without dNSName entries may be matched by a common name: constrain every host-like one (as OpenSSL does).
  const commonNames = isLeaf && !names.some((name) => name.type === 2) ? commonNamesOf(certificate) : [];
  for (const value of commonNames) {
    const cut = value.split('\0')[0]!; // where C code reading the name stops: held to the constraints as well
    if (hostLikeCommonName(cut)) names.push(...[...new Set([cut, value])].map((text) => ({ type: 2 as const, value: text })));
  }
  return names;
}

/** A domain within `base`: equal to it or below it; a base with a leading "." means below it only. */
function inDomain(domain: string, base: string): boolean {
  const name = domain.toLowerCase().replace(/\.$/, '');
  const root = base.toLowerCase().replace(/\.$/, '');
  if (root === '') return true;
  if (root.startsWith('.')) return name.endsWith(root);
  return name === root || name.endsWith(`.${root}`);
}

const hexOf = (block: asn1js.BaseBlock) => Array.from(block.valueBeforeDecodeView, (byte) => byte.toString(16).padStart(2, '0')).join('');

/**
 * An attribute value prepared the RFC 4518 way, as generously as can be: control
 * white space (tab, line feed...) becomes a space; control and format characters
 * (U+0000, U+200B, U+200D, U+FEFF...) and soft hyphens go; every other Unicode
 * space becomes a space; then NFKC, case folding, one space per run, trimmed.
 */
function prepared(text: string): string {
  return text.replace(/[\t\n\v\f\r\u0085]/g, ' ')
    .replace(/[\p{Cc}\p{Cf}\u034F\u180B-\u180D\uFE00-\uFE0F\uFFFC]/gu, '')
    .replace(/\p{Z}/gu, ' ')
    .normalize('NFKC').toUpperCase().toLowerCase().normalize('NFKC')
    .replace(/ +/g, ' ').trim();
}

/** An RDN's one attribute: its type, and its value prepared (a string) or its DER (any other value). */
function preparedAttribute(rdn: asn1js.Set): string | undefined {
  const [attribute] = rdn.valueBlock.value;
  if (attribute === undefined) return undefined;
  const { type, value } = new pkijs.AttributeTypeAndValue({ schema: attribute });
  const text: unknown = value instanceof asn1js.BaseStringBlock ? value.getValue() : undefined;
  return `${type}=${typeof text === 'string' ? `"${prepared(text)}"` : hexOf(value)}`;
}

/**
 * RFC 5280 4.2.1.10: a directoryName lies in the subtree whose RDNs begin it.
 * The two sides lean opposite ways, both toward refusing. For a permitted
 * subtree (`strict`) each RDN must be the same bytes: a name spelled otherwise
 * (case, string type, white space, an invisible character) stays outside. For
 * an excluded one, an RDN equal once both values are prepared matches: anything
 * that some software could read as the excluded name is excluded. (Never
 * pkijs's isEqual: localeCompare ignores U+200B, and only U+0020 is folded.)
 */
function rdnsWithin(name: asn1js.Set[], base: asn1js.Set[], strict: boolean): boolean {
  if (base.length > name.length) return false;
  return base.every((rdn, i) => {
    const other = name[i]!;
    if (hexOf(rdn) === hexOf(other)) return true;
    if (strict) return false;
    const a = preparedAttribute(rdn);
    return a !== undefined && a === preparedAttribute(other);
  });
}

/** ::ffff:0:0/96, the IPv4-mapped IPv6 addresses (RFC 4291 2.5.5.2). */
const MAPPED_PREFIX = [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0xff, 0xff];
const startsWith = (bytes: Uint8Array, prefix: number[]) => prefix.every((byte, i) => bytes[i] === byte);

/**
 * An address as IPv4 when it is one: ::ffff:a.b.c.d reaches a.b.c.d (a
 * dual-stack socket sends it over IPv4), so it must meet the IPv4 subtrees.
 * A subtree (address and mask) inside ::ffff:0:0/96 becomes the IPv4 one it spells.
 */
function asIpv4(bytes: Uint8Array): Uint8Array {
  if (bytes.length === 16 && startsWith(bytes, MAPPED_PREFIX)) return bytes.slice(12);
  const mapped = bytes.length === 32 && startsWith(bytes, MAPPED_PREFIX) && bytes.subarray(16, 28).every((byte) => byte === 0xff);
  return mapped ? new Uint8Array([...bytes.subarray(12, 16), ...bytes.subarray(28)]) : bytes;
}

/** Both spellings of an IPv4 address, 4 bytes and IPv4-mapped: an exclusion written either way catches it. */
function ipSpellings(bytes: Uint8Array): Uint8Array[] {
  const v4 = asIpv4(bytes);
  return v4.length === 4 ? [v4, new Uint8Array([...MAPPED_PREFIX, ...v4])] : [bytes];
}

/** Whether an address lies in a subtree (address and mask) of its own size. */
function ipWithin(address: Uint8Array, subtree: Uint8Array): boolean {
  const size = address.length;
  if (subtree.length !== size * 2) return false; // an IPv4 address is never in an IPv6 subtree, and back
  return address.every((byte, i) => (byte & subtree[size + i]!) === (subtree[i]! & subtree[size + i]!));
}

/**
 * Whether `name` lies in the subtree `base` (same type); `strict` for a permitted subtree.
 * An IPv4(-mapped) address is permitted as IPv4 only, and excluded when either spelling is.
 */
function within(name: Name, base: Name, strict = true): boolean {
  if (name.type === 4 && base.type === 4) return rdnsWithin(name.value, base.value, strict);
  if (name.type === 7 && base.type === 7) {
    if (strict) return ipWithin(asIpv4(name.value), asIpv4(base.value));
    return ipSpellings(name.value).some((address) => ipWithin(address, base.value) || ipWithin(address, asIpv4(base.value)));
  }
  if (name.type === 2 && base.type === 2) return inDomain(name.value, base.value);
  if (name.type !== 1 || base.type !== 1) return false;
  const at = name.value.indexOf('@');
  const local = name.value.slice(0, at);
  const domain = name.value.slice(at + 1);
  if (base.value.includes('@')) { // one mailbox: the local part exactly, the domain without case
    const baseAt = base.value.indexOf('@');
    return local === base.value.slice(0, baseAt) && domain.toLowerCase() === base.value.slice(baseAt + 1).toLowerCase();
  }
  return base.value.startsWith('.') ? inDomain(domain, base.value) : domain.toLowerCase() === base.value.toLowerCase();
}

/**
 * The CA's subtrees; undefined when it has a nameConstraints extension that
 * pkijs cannot read. pkijs then hands back an empty NameConstraints with
 * `parsingError` set (for an x400Address that is no ORAddress, or a subtree
 * spelling out `minimum [0] 0`), which would read as "no constraints".
 */
function subtreesOf(ca: pkijs.Certificate): { permitted: Name[]; excluded: Name[] } | undefined {
  const extension = ca.extensions?.find((e) => e.extnID === pkijs.id_NameConstraints);
  if (!extension) return { permitted: [], excluded: [] };
  const parsed: unknown = extension.parsedValue;
  if (!(parsed instanceof pkijs.NameConstraints) || 'parsingError' in parsed) return undefined;
  const bases = (subtrees?: pkijs.GeneralSubtree[]) => (subtrees ?? []).map((subtree) => generalNameOf(subtree.base) ?? subtree.base.type);
  const permitted = bases(parsed.permittedSubtrees);
  const excluded = bases(parsed.excludedSubtrees);
  // A directoryName subtree whose RDNs cannot be read is a constraint that cannot be honoured.
  if ([...permitted, ...excluded].includes(4)) return undefined;
  const known = (list: Array<Name | number>) => list.filter((base): base is Name => typeof base !== 'number');
  return { permitted: known(permitted), excluded: known(excluded) };
}

const show = (name: Name) => (name.type === 7 ? Array.from(name.value).join('.') : name.type === 4 ? name.text : name.value);

/** A multi-valued RDN (a SET of several attributes): pkijs flattens them, so its RDNs cannot be compared safely. */
const multiValued = (name: Name) => name.type === 4 && name.value.some((rdn) => rdn.valueBlock.value.length !== 1);

/** The first of `names` that the constraints of a CA of `cas` do not allow. */
function namesProblem(names: Name[], cas: pkijs.Certificate[]): string | undefined {
  for (const ca of cas) {
    const subtrees = subtreesOf(ca);
    // RFC 5280 6.1.4: a constraint that cannot be processed cannot be honoured, so the path is refused.
    if (!subtrees) return `${formatName(ca.subject)}: its name constraints could not be read`;
    const { permitted, excluded } = subtrees;
    const directory = [...permitted, ...excluded].filter((base) => base.type === 4);
    const unsafe = directory.length > 0 ? [...names, ...directory].find(multiValued) : undefined;
    if (unsafe) return `${show(unsafe)}: a multi-valued RDN cannot be compared with directoryName constraints, so the path is refused`;
    for (const name of names) {
      const allowed = permitted.filter((base) => base.type === name.type);
      if (allowed.length > 0 && !allowed.some((base) => within(name, base))) return `${show(name)} is outside the names permitted by its issuing CAs`;
      if (excluded.some((base) => base.type === name.type && within(name, base, false))) return `${show(name)} is a name excluded by its issuing CAs`;
    }
  }
  return undefined;
}

/**
 * Checks every name of every certificate of `path` (leaf first, trust anchor
 * last) against the constraints of every CA above it: a name must lie in at
 * least one permitted subtree of its type of EACH CA that has some (so the
 * permitted sets intersect) and in no excluded subtree of any of them. An
 * e-mail address with other than one "@" is refused outright: software
 * disagrees on where its domain starts; so is a path below a CA whose name
 * constraints pkijs cannot read. Returns the first problem found.
 */
export function nameConstraintProblem(path: pkijs.Certificate[]): string | undefined {
  for (const [index, certificate] of path.entries()) {
    // RFC 5280 6.1.3 (b): a self-issued CA below others is not held to their constraints.
    if (index > 0 && sameName(certificate.subject, certificate.issuer)) continue;
    const names = namesOf(certificate, index === 0);
    const bad = names.find((name) => name.type === 1 && name.value.split('@').length !== 2);
    if (bad) return `the e-mail address ${show(bad)} does not have exactly one "@"`;
    const problem = namesProblem(names, path.slice(index + 1));
    if (problem) return problem;
  }
  return undefined;
}

/**
 * The host a TLS client connects to, held to the constraints of every CA on
 * `path` (a dNSName, or an iPAddress for an IP address). The certificate's own
 * names are not enough: "*.example.com" lies outside a subtree excluding
 * login.example.com, yet the wildcard stands for that host.
 */
export function hostConstraintProblem(path: pkijs.Certificate[], host: string): string | undefined {
  const address = ipAddressBytes(host);
  return namesProblem([address ? { type: 7, value: address } : { type: 2, value: host }], path.slice(1));
}
// #endregion name-constraints

// #region ip-host
/** The bytes of an IPv4 address in dotted decimal, or undefined. */
function ipv4Bytes(text: string): Uint8Array | undefined {
  const parts = text.split('.');
  return parts.length === 4 && parts.every((part) => /^\d{1,3}$/.test(part) && Number(part) <= 255) ? new Uint8Array(parts.map(Number)) : undefined;
}

/** The bytes of an IPv4 or IPv6 address literal, or undefined for a host name. */
export function ipAddressBytes(host: string): Uint8Array | undefined {
  const v4 = ipv4Bytes(host);
  if (v4) return v4;
  let literal = host.replace(/^\[(.*)\]$/, '$1');
  // RFC 4291 2.2: the last 32 bits may be dotted IPv4 (::ffff:203.0.113.5), which must not pass for a host name.
  const colon = literal.lastIndexOf(':');
  const dotted = colon >= 0 ? ipv4Bytes(literal.slice(colon + 1)) : undefined;
  if (dotted) literal = `${literal.slice(0, colon + 1)}${toHex(dotted.subarray(0, 2))}:${toHex(dotted.subarray(2))}`;
  if (!literal.includes(':') || !/^[0-9a-f:]+$/i.test(literal)) return undefined;
  const [head = '', tail, ...more] = literal.split('::');
  if (more.length > 0) return undefined;
  const groups = (text: string) => (text === '' ? [] : text.split(':'));
  const missing = 8 - groups(head).length - groups(tail ?? '').length;
  if (tail === undefined ? missing !== 0 : missing < 1) return undefined;
  const all = [...groups(head), ...Array<string>(tail === undefined ? 0 : missing).fill('0'), ...groups(tail ?? '')];
  if (all.some((group) => group.length === 0 || group.length > 4)) return undefined;
  return new Uint8Array(all.flatMap((group) => [parseInt(group, 16) >> 8, parseInt(group, 16) & 0xff]));
}

/** RFC 6125 / RFC 5280 4.2.1.6: an IP address host matches iPAddress entries only, byte for byte. */
export function ipAddressesOf(certificate: pkijs.Certificate): Uint8Array[] {
  return (alternativeNamesOf(certificate) ?? []).flatMap((name) => (name.type === 7 ? bytesOf(name.value) ?? [] : []));
}
// #endregion ip-host
