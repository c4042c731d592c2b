// Build-time syntax highlighting with shiki. The highlighter is created once
// per process (loading grammars is the slow part) and then used synchronously.
import { createHighlighter, type HighlighterGeneric, type ShikiTransformer } from 'shiki';

export const CODE_THEME = 'github-dark';
export const CODE_LANGS = ['ts', 'tsx', 'js', 'jsx', 'json', 'bash', 'shell', 'html', 'text'] as const;

type Highlighter = HighlighterGeneric<string, string>;
let pending: Promise<Highlighter> | undefined;

export function loadHighlighter(): Promise<Highlighter> {
  pending ??= createHighlighter({ themes: [CODE_THEME], langs: [...CODE_LANGS] }) as Promise<Highlighter>;
  return pending;
}

const ALIASES: Record<string, string> = { typescript: 'ts', javascript: 'js', sh: 'bash', zsh: 'bash', console: 'bash' };

/** Resolves a fence language to one the highlighter has loaded ('text' otherwise). */
export function resolveLang(lang: string | null | undefined): string {
  const l = (lang ?? 'text').toLowerCase();
  const resolved = ALIASES[l] ?? l;
  return (CODE_LANGS as readonly string[]).includes(resolved) ? resolved : 'text';
}

export function highlight(
  hl: Highlighter,
  code: string,
  lang: string | null | undefined,
  transformers: ShikiTransformer[] = [],
): string {
  return hl.codeToHtml(code.replace(/\n$/, ''), { lang: resolveLang(lang), theme: CODE_THEME, transformers });
}
