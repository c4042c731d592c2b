// Each guard of the dev server's request resolution refuses on its own: every
// target below gets past all the other guards, so the refusal must come from
// the guard it names (a removed guard changes the reason or lets it through).
import { mkdirSync, realpathSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resolveRequest, siteFile } from '../../../src/dev/resolve-request.ts';
import { ROOT } from '../../support/cli.ts';

const TMP = join(ROOT, 'test/.tmp/unit-dev-resolve-request');
let SITE = '';

beforeAll(() => {
  rmSync(TMP, { recursive: true, force: true });
  mkdirSync(join(TMP, 'site/docs/a'), { recursive: true });
  writeFileSync(join(TMP, 'secret.txt'), 'secret');
  writeFileSync(join(TMP, 'site/index.html'), 'home');
  writeFileSync(join(TMP, 'site/docs/a/index.html'), 'a');
  writeFileSync(join(TMP, 'site/a\\b'), 'a file whose name holds a backslash');
  writeFileSync(join(TMP, 'site/x%2fy'), 'a file whose name holds %2f');
  symlinkSync(join(TMP, 'secret.txt'), join(TMP, 'site/link-out.txt'));
  SITE = realpathSync(join(TMP, 'site'));
});
afterAll(() => rmSync(TMP, { recursive: true, force: true }));

const refusal = (reason: string, status = 400) => ({ kind: 'refused', status, reason });
const SLASH = 'The request path must start with a single "/".';
const SEPARATOR = 'The request path holds a backslash or an encoded separator.';
const ENCODING = 'The request path is not valid percent-encoding.';
const NUL = 'The request path holds a NUL byte.';
const DOTS = 'The request path holds a "." or ".." segment.';
/** Plain-text test titles: Stryker selects tests by title, and quotes or backslashes in one defeat that. */
const GUARD = new Map([[SLASH, 'single slash'], [SEPARATOR, 'separator'], [ENCODING, 'percent-encoding'], [NUL, 'NUL byte'], [DOTS, 'dot segment']]);

describe('resolveRequest: each guard alone', () => {
  it.each(
    [
      ['//etc/passwd', SLASH],
      ['http://127.0.0.1/index.html', SLASH],
      ['*', SLASH],
      ['/a\\b', SEPARATOR],
      ['/x%2fy', SEPARATOR],
      ['/x%2Fy', SEPARATOR],
      ['/x%5cy', SEPARATOR],
      ['/x%00y', SEPARATOR],
      ['/%zz', ENCODING],
      ['/%E0%A4%A', ENCODING],
      ['/index.html\0', NUL],
      ['/docs/../index.html', DOTS],
      ['/docs/%2e%2e/index.html', DOTS],
      ['/./index.html', DOTS],
      ['/docs/a/..', DOTS],
      ].map(([target, reason], i) => ({ target: target!, reason: reason!, title: `case ${i} by the ${GUARD.get(reason!)} guard` })),
  )('refuses $title', async ({ target, reason }) => {
    expect(await resolveRequest(target, SITE)).toEqual(refusal(reason));
  });

  it('refuses a link to a file outside the site with 403', async () => {
    expect(await resolveRequest('/link-out.txt', SITE)).toEqual(refusal('The file is a link to a place outside the site.', 403));
  });

  it('refuses a path that leads outside the site, even when the request checks were passed by', async () => {
    expect(await siteFile(SITE, '/../secret.txt')).toEqual(refusal('The request path leads outside the site.'));
    expect(await siteFile(SITE, '../secret.txt')).toEqual(refusal('The request path leads outside the site.'));
    expect(await siteFile(SITE, `/..${SITE.slice(SITE.lastIndexOf('/'))}-other/x`)).toEqual(refusal('The request path leads outside the site.'));
  });
});

describe('resolveRequest: what it lets through', () => {
  it('serves exact files, including names that only look odd once decoded', async () => {
    expect(await resolveRequest('/index.html', SITE)).toEqual({ kind: 'file', file: join(SITE, 'index.html') });
    expect(await resolveRequest('/docs/a/index.html?x=1#top', SITE)).toEqual({ kind: 'file', file: join(SITE, 'docs/a/index.html') });
    expect(await resolveRequest('/a%20b', SITE)).toEqual({ kind: 'not-found' });
    expect(await resolveRequest('/..a', SITE)).toEqual({ kind: 'not-found' });
  });

  it('redirects other spellings of a page to its clean URL, keeping the query', async () => {
    expect(await resolveRequest('/docs/a/', SITE)).toEqual({ kind: 'redirect', location: '/docs/a' });
    expect(await resolveRequest('/docs/a/?q=1#h', SITE)).toEqual({ kind: 'redirect', location: '/docs/a?q=1' });
    expect(await resolveRequest('/docs/a', SITE)).toEqual({ kind: 'file', file: join(SITE, 'docs/a/index.html') });
    expect(await resolveRequest('/', SITE)).toEqual({ kind: 'file', file: join(SITE, 'index.html') });
    expect(await resolveRequest('/docs', SITE)).toEqual({ kind: 'not-found' });
  });

  it('serves a folder as not found, never as a file', async () => {
    expect(await siteFile(SITE, '/docs')).toBeUndefined();
    expect(await siteFile(SITE, '/missing.html')).toBeUndefined();
    expect(await siteFile(SITE, '/')).toBeUndefined();
  });
});
