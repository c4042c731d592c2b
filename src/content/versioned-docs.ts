// The Markdown pages of every docs version, from the files as read: each
// page's `{{version}}` becomes the release its version documents, and each
// version renders again the default version's pages it shares
// (docs.versions[].shares), under its own folder's ids. A shared page is the
// same file rendered a second time, never a copy on disk, so its text and code
// cannot drift from the default version's; a page of the version's own folder
// at the same place is written for that version and wins.
import { error, type Diagnostic } from '../diagnostics/diagnostic.ts';
import type { DocsVersion, SiteConfig } from '../config/schema.ts';
import { libraryVersionOf } from '../config/versions.ts';
import type { DocSource } from './docs.ts';

/** Stands for the release of the page's docs version in its text and front matter (3.3.2 on the default version's pages). */
export const VERSION_TOKEN = '{{version}}';

export function versionedDocs(config: SiteConfig, files: readonly DocSource[], configFile: string): { docs: DocSource[]; diagnostics: Diagnostic[] } {
  const versions = config.docs.versions.filter((v) => v.path);
  const ownerOf = (id: string): DocsVersion | undefined => versions.find((v) => id.startsWith(`${v.path}/`));
  const defaults = config.docs.versions.find((v) => !v.path);
  const docs: DocSource[] = files.map((d) => withRelease(d, libraryVersionOf(config, ownerOf(d.id) ?? defaults!)));
  const ids = new Set(files.map((d) => d.id));
  const diagnostics: Diagnostic[] = [];
  for (const v of versions) {
    for (const share of v.shares ?? []) {
      const matches = files.filter((d) => !ownerOf(d.id) && sharedBy(share, d.id));
      // A warning: the version simply has no such page, and a site that reuses the config with content of its own (a fixture) still builds.
      if (!matches.length) {
        diagnostics.push({ ...error('config', 'config/version-shares', `docs.versions ("${v.name}") shares "${share}", which is no page or folder of pages of content/docs: ${v.name} has no copy of it.`, {
          file: configFile, hint: 'Name a folder (examples) or a page with its extension (guides/concepts.md), relative to content/docs.',
        }), severity: 'warning' });
      }
      for (const d of matches) {
        const id = `${v.path}/${d.id}`;
        if (ids.has(id)) continue; // written for the version, or shared already by another entry
        ids.add(id);
        docs.push({ ...withRelease(d, libraryVersionOf(config, v)), id, sharedFrom: d.id });
      }
    }
  }
  docs.sort((a, b) => a.id.localeCompare(b.id));
  return { docs, diagnostics };
}

/** `examples` shares every page under examples/; `guides/concepts.md` that page alone. */
function sharedBy(share: string, id: string): boolean {
  return share.endsWith('.md') ? `${id}.md` === share : id.startsWith(`${share}/`);
}

/** The page with its `{{version}}` replaced; the same object when it has none (watch mode compares by identity). */
function withRelease(d: DocSource, release: string): DocSource {
  const fill = (s: string): string => s.split(VERSION_TOKEN).join(release);
  const texts = [d.body, d.data.title, d.data.description ?? '', d.data.sidebar_label ?? ''];
  if (!texts.some((t) => t.includes(VERSION_TOKEN))) return d;
  const data = { ...d.data, title: fill(d.data.title) };
  if (d.data.description !== undefined) data.description = fill(d.data.description);
  if (d.data.sidebar_label !== undefined) data.sidebar_label = fill(d.data.sidebar_label);
  return { ...d, body: fill(d.body), data };
}
