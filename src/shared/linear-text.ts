// Text edits written as loops that scan each character a bounded number of
// times. The patterns they replace (/\s+$/, /<[^>]+>/g, /\[([^\]]*)\]\(…\)/g)
// are tried from every character of a long run that fails at its end: n²/2
// steps on hostile content (lint: regexp/no-super-linear-move).

/** Where the run of characters that `inRun` accepts, ending at `end`, starts (`end` when there is none). */
export function runStart(text: string, inRun: (c: string) => boolean, end = text.length): number {
  let i = end;
  while (i > 0 && inRun(text[i - 1]!)) i--;
  return i;
}

/** `text` without the run of characters that `inRun` accepts at its end. */
export function trimRun(text: string, inRun: (c: string) => boolean): string {
  return text.slice(0, runStart(text, inRun));
}

/** A predicate for `trimRun`: one of `chars`. */
export const oneOf = (chars: string) => (c: string): boolean => chars.includes(c);

/** A predicate for `trimRun`: white space as `\s` means it. */
export const isSpace = (c: string): boolean => /^\s$/.test(c);

/** `text.replace(/<[^>]+>/g, '')`: a `<`, at least one character, and the first `>` after it go. */
export function stripTags(text: string): string {
  let out = '';
  let from = 0;
  let at = text.indexOf('<');
  while (at >= 0) {
    const close = text.indexOf('>', at + 2);
    if (close < 0) break; // no `>` left: nothing further matches
    if (text[at + 1] === '>') { at = text.indexOf('<', at + 1); continue; }
    out += text.slice(from, at);
    from = close + 1;
    at = text.indexOf('<', from);
  }
  return out + text.slice(from);
}

/** `text.replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')`: a Markdown link or image as its text. */
export function linkText(text: string): string {
  let out = '';
  let from = 0;
  let open = text.indexOf('[');
  while (open >= 0) {
    const close = text.indexOf(']', open + 1);
    if (close < 0) break; // no `]` left: no later `[` can match either
    if (text[close + 1] !== '(') { open = text.indexOf('[', close + 1); continue; } // every `[` before `close` ends there too
    const end = text.indexOf(')', close + 2);
    if (end < 0) break; // no `)` left: nothing further matches
    const bang = open > from && text[open - 1] === '!' ? 1 : 0;
    out += text.slice(from, open - bang) + text.slice(open + 1, close);
    from = end + 1;
    open = text.indexOf('[', from);
  }
  return out + text.slice(from);
}
