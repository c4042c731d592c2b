// The one schema for the site config. Authors write `SiteConfigInput`
// (defaults optional); the build reads the validated `SiteConfig`.
import * as z from 'zod';
import { BASE_URL_PATTERN } from '../shared/base-url.ts';

/** The default of `limits.maxPageBytes`: a bigger page is a mistake (and takes minutes and gigabytes to render). */
export const DEFAULT_MAX_PAGE_BYTES = 2_000_000;

const linkItem = z.strictObject({
  label: z.string().min(1),
  /** An internal route, checked by the link check. */
  to: z.string().startsWith('/').optional(),
  /** An external URL (or mailto:). */
  href: z.string().min(1).optional(),
});

/** A folder inside the project, as a relative path of plain segments (no `..`, no absolute path). */
const projectPath = z.string().regex(/^(?!\.\.?(?:\/|$))[A-Za-z0-9@._~-]+(?:\/(?!\.\.?(?:\/|$))[A-Za-z0-9@._~-]+)*$/, 'must be a folder inside the project, such as content/versions/pkijs-4.0/node_modules/pkijs (no "..", no leading "/")');

const semver = z.string().regex(/^\d+\.\d+\.\d+/, 'must be a semantic version such as 3.3.2');

const docsVersion = z.strictObject({
  name: z.string().min(1),
  label: z.string().min(1),
  /** The URL segment after docs.path ("4.0" → /docs/4.0/…); "" for the version at today's URLs. */
  path: z.string().regex(/^(?:[A-Za-z0-9][A-Za-z0-9._~-]*)?$/, 'must be "" (today\'s URLs) or one path segment such as 4.0').default(''),
  /** The release this version documents; only a version with a path has its own (the "" one documents `library`). */
  library: z.strictObject({ version: semver, dir: projectPath, entry: z.string().default('build/index.d.ts') }).optional(),
  /**
   * Pages of the default version's docs this version renders again as its own (src/content/versioned-docs.ts):
   * a folder (`examples`) or a page (`guides/concepts.md`) of content/docs. A page of the version's own folder
   * at the same place is written for it and wins.
   */
  shares: z.array(z.string().regex(/^(?!\.\.?(?:\/|$))[A-Za-z0-9._~-]+(?:\/(?!\.\.?(?:\/|$))[A-Za-z0-9._~-]+)*$/, 'must be a folder or .md page of content/docs, such as examples or guides/concepts.md (no "..", no leading "/")')).optional(),
});

const position = z.enum(['left', 'right']).default('right');

/** A BCP 47 language tag (`en`, `pt-BR`), as Intl reads one: it goes into every page's <html lang>. */
const isLanguageTag = (tag: string): boolean => {
  try {
    return Intl.getCanonicalLocales(tag).length === 1;
  } catch {
    return false;
  }
};

/** A CSS colour: hex, a name, or a colour function of numbers, so no `url(…)` or second declaration gets into a style. */
const colour = z.string().regex(/^(?:#(?:[0-9a-f]{3,4}|[0-9a-f]{6}|[0-9a-f]{8})|[a-z]+|(?:rgba?|hsla?|hwb|lab|lch|oklab|oklch)\([\d\s.,%/+-]*(?:(?:deg|grad|rad|turn)[\d\s.,%/+-]*)?\))$/i, 'must be a CSS colour: #rrggbb, a colour name, or rgb()/hsl() of numbers');

export const navbarItemSchema = z.discriminatedUnion('type', [
  z.strictObject({
    type: z.literal('docSidebar'),
    sidebarId: z.string().min(1),
    label: z.string().min(1),
    position,
  }),
  z.strictObject({
    type: z.literal('link'),
    label: z.string().min(1),
    href: z.string().min(1).optional(),
    to: z.string().startsWith('/').optional(),
    icon: z.enum(['github']).optional(),
    position,
  }),
  z.strictObject({
    type: z.literal('docsVersionDropdown'),
    /** Versions to list; each must be one of `docs.versions`. */
    versions: z.array(z.string()).optional(),
    position,
  }),
  z.strictObject({ type: z.literal('search'), position }),
]);

const footerColumn = z.union([
  z.strictObject({ title: z.string().min(1), items: z.array(linkItem).min(1) }),
  z.strictObject({ title: z.string().min(1), text: z.string().min(1) }),
]);

export const siteConfigSchema = z.strictObject({
  title: z.string().min(1),
  tagline: z.string().min(1),
  locale: z.string().refine(isLanguageTag, 'must be a BCP 47 language tag such as en or pt-BR').default('en'),
  direction: z.enum(['ltr', 'rtl']).default('ltr'),
  /**
   * Production origin, without a path (`https://pkijs.org`): absolute links to it become internal
   * links, and canonical links, og:url and the sitemap are built from it and `baseUrl`.
   */
  url: z.url({ protocol: /^https?$/, error: 'must be an http(s) URL such as https://pkijs.org' })
    .refine((u) => /^https?:\/\/[^/?#]+\/?$/.test(u), 'must be an origin only, such as https://example.github.io; put the path the site is served under in baseUrl')
    .transform((u) => u.replace(/\/$/, ''))
    .optional(),
  /** The path the site is served under: `/`, or `/PKI.js/` for a GitHub Pages project site. */
  baseUrl: z.string().regex(BASE_URL_PATTERN, 'must start and end with "/" and hold only path segments, such as /PKI.js/').default('/'),
  /** The social image of every page (og:image): a file in static/ (`img/social.png`) or an absolute https URL. */
  image: z.string().min(1).optional(),
  library: z.strictObject({
    /** npm package whose type definitions are documented. */
    package: z.string().min(1),
    /** Version label shown on the site; must equal the installed version. */
    version: semver,
    /** Type definitions, relative to the package folder. */
    entry: z.string().default('build/index.d.ts'),
    /** The package folder, relative to the project (default `node_modules/{package}`): another release installed beside it. */
    dir: projectPath.optional(),
  }),
  repositoryUrl: z.url(),
  contactEmail: z.email(),
  navbar: z.strictObject({
    style: z.enum(['dark', 'primary', 'light']).default('dark'),
    hideOnScroll: z.boolean().default(false),
    logo: z.strictObject({ alt: z.string(), src: z.string().min(1), width: z.number().int().positive() }),
    items: z.array(navbarItemSchema),
  }),
  footer: z.strictObject({
    style: z.enum(['dark', 'light']).default('dark'),
    columns: z.array(footerColumn).max(4),
    copyright: z.string().optional(),
  }),
  colorMode: z
    .strictObject({
      defaultMode: z.enum(['light', 'dark']).default('light'),
      disableSwitch: z.boolean().default(false),
      respectPrefersColorScheme: z.boolean().default(false),
    })
    .prefault({}),
  announcementBar: z
    .strictObject({
      id: z.string().min(1),
      content: z.string().min(1),
      backgroundColor: colour.default('#fff3cd'),
      textColor: colour.default('#1c1e21'),
      isCloseable: z.boolean().default(true),
    })
    .optional(),
  docs: z.strictObject({
    /** Where the Markdown pages live: path segments after a slash each, such as /docs (no `.`, `..` or empty segment). */
    path: z.string().regex(/^(?:\/(?!\.\.?(?:\/|$))[A-Za-z0-9._~-]+)+$/, 'must be "/" and path segments, such as /docs or /guide/v3 (no ".", ".." or empty segment, no trailing "/")').default('/docs'),
    /**
     * The documented versions, newest first. The one with path "" keeps today's URLs and documents
     * `library`; each other one lives under `{docs.path}/{path}` and names its own installed release.
     */
    versions: z.array(docsVersion).min(1),
    mainPage: z.string().min(1),
  }),
  /** content/static: `hostRuleFiles` publishes the files hosts read as their configuration (`_headers`, `_worker.js`, `web.config`…: copy-static.ts), refused by default. */
  static: z.strictObject({ hostRuleFiles: z.boolean().default(false) }).prefault({}),
  onBrokenLinks: z.enum(['throw', 'warn']).default('throw'),
  /** Guards against content that would take minutes and gigabytes to build. */
  limits: z
    .strictObject({
      /** Largest Markdown page (and code include) in bytes; a bigger one is a content error. */
      maxPageBytes: z.number().int().positive().default(DEFAULT_MAX_PAGE_BYTES),
    })
    .prefault({}),
});

export type SiteConfigInput = z.input<typeof siteConfigSchema>;
export type SiteConfig = z.output<typeof siteConfigSchema>;
export type NavbarItem = SiteConfig['navbar']['items'][number];
export type DocsVersion = SiteConfig['docs']['versions'][number];
export type FooterColumn = SiteConfig['footer']['columns'][number];
