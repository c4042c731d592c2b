// The version marks in the files for machines (issue #29): each API page's
// Markdown twin, and llms-full.txt, tell the same marks on the same exports
// and members as the HTML pages, with the same links. Both sides are read
// from the real built site: the marks from the HTML (every `.vm` of every
// page), the twins' from their text, each by its own parser here.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import * as cheerio from 'cheerio';
import { describe, expect, it } from 'vitest';
import config from '../../content/site.config.ts';
import { siteOut } from '../support/site.ts';

/** The site's origin and base, as twins write absolute links: taken off to compare with the pages' paths. */
const ORIGIN = `${config.url ?? ''}${(config.baseUrl ?? '/').replace(/\/$/, '')}`;
const path = (url: string): string => (url.startsWith(ORIGIN) ? url.slice(ORIGIN.length) : url);

const files = (): string[] => readdirSync(siteOut(), { recursive: true, encoding: 'utf8' }).filter((f) => !f.startsWith('_pkidocs'));

/** An export or member name as a heading shows it: `generateKey()` → `generateKey`. */
const bare = (text: string): string => text.replace(/^(static|abstract|protected|readonly)\s+/g, '').replace(/[(<?:].*$/s, '').trim();

/** `page|owner|mark text|link path`: `owner` is `#` for the page's own export, else the export or member name. */
function htmlMarks(): Set<string> {
  const out = new Set<string>();
  for (const f of files().filter((f) => f.endsWith('index.html'))) {
    const html = readFileSync(join(siteOut(), f), 'utf8');
    if (!html.includes('class="vm"')) continue;
    const page = `/${f.slice(0, -'/index.html'.length)}`;
    const $ = cheerio.load(html);
    $('main .vm').each((_, el) => {
      const mark = $(el);
      const dt = mark.closest('dt');
      const body = mark.closest('.am');
      const owner = dt.length ? bare(dt.find('a').first().text()) : body.length ? bare(body.prev('h3').text()) : '#';
      out.add(`${page}|${owner}|${mark.text()}|${mark.attr('href') ?? ''}`);
    });
  }
  return out;
}

/** `Version note: New in 4.0; [Signature changed in 4.0](https://…#x).` → its marks, as text and link path. */
function noteMarks(line: string): string[] {
  const note = /Version note: (.*)\.$/.exec(line);
  expect(note, line).not.toBeNull();
  return note![1]!.split('; ').map((m) => {
    const link = /^\[([^\]]+)\]\((\S+)\)$/.exec(m);
    return link ? `${link[1]}|${path(link[2]!)}` : `${m}|`;
  });
}

/** The same tuples read from the API twins: under `# Name` (the export), `### name` (a member), or on an index line `- [Name](…)`. */
function twinMarks(): Set<string> {
  const out = new Set<string>();
  for (const f of files().filter((f) => f.endsWith('.md') && /(^|\/)api\//.test(f))) {
    const text = readFileSync(join(siteOut(), f), 'utf8');
    if (!text.includes('Version note:')) continue;
    const page = `/${f.slice(0, -'.md'.length)}`;
    let owner = '#';
    for (const line of text.split('\n')) {
      if (/^##\s/.test(line)) owner = '';
      const heading = /^###\s+(.*)$/.exec(line);
      if (heading) owner = bare(heading[1]!);
      if (!line.includes('Version note:')) continue;
      const entry = /^- \[([^\]]+)\]/.exec(line);
      for (const mark of noteMarks(line)) out.add(`${page}|${entry ? bare(entry[1]!) : owner}|${mark}`);
    }
  }
  return out;
}

describe('version marks in the Markdown twins', () => {
  it('are the marks of the HTML pages, on the same exports and members, with the same links', () => {
    const html = htmlMarks();
    // The known differences of 4.0.0 (test/site/version-marks.test.ts) are among them.
    expect(html).toContain('/docs/4.0/api/interfaces/BasicOCSPResponseVerifyParams|issuerCerts|New in 4.0|');
    expect(html).toContain('/docs/api/classes/CryptoEngine|generateKey|Signature changed in 4.0|/docs/4.0/api/classes/CryptoEngine#generatekey');
    expect(html).toContain('/docs/api/globals|getRandomValues|Signature changed in 4.0|/docs/4.0/api/globals#getrandomvalues');
    expect([...twinMarks()].sort()).toEqual([...html].sort());
  });

  it('put a member\'s marks under its heading, before its declaration', () => {
    const twin = readFileSync(join(siteOut(), 'docs/api/classes/CryptoEngine.md'), 'utf8');
    expect(twin).toContain(`### generateKey\n\nVersion note: [Signature changed in 4.0](${ORIGIN}/docs/4.0/api/classes/CryptoEngine#generatekey).\n\n\`\`\`ts\n`);
  });
});

describe('version marks in llms-full.txt', () => {
  it('list every mark of every API page, linked to where the page shows it', () => {
    const text = readFileSync(join(siteOut(), 'llms-full.txt'), 'utf8');
    const start = text.indexOf('# Differences between the documented versions');
    expect(start).toBeGreaterThan(0);
    const listed = new Set<string>();
    for (const line of text.slice(start).split('\n')) {
      const entry = /^- \[[^\]]+\]\((\S+)\): (Version note: .*)$/.exec(line);
      if (!entry) continue;
      const [page, id = ''] = path(entry[1]!).split('#');
      for (const mark of noteMarks(entry[2]!)) listed.add(`${page}|${id}|${mark}`);
    }
    // From the HTML: a page's own marks (under its h1) and each member's (under its h3, by id); the index's are the pages' own.
    const expected = new Set<string>();
    for (const f of files().filter((f) => f.endsWith('index.html'))) {
      const html = readFileSync(join(siteOut(), f), 'utf8');
      if (!html.includes('class="vm"')) continue;
      const $ = cheerio.load(html);
      $('main .vm').each((_, el) => {
        const mark = $(el);
        if (mark.closest('dt').length) return;
        const body = mark.closest('.am');
        expected.add(`/${f.slice(0, -'/index.html'.length)}|${body.length ? body.prev('h3').attr('id') : ''}|${mark.text()}|${mark.attr('href') ?? ''}`);
      });
    }
    expect(expected.size).toBeGreaterThan(5);
    expect([...listed].sort()).toEqual([...expected].sort());
  });
});
