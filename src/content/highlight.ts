// Build-time syntax highlighting with shiki. The highlighter is created once
// per process (loading grammars is the slow part) and then used synchronously.
import type { HighlighterGeneric, ShikiTransformer } from 'shiki';
import { HighlightCache, type HighlightCacheOptions } from './highlight-cache.ts';

export const CODE_THEME = 'github-dark';
/** Bump when the highlighted HTML changes shape (shiki upgrade, new transformer). */
// 3: entries cut short by the tokenizer's time limit (below) are dropped.
const CACHE_VERSION = '3';
export const CODE_LANGS = ['ts', 'tsx', 'js', 'jsx', 'json', 'bash', 'shell', 'html', 'text'] as const;

type Highlighter = HighlighterGeneric<string, string>;
let pending: Promise<Highlighter> | undefined;

export function loadHighlighter(): Promise<Highlighter> {
  // shiki (its WASM regex engine and grammars) is imported only here: a warm build that renders no Markdown never loads it.
  pending ??= import('shiki').then(({ createHighlighter }) => createHighlighter({ themes: [CODE_THEME], langs: [...CODE_LANGS] }) as Promise<Highlighter>);
  return pending;
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

/**
 * Highlights code. `cacheTag` names everything the transformers' output
 * depends on (e.g. a hash of the API names they link); without it the result
 * is not cached.
 */
export function highlight(
  hl: Highlighter,
  code: string,
  lang: string | null | undefined,
  transformers: ShikiTransformer[] = [],
  cacheTag = transformers.length ? undefined : '',
): string {
  const resolved = resolveLang(lang);
  const text = code.replace(/\n$/, '');
  const key = cacheTag === undefined ? undefined : HighlightCache.key(CACHE_VERSION, CODE_THEME, resolved, cacheTag, text);
  const hit = key && cache.get(key);
  if (hit) return hit;
  // No time limit per line (shiki's default is 500 ms): on a loaded machine a line would be left
  // partly plain, so the same code would highlight differently from build to build.
  const html = hl.codeToHtml(text, { lang: resolved, theme: CODE_THEME, transformers, tokenizeTimeLimit: 0 });
  if (key) cache.set(key, html);
  return html;
}
