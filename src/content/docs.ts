// Stage 1a: reads every Markdown page under content/docs and its front matter.
// Rendering waits until routes have given every file its path (render-docs.ts).
// Every file is read as hostile input (read-file.ts): links are followed only
// inside the repository, only regular files are read, and pages have a size limit.
import { relative, sep } from 'node:path';
import { error, type Diagnostic } from '../diagnostics/diagnostic.ts';
import { parseFrontMatter, type FrontMatter } from './front-matter.ts';
import { DEFAULT_MAX_PAGE_BYTES } from '../config/schema.ts';
import { problemAt, readContentFile, realpathOrUndefined } from './read-file.ts';
import { listContentFiles } from './walk.ts';

export interface DocSource {
  /** Path below the docs folder without extension, '/'-separated: 'examples/other/index'. */
  id: string;
  /** Absolute file path. */
  file: string;
  data: FrontMatter;
  body: string;
  lineOffset: number;
  /** On a docs version's page rendered from a page it shares: the default version's id (src/content/versioned-docs.ts). */
  sharedFrom?: string;
}

export interface ReadDocsOptions {
  /** The repository: links leading outside it are errors. */
  root: string;
  /** limits.maxPageBytes of the site config. */
  maxPageBytes?: number;
}

/** Characters a page's path cannot hold: they would end the URL's path. */
const NOT_IN_URL = /[#?]/;

export async function readDocs(docsDir: string, options: ReadDocsOptions): Promise<{ docs: DocSource[]; diagnostics: Diagnostic[] }> {
  const listing = listContentFiles(docsDir, { root: options.root, accept: (rel) => rel.endsWith('.md') });
  const docs: DocSource[] = [];
  const diagnostics: Diagnostic[] = [...listing.diagnostics];
  for (const { path } of listing.files) {
    const doc = await readDoc(path, docsDir, options);
    if (doc.doc) docs.push(doc.doc);
    diagnostics.push(...doc.diagnostics);
  }
  docs.sort((a, b) => a.id.localeCompare(b.id));
  return { docs, diagnostics };
}

export async function readDoc(file: string, docsDir: string, options: ReadDocsOptions): Promise<{ doc?: DocSource; diagnostics: Diagnostic[] }> {
  const id = relative(docsDir, file).split(sep).join('/').replace(/\.md$/, '');
  const bad = NOT_IN_URL.exec(id);
  if (bad) {
    return { diagnostics: [error('content', 'content/bad-file-name', `The page's path "${id}" contains "${bad[0]}", which cannot be part of a URL path (it would start the ${bad[0] === '#' ? 'fragment' : 'query'}).`, {
      file, hint: `Rename the file or folder without "${bad[0]}".`,
    })] };
  }
  const read = readContentFile(file, {
    boundary: realpathOrUndefined(options.root) ?? options.root,
    boundaryName: 'the repository',
    maxBytes: options.maxPageBytes ?? DEFAULT_MAX_PAGE_BYTES,
  });
  if (read.problem) return { diagnostics: [problemAt(read.problem, file)] };
  const { parsed, diagnostics } = parseFrontMatter(read.text, file);
  if (!parsed) return { diagnostics };
  return { doc: { id, file, data: parsed.data, body: parsed.body, lineOffset: parsed.lineOffset }, diagnostics };
}
