// llms.txt (the llmstxt.org format: a title, a one-line summary, then
// sections of links, the last one "Optional" for what an assistant may skip)
// and llms-full.txt (every docs and examples page in Markdown, one after the
// other).

export interface LlmsEntry {
  title: string;
  /** The twin's URL (absolute when the site has a `url`). */
  url: string;
  description?: string;
}

export interface LlmsInput {
  title: string;
  summary: string;
  details: string;
  sections: { title: string; entries: LlmsEntry[] }[];
}

const line = (e: LlmsEntry): string => `- [${e.title.replace(/[[\]]/g, '')}](${e.url})${e.description ? `: ${e.description.replace(/\s+/g, ' ').trim()}` : ''}`;

export function llmsTxt(input: LlmsInput): string {
  const out = [`# ${input.title}`, `> ${input.summary}`, input.details];
  for (const section of input.sections) {
    if (section.entries.length) out.push(`## ${section.title}\n\n${section.entries.map(line).join('\n')}`);
  }
  return `${out.join('\n\n')}\n`;
}

/** `pages`: each page's twin, with the URL of its page (none: a part made for this file alone). */
export function llmsFullTxt(title: string, summary: string, pages: { url?: string; markdown: string }[]): string {
  const out = [`# ${title}`, `> ${summary}`];
  for (const page of pages) out.push(`---\n\n${page.url ? `Source: ${page.url}\n\n` : ''}${page.markdown.trim()}`);
  return `${out.join('\n\n')}\n`;
}
