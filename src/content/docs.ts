// Stage 1a: reads every Markdown page under content/docs and its front matter.
// Rendering waits until routes have given every file its path (render-docs.ts).
import { readdir, readFile } from 'node:fs/promises';
import { join, relative, sep } from 'node:path';
import type { Diagnostic } from '../diagnostics/diagnostic.ts';
import { parseFrontMatter, type FrontMatter } from './front-matter.ts';

export interface DocSource {
  /** Path below the docs folder without extension, '/'-separated: 'examples/other/index'. */
  id: string;
  /** Absolute file path. */
  file: string;
  data: FrontMatter;
  body: string;
  lineOffset: number;
}

export async function readDocs(docsDir: string): Promise<{ docs: DocSource[]; diagnostics: Diagnostic[] }> {
  const files = (await readdir(docsDir, { recursive: true }))
    .filter((f) => f.endsWith('.md'))
    .sort();
  const docs: DocSource[] = [];
  const diagnostics: Diagnostic[] = [];
  await Promise.all(
    files.map(async (rel) => {
      const file = join(docsDir, rel);
      const doc = await readDoc(file, docsDir);
      if (doc.doc) docs.push(doc.doc);
      diagnostics.push(...doc.diagnostics);
    }),
  );
  docs.sort((a, b) => a.id.localeCompare(b.id));
  return { docs, diagnostics };
}

export async function readDoc(file: string, docsDir: string): Promise<{ doc?: DocSource; diagnostics: Diagnostic[] }> {
  const { parsed, diagnostics } = parseFrontMatter(await readFile(file, 'utf8'), file);
  if (!parsed) return { diagnostics };
  const id = relative(docsDir, file).split(sep).join('/').replace(/\.md$/, '');
  return { doc: { id, file, data: parsed.data, body: parsed.body, lineOffset: parsed.lineOffset }, diagnostics };
}
