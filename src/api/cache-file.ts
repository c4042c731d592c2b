// The API model's disk cache file. A cache file is input like any other: it may
// be torn, edited or left by another version, so it is checked before use and a
// bad one is reported, ignored and overwritten by the next conversion.
//
// Format: one JSON header line `{"format":2,"converterVersion":N,"seal":…}`,
// then the payload `{"model":…,"diagnostics":…}`. The seal (cache-seal.ts, an
// HMAC under this checkout's key) proves that the payload is byte for byte what
// a conversion of this checkout wrote under this file name (whose cache key
// covers the converter version, TypeDoc, the options and the d.ts): a plain
// checksum anyone can recompute, and the model's strings reach the pages. A
// full schema check of the 1.4 MB model (~150 ms) would only approximate that;
// the shape of the envelope is checked with zod on top.
import { basename } from 'node:path';
import { readCacheFile, writeAtomic } from '../shared/cache-io.ts';
import { seal, sealed } from '../shared/cache-seal.ts';
import * as z from 'zod';
import type { Diagnostic } from '../diagnostics/diagnostic.ts';
import type { ApiModel } from './model.ts';

const FORMAT = 2;

const header = z.object({ format: z.literal(FORMAT), converterVersion: z.number(), seal: z.string() });

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
  if (!sealed(basename(file), body, head.data.seal)) return { kind: 'bad', reason: 'its seal does not match: torn, edited, planted or made by another checkout' };
  const data = payload.safeParse(parseJson(body));
  if (!data.success) return { kind: 'bad', reason: `its content is of the wrong shape (${data.error.issues[0]?.path.join('.') ?? ''})` };
  return { kind: 'hit', entry: data.data as unknown as ApiCacheEntry };
}

export async function writeApiCache(cacheDir: string, file: string, converterVersion: number, entry: ApiCacheEntry): Promise<void> {
  const body = JSON.stringify({ model: entry.model, diagnostics: entry.diagnostics });
  const head = JSON.stringify({ format: FORMAT, converterVersion, seal: seal(basename(file), body) });
  await writeAtomic(cacheDir, file, `${head}\n${body}`);
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}
