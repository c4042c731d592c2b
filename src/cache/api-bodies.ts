// A disk cache of the rendered API page bodies (403 pages plus the globals
// list, ~0.8 s to render). Its key names everything the bodies depend on: the
// API model (its own cache key) and the code that renders them (the hash of
// src/ and templates/ that bin/pkidocs.js computes for the bundled CLI). Only
// full CLI builds use it; watch mode reloads render code the key cannot see.
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { PageBody } from '../render/body.ts';

export interface ApiBodyCache {
  bodies: Map<string, PageBody>;
  /** Stores the bodies of a build that found none cached. */
  save(bodies: ReadonlyMap<string, PageBody>): Promise<void>;
}

export async function openApiBodyCache(cacheDir: string, apiKey: string | undefined): Promise<ApiBodyCache | undefined> {
  const code = process.env.PKIDOCS_CODE_HASH;
  if (!apiKey || !code) return undefined;
  const file = join(cacheDir, `api-bodies-${apiKey}-${code}.json`);
  let bodies = new Map<string, PageBody>();
  try {
    bodies = new Map(JSON.parse(await readFile(file, 'utf8')) as [string, PageBody][]);
  } catch {
    // No cache yet for this model and code.
  }
  return {
    bodies,
    async save(fresh) {
      await mkdir(cacheDir, { recursive: true });
      const tmp = `${file}.${process.pid}.tmp`;
      await writeFile(tmp, JSON.stringify([...fresh]));
      await rename(tmp, file);
    },
  };
}
