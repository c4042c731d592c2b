// pkidocs's own API model: plain, JSON-serialisable data converted once from
// TypeDoc's reflections and cached on disk. Nothing here refers to typedoc, so
// routes, render and templates never load it.
//
// Invariants the later stages rely on:
// - `ApiModel.items` holds every top-level export once, sorted by name.
// - `members` are in page order: constructors, properties, accessors, methods,
//   enum members; within each group instance members come before static
//   ones and own members before inherited ones, then in declaration order
//   (enum members by value). Anchor ids are counted in the order the site
//   used before (by name): see routes/api-urls.ts.
// - Doc text is Markdown source; links are kept as data (`DocLink`) so the
//   renderer resolves them through routes/api-urls.ts.

export type ApiItemKind = 'class' | 'interface' | 'enum' | 'typeAlias' | 'function' | 'variable';

export interface ApiModel {
  packageName: string;
  version: string;
  items: ApiItem[];
  /**
   * Every exported namespace, nested ones too, by qualified name (`Geometry`,
   * `Geometry.Units`), sorted. Their members are in `items`, named so.
   */
  namespaces?: ApiNamespace[];
}

/** A namespace: a page listing its members (items named `{name}.…`). */
export interface ApiNamespace {
  name: string;
  /** One-line plain text ('' when undocumented). */
  summary: string;
  doc?: ApiDoc;
}

export type ApiItem = ApiClass | ApiInterface | ApiEnum | ApiTypeAlias | ApiFunction | ApiVariable;

interface ApiItemBase {
  kind: ApiItemKind;
  name: string;
  /** One-line plain text ('' when undocumented). */
  summary: string;
  doc?: ApiDoc;
  typeParameters?: ApiTypeParameter[];
}

export interface ApiClass extends ApiItemBase {
  kind: 'class';
  abstract?: boolean;
  extends: ApiType[];
  implements: ApiType[];
  extendedBy: ApiTarget[];
  members: ApiMember[];
  /** `[n: number]: T` declared on the class. */
  indexSignatures?: ApiIndexSignature[];
}

export interface ApiInterface extends ApiItemBase {
  kind: 'interface';
  extends: ApiType[];
  extendedBy: ApiTarget[];
  implementedBy: ApiTarget[];
  members: ApiMember[];
  /** `(…): T` and `new (…): T` declared on the interface itself. */
  callSignatures?: ApiSignature[];
  indexSignatures?: ApiIndexSignature[];
}

export interface ApiEnum extends ApiItemBase {
  kind: 'enum';
  members: ApiMember[];
}

export interface ApiTypeAlias extends ApiItemBase {
  kind: 'typeAlias';
  type: ApiType;
}

export interface ApiFunction extends ApiItemBase {
  kind: 'function';
  signatures: ApiSignature[];
}

export interface ApiVariable extends ApiItemBase {
  kind: 'variable';
  type?: ApiType;
  /** Initialiser source text as declared (`"1.2.840"`), when known. */
  defaultValue?: string;
  const?: boolean;
}

/** Items that get a page of their own (the others live on the globals page). */
export type ApiPageItem = ApiClass | ApiInterface | ApiEnum;

export type ApiMemberKind = 'constructor' | 'property' | 'accessor' | 'method' | 'enumMember';

export type ApiFlag = 'static' | 'abstract' | 'protected' | 'private' | 'readonly' | 'optional';

export interface ApiMember {
  kind: ApiMemberKind;
  name: string;
  flags: ApiFlag[];
  doc?: ApiDoc;
  /** Property type; for enum members the literal value type. */
  type?: ApiType;
  defaultValue?: string;
  /** Constructor and method signatures (overloads in declaration order). */
  signatures?: ApiSignature[];
  getter?: ApiSignature;
  setter?: ApiSignature;
  inheritedFrom?: ApiMemberRef;
  overrides?: ApiMemberRef;
  implementationOf?: ApiMemberRef;
}

/** A member of another declaration, e.g. `PkiObject.schema`. */
export interface ApiMemberRef {
  /** Display text, `Owner.member`. */
  name: string;
  /** Set when the owner is a pkijs export (so it can be linked). */
  target?: ApiTarget;
}

/** Where a reference points inside the model: an item, or one of its members. */
export interface ApiTarget {
  kind: ApiItemKind;
  name: string;
  member?: string;
  static?: boolean;
}

export interface ApiSignature {
  typeParameters?: ApiTypeParameter[];
  parameters: ApiParameter[];
  returns?: ApiType;
  doc?: ApiDoc;
}

export interface ApiParameter {
  name: string;
  type?: ApiType;
  optional?: boolean;
  rest?: boolean;
  defaultValue?: string;
  doc?: ApiDoc;
}

export interface ApiTypeParameter {
  name: string;
  constraint?: ApiType;
  default?: ApiType;
  variance?: string;
  doc?: ApiDoc;
}

export interface ApiIndexSignature {
  parameter: ApiParameter;
  type: ApiType;
  readonly?: boolean;
  doc?: ApiDoc;
}

// ---- doc comments -----------------------------------------------------------

export interface ApiDoc {
  summary: DocPart[];
  /** Block tags in source order: `@remarks`, `@example`, `@asn`, … (not `@param`). */
  tags: ApiDocTag[];
  /** Modifier tags such as `@beta` or `@readonly`. */
  modifiers?: string[];
}

export interface ApiDocTag {
  /** With its `@`, as written (`@returns`, `@asn`). */
  tag: string;
  /** What some tags name: `@throws {RangeError}` → `RangeError`; an `@example`'s title. */
  name?: string;
  content: DocPart[];
}

/** Markdown source, or a link resolved at render time. */
export type DocPart = string | DocLink;

export interface DocLink {
  text: string;
  /** A pkijs item or member. */
  target?: ApiTarget;
  /** An external URL. */
  url?: string;
  /** `{@linkcode}`: show the text as code. */
  code?: boolean;
}

// ---- type expressions -------------------------------------------------------

export type ApiType =
  | { type: 'intrinsic'; name: string }
  | { type: 'literal'; value: string }
  | ApiReferenceType
  | { type: 'array'; element: ApiType }
  | { type: 'union'; types: ApiType[] }
  | { type: 'intersection'; types: ApiType[] }
  | { type: 'tuple'; elements: ApiType[] }
  | { type: 'namedTupleMember'; name: string; optional: boolean; element: ApiType }
  | { type: 'optional'; element: ApiType }
  | { type: 'rest'; element: ApiType }
  | { type: 'indexedAccess'; object: ApiType; index: ApiType }
  | { type: 'typeOperator'; operator: string; target: ApiType }
  | { type: 'query'; target: ApiReferenceType }
  | { type: 'conditional'; check: ApiType; extends: ApiType; trueType: ApiType; falseType: ApiType }
  | ApiMappedType
  | { type: 'templateLiteral'; head: string; tail: [ApiType, string][] }
  | { type: 'predicate'; name: string; asserts: boolean; target?: ApiType }
  | { type: 'inferred'; name: string; constraint?: ApiType }
  | ApiObjectType
  | { type: 'unknown'; name: string };

export interface ApiReferenceType {
  type: 'reference';
  name: string;
  typeArguments?: ApiType[];
  /** Set when the reference resolves to a pkijs export or one of its members. */
  target?: ApiTarget;
  /** The package that declares it, for references outside pkijs. */
  package?: string;
  /** A type parameter in scope (`T`). */
  typeParameter?: boolean;
}

export interface ApiMappedType {
  type: 'mapped';
  parameter: string;
  parameterType: ApiType;
  template: ApiType;
  readonlyModifier?: '+' | '-';
  optionalModifier?: '+' | '-';
  nameType?: ApiType;
}

/** An object literal type; a function type is one with only call signatures. */
export interface ApiObjectType {
  type: 'object';
  members: ApiMember[];
  callSignatures?: ApiSignature[];
  constructSignatures?: ApiSignature[];
  indexSignatures?: ApiIndexSignature[];
}

export function isPageItem(item: ApiItem): item is ApiPageItem {
  return item.kind === 'class' || item.kind === 'interface' || item.kind === 'enum';
}

/** The sort used for items and members: case-insensitive, as TypeDoc's alphabetical sort. */
export function compareNames(a: string, b: string): number {
  return a.localeCompare(b, 'en');
}
