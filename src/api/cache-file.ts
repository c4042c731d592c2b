// The API model's disk cache file. A cache file is input like any other: it may
// be torn, edited or left by another version, so it is checked before use and a
// bad one is reported, ignored and overwritten by the next conversion.
//
// Format: one JSON header line `{"format":1,"converterVersion":N,"sha256":…}`,
// then the payload `{"model":…,"diagnostics":…}`. The checksum proves that the
// payload is byte for byte what a conversion wrote under this cache key (whose
// hash covers the converter version, TypeDoc, the options and the d.ts), which a
// full schema check of the 1.4 MB model (~150 ms) would only approximate more
// slowly; the shape of the envelope is checked with zod on top.
import { createHash } from 'node:crypto';
import { readCacheFile, writeAtomic } from '../shared/cache-io.ts';
import { z } from 'zod';
import type { Diagnostic } from '../diagnostics/diagnostic.ts';
import type { ApiModel } from './model.ts';

const FORMAT = 1;

const header = z.object({ format: z.literal(FORMAT), converterVersion: z.number(), sha256: z.string() });

const diagnostic = z.object({
  code: z.string(),
  category: z.enum(['usage', 'config', 'content', 'links', 'internal']),
  severity: z.enum(['error', 'warning']),
  message: z.string(),
  hint: z.string().optional(),
  file: z.string().optional(),
  line: z.number().optional(),
  column: z.number().optional(),
});

const payload = z.object({
  model: z.looseObject({
    packageName: z.string(),
    version: z.string(),
    items: z.array(z.looseObject({ kind: z.enum(['class', 'interface', 'enum', 'typeAlias', 'function', 'variable']), name: z.string(), summary: z.string() })),
    namespaces: z.array(z.looseObject({ name: z.string(), summary: z.string() })).optional(),
  }),
  diagnostics: z.array(diagnostic),
});

export interface ApiCacheEntry {
  model: ApiModel;
  diagnostics: Diagnostic[];
}

export type ApiCacheRead = { kind: 'hit'; entry: ApiCacheEntry } | { kind: 'missing' } | { kind: 'bad'; reason: string };

export async function readApiCache(file: string, converterVersion: number): Promise<ApiCacheRead> {
  const read = readCacheFile(file);
  if (read.missing) return { kind: 'missing' };
  if (read.problem !== undefined) return { kind: 'bad', reason: read.problem };
  const text = read.text;
  const cut = text.indexOf('\n');
  const head = header.safeParse(parseJson(cut < 0 ? text : text.slice(0, cut)));
  if (!head.success) return { kind: 'bad', reason: 'its header is missing or of the wrong shape' };
  if (head.data.converterVersion !== converterVersion) return { kind: 'bad', reason: `it was written by converter version ${head.data.converterVersion}` };
  const body = text.slice(cut + 1);
  if (sha256(body) !== head.data.sha256) return { kind: 'bad', reason: 'its content does not match its checksum (torn or edited)' };
  const data = payload.safeParse(parseJson(body));
  if (!data.success) return { kind: 'bad', reason: `its content is of the wrong shape (${data.error.issues[0]?.path.join('.') ?? ''})` };
  return { kind: 'hit', entry: data.data as unknown as ApiCacheEntry };
}

export async function writeApiCache(cacheDir: string, file: string, converterVersion: number, entry: ApiCacheEntry): Promise<void> {
  const body = JSON.stringify({ model: entry.model, diagnostics: entry.diagnostics });
  const head = JSON.stringify({ format: FORMAT, converterVersion, sha256: sha256(body) });
  await writeAtomic(cacheDir, file, `${head}\n${body}`);
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

const sha256 = (text: string): string => createHash('sha256').update(text).digest('hex');
