// Build-time syntax highlighting with shiki. The highlighter is created once
// per process (loading grammars is the slow part) and then used synchronously.
import { createRequire } from 'node:module';
import type { Root } from 'hast';
import type { HighlighterGeneric, ShikiTransformer } from 'shiki';
import { HighlightCache, type HighlightCacheOptions } from './highlight-cache.ts';

export const CODE_THEME = 'github-dark';
/** Bump when the highlighted HTML changes shape (a new transformer). */
// 3: entries cut short by the tokenizer's time limit (below) are dropped. 4: plain tokens carry no colour.
const CACHE_VERSION = '4';
/** The installed shiki: its grammars and theme (pinned exactly by it) shape the HTML, so an upgrade misses the cache. */
const SHIKI_VERSION = (createRequire(import.meta.url)('shiki/package.json') as { version: string }).version;

/** The highlight cache's key: everything the HTML depends on. */
export function highlightKey(lang: string, linkTag: string, text: string, shiki = SHIKI_VERSION): string {
  return HighlightCache.key(CACHE_VERSION, shiki, CODE_THEME, lang, linkTag, text);
}
export const CODE_LANGS = ['ts', 'tsx', 'js', 'jsx', 'json', 'bash', 'shell', 'html', 'text'] as const;

type Highlighter = HighlighterGeneric<string, string>;
let pending: Promise<Highlighter> | undefined;
/** shiki's own serializer (what its codeToHtml uses), set when shiki loads. */
let toHtml: (hast: Root) => string = () => {
  throw new Error('highlight() before loadHighlighter()');
};

let loaded: Highlighter | undefined;

export function loadHighlighter(): Promise<Highlighter> {
  // shiki (its WASM regex engine and grammars) is imported only here: a warm build that renders no Markdown never loads it.
  pending ??= import('shiki').then(async ({ createHighlighter, hastToHtml }) => {
    toHtml = hastToHtml;
    loaded = (await createHighlighter({ themes: [CODE_THEME], langs: [...CODE_LANGS] })) as Highlighter;
    return loaded;
  });
  return pending;
}

/**
 * The highlighter if it is loaded, else undefined: a warm build that renders a
 * page whose code the highlight cache holds never needs it. highlight() then
 * throws HighlighterNeeded on a cache miss, and the caller loads it and renders again.
 */
export function loadedHighlighter(): Highlighter | undefined {
  return loaded;
}

export class HighlighterNeeded extends Error {
  constructor() {
    super('The code highlighter is needed (a block the highlight cache does not hold): load it and render again.');
    this.name = 'HighlighterNeeded';
  }
}

const ALIASES: Record<string, string> = { typescript: 'ts', javascript: 'js', sh: 'bash', zsh: 'bash', console: 'bash' };

/** Resolves a fence language to one the highlighter has loaded ('text' otherwise). */
export function resolveLang(lang: string | null | undefined): string {
  const l = (lang ?? 'text').toLowerCase();
  const resolved = ALIASES[l] ?? l;
  return (CODE_LANGS as readonly string[]).includes(resolved) ? resolved : 'text';
}

let cache = new HighlightCache(undefined);

/** Keeps highlighted HTML in `file` across builds (undefined: in memory only). */
export function useHighlightCache(file: string | undefined, options?: HighlightCacheOptions): void {
  cache = new HighlightCache(file, options);
}

/** True when the highlight cache holds nothing: a cold build, or one with --no-cache. */
export function highlightCacheEmpty(): boolean {
  return cache.size === 0;
}

/** A change to highlighted code made after the grammar ran (linking API names), and a tag naming what it depends on. */
export interface HighlightLinker {
  apply: (hast: Root) => void;
  tag: string;
}

/**
 * The grammar's output of code run ahead (tokenize()), by language and text,
 * until highlight() takes it: the grammar is what costs (~1 ms per line of
 * TypeScript), and it needs nothing but the code, so a cold build runs it
 * while TypeDoc converts and the render links the result once the API is
 * known. Taken means removed: nothing is held longer than that wait.
 */
const grammarOutput = new Map<string, Root>();

function tokens(hl: Highlighter | undefined, text: string, lang: string): Root {
  const id = `${lang}\0${text}`;
  const ahead = grammarOutput.get(id);
  if (ahead) {
    grammarOutput.delete(id);
    return ahead;
  }
  if (!hl) throw new HighlighterNeeded();
  return grammar(hl, text, lang);
}

function grammar(hl: Highlighter, text: string, lang: string): Root {
  // No time limit per line (shiki's default is 500 ms): on a loaded machine a line would be left
  // partly plain, so the same code would highlight differently from build to build.
  return hl.codeToHast(text, { lang, theme: CODE_THEME, tokenizeTimeLimit: 0, transformers: [plainTokens(hl)] });
}

/**
 * Drops the colour of tokens drawn in the theme's own foreground, which the
 * <pre> already sets: a third of all tokens, ~0.6 MB of the site's HTML and
 * navigation chunks. API links inside them inherit it (code.css).
 */
export function plainTokens(hl: Highlighter): ShikiTransformer {
  const plain = `color:${hl.getTheme(CODE_THEME).fg}`.toLowerCase();
  return {
    span(node) {
      if (String(node.properties.style).toLowerCase() === plain) delete node.properties.style;
    },
  };
}

/** Runs the grammar over code ahead of highlight(), which then only links and serializes. */
export function tokenize(hl: Highlighter, code: string, lang: string | null | undefined): void {
  const text = code.replace(/\n$/, '');
  const resolved = resolveLang(lang);
  const id = `${resolved}\0${text}`;
  if (grammarOutput.size < GRAMMAR_AHEAD_LIMIT && !grammarOutput.has(id)) grammarOutput.set(id, grammar(hl, text, resolved));
}

/** Bounds what runs ahead (a site of thousands of code blocks): the rest is highlighted when rendered. */
const GRAMMAR_AHEAD_LIMIT = 5_000;

/** Highlights code; `link` changes the result after the grammar ran (and tags the cache entry). */
export function highlight(hl: Highlighter | undefined, code: string, lang: string | null | undefined, link?: HighlightLinker): string {
  const resolved = resolveLang(lang);
  const text = code.replace(/\n$/, '');
  const key = highlightKey(resolved, link?.tag ?? '', text);
  const hit = cache.get(key);
  if (hit) return hit;
  const hast = tokens(hl, text, resolved);
  link?.apply(hast);
  const html = toHtml(hast);
  cache.set(key, html);
  return html;
}
