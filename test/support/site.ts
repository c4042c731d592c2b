// Reading the built real site in tests.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import * as cheerio from 'cheerio';
import { inject } from 'vitest';
import { pageFile } from '../../src/shared/paths.ts';

export const siteOut = (): string => inject('siteOut');

export function readPage(path: string): string {
  return readFileSync(join(siteOut(), pageFile(path)), 'utf8');
}

export function loadPage(path: string): cheerio.CheerioAPI {
  return cheerio.load(readPage(path));
}

/** Routes of the Docusaurus site this replaces (test/fixtures/anchors), with their titles. */
export function anchorTitles(): Map<string, string> {
  const text = readFileSync(join(import.meta.dirname, '../fixtures/anchors/docusaurus/titles.tsv'), 'utf8');
  return new Map(text.trim().split('\n').map((l) => l.split('\t') as [string, string]));
}
