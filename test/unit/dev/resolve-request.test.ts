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

describe('resolveRequest: each guard alone', () => {
  it.each([
    ['//etc/passwd', 'The request path must start with a single "/".'],
    ['http://127.0.0.1/index.html', 'The request path must start with a single "/".'],
    ['*', 'The request path must start with a single "/".'],
    ['/a\\b', 'The request path holds a backslash or an encoded separator.'],
    ['/x%2fy', 'The request path holds a backslash or an encoded separator.'],
    ['/x%2Fy', 'The request path holds a backslash or an encoded separator.'],
    ['/x%5cy', 'The request path holds a backslash or an encoded separator.'],
    ['/x%00y', 'The request path holds a backslash or an encoded separator.'],
    ['/%zz', 'The request path is not valid percent-encoding.'],
    ['/%E0%A4%A', 'The request path is not valid percent-encoding.'],
    ['/index.html\0', 'The request path holds a NUL byte.'],
    ['/docs/../index.html', 'The request path holds a "." or ".." segment.'],
    ['/docs/%2e%2e/index.html', 'The request path holds a "." or ".." segment.'],
    ['/./index.html', 'The request path holds a "." or ".." segment.'],
    ['/docs/a/..', 'The request path holds a "." or ".." segment.'],
  ])('refuses %j: %s', async (target, reason) => {
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
