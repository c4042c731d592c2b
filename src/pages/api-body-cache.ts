// A disk cache of the rendered API page bodies (403 pages plus the globals
// list, ~0.8 s to render). Its key names everything the bodies depend on: the
// API models (their own cache keys), the versions' labels and paths their
// marks show (src/site/body-input.ts apiBodyKey) and the code that renders them (the hash of
// src/ and templates/ that bin/ computes for the bundled CLI). Only full CLI
// builds use it; watch mode reloads render code the key cannot see. The file is
// checked against its schema when read: one of the wrong shape is reported and
// replaced by the next save.
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import * as z from 'zod';
import type { PageBody } from '../render/body.ts';
import { loadChecked, removeCacheFile, writeSealed } from '../shared/cache-io.ts';

export interface ApiBodyCache {
  bodies: Map<string, PageBody>;
  /** Stores the bodies of a build that found none cached. */
  save(bodies: ReadonlyMap<string, PageBody>): Promise<void>;
}

export interface ApiBodyCacheOptions {
  /** false starts empty, so that the build renders every body and saves them (--no-cache). */
  read?: boolean;
  /** Told, in one line, about a cache file that is not usable. */
  onNotice?: (line: string) => void;
  /** Other keys whose files are current (the other docs versions' bodies): a save keeps them. */
  keep?: readonly string[];
}

const fileSchema = z.array(z.tuple([
  z.string(),
  z.object({
    title: z.string(),
    description: z.string().optional(),
    html: z.string(),
    toc: z.array(z.object({ depth: z.union([z.literal(2), z.literal(3)]), id: z.string(), text: z.string() })),
  }),
]));

export async function openApiBodyCache(cacheDir: string, apiKey: string | undefined, options: ApiBodyCacheOptions = {}): Promise<ApiBodyCache | undefined> {
  const code = process.env.PKIDOCS_CODE_HASH;
  if (!apiKey || !code) return undefined;
  const fileOf = (key: string): string => join(cacheDir, `api-bodies-${key}-${code}.json`);
  const file = fileOf(apiKey);
  const current = [file, ...(options.keep ?? []).map(fileOf)];
  const bodies = options.read === false ? new Map<string, PageBody>() : await readBodies(file, options.onNotice);
  return {
    bodies,
    async save(fresh) {
      await writeSealed(cacheDir, file, JSON.stringify([...fresh]));
      // The bodies of other models or code are stale now (2 MB each): they would pile up with every edit of src/.
      const stale = (await readdir(cacheDir)).filter((f) => /^api-bodies-[\w-]+\.json(\.seal)?$/.test(f) && !current.some((c) => join(cacheDir, f).startsWith(c)));
      await Promise.all(stale.map((f) => removeCacheFile(cacheDir, join(cacheDir, f))));
    },
  };
}

/**
 * One API body cache per docs version, by `keys` (version name → key, '' the
 * default version: src/site/api-body-keys.ts): an edit of one version's d.ts
 * leaves the others' bodies cached. Undefined when there is no code hash.
 */
export async function openApiBodyCaches(cacheDir: string, keys: ReadonlyMap<string, string>, options: ApiBodyCacheOptions = {}): Promise<Map<string, ApiBodyCache> | undefined> {
  const opened = await Promise.all([...keys].map(async ([name, key]) => [name, await openApiBodyCache(cacheDir, key, { ...options, keep: [...keys.values()] })] as const));
  const caches = new Map<string, ApiBodyCache>();
  for (const [name, cache] of opened) if (cache) caches.set(name, cache);
  return caches.size === keys.size && caches.size ? caches : undefined;
}

async function readBodies(file: string, onNotice: ApiBodyCacheOptions['onNotice']): Promise<Map<string, PageBody>> {
  // No file yet (another model or code) is an empty cache, not a notice.
  return new Map((await loadChecked(file, fileSchema, 'API page cache', onNotice, 'rendering the API pages again')) ?? []);
}
