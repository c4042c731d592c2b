// `pkidocs serve --watch` follows links exactly as the build does: a loop of
// folders, there at start or made while it runs, is reported as the build
// reports it (content/link-loop) while the last good site is served, and
// no looped path becomes a page; a link leading out of the repository is
// refused; a link inside it is followed, its target watched. A content folder
// moved away and back is watched again. The real CLI runs in a fixture with
// its own copy of the sources; the test listens to the reload channel.
import { mkdirSync, readdirSync, renameSync, symlinkSync, unlinkSync, writeFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Fixture } from './helpers/fixture.ts';
import type { SseClient, SseEvent } from './helpers/sse.ts';
import { startWatching, type WatchSession } from './helpers/watch-session.ts';

let watch: WatchSession;
let site: Fixture;
let url = '';
let events: SseClient;

const INSTALL = 'content/docs/installation.md';
type Build = { build: number; files: string[] };
type Failed = Build & { diagnostics: { code: string; location?: string; message: string }[] };

const lastBuild = (): number => watch.lastBuild();

/** The first rebuild numbered after `after` that `match` accepts, and how it ended. */
function rebuild(after: number, match: (d: Build) => boolean = () => true): Promise<SseEvent> {
  return events.next(['reload', 'failed'], (d: Build) => d.build > after && match(d), 30_000);
}

const codes = (e: SseEvent): string[] => (e.data as Failed).diagnostics.map((d) => d.code);
// Watch mode rewrites the manifest just after a reload (temp file, then rename): its temp file may
// be seen for a moment, and is not a page.
const outFiles = (): string[] => readdirSync(site.outDir, { recursive: true, encoding: 'utf8' }).filter((f) => !/^\.pkidocs-manifest\.json\..+\.tmp$/.test(f)).sort();

async function text(path: string): Promise<{ status: number; body: string }> {
  const res = await fetch(`${url}${path}`);
  return { status: res.status, body: await res.text() };
}

beforeAll(async () => {
  // A loop there before the watcher starts: content/docs/up is content/, which holds it.
  watch = await startWatching('watch-links', (fixture) => symlinkSync('..', fixture.path('content/docs/up')));
  ({ site, url, events } = watch);
});

afterAll(() => watch?.stop());

describe('links while watching', () => {
  it('starts with a loop already there: reports it as the build does, then builds once it is gone', async () => {
    // The first build's failure is the first thing a page learns on connecting.
    const hello = events.events[0]!;
    expect(codes(hello), watch.output()).toEqual(['content/link-loop']);
    expect((hello.data as Failed).diagnostics[0]!.location).toMatch(/^content\/docs\/up\b/);
    expect(watch.output()).not.toContain('ELOOP');
    const after = lastBuild();
    unlinkSync(site.path('content/docs/up'));
    expect((await rebuild(after)).event).toBe('reload');
    expect((await text('/docs/installation')).status).toBe(200);
  });

  it('refuses a loop made while watching: reported, no looped page, out/ as it was', async () => {
    const before = outFiles();
    const after = lastBuild();
    symlinkSync('..', site.path('content/docs/up'));
    const failed = await rebuild(after);
    expect([failed.event, codes(failed)]).toEqual(['failed', ['content/link-loop']]);
    // A link to the project folder, which holds everything: a loop too, and nothing under it is watched.
    const again = lastBuild();
    symlinkSync('../..', site.path('content/docs/root'));
    const root = await rebuild(again);
    expect([root.event, codes(root).sort()]).toEqual(['failed', ['content/link-loop', 'content/link-loop']]);
    // A save while the loops are there fails on them, and no path through them is ever read.
    const saved = lastBuild();
    writeFileSync(site.path(INSTALL), (await site.read(INSTALL)).replace('Run the installer.', 'Run the looped installer.'));
    expect(codes(await rebuild(saved, (d) => d.files.includes(INSTALL)))).toContain('content/link-loop');
    expect(watch.output()).not.toMatch(/docs\/(up|root)\/\S*\.md/);
    expect(outFiles()).toEqual(before);
    expect((await text('/docs/up/docs/installation')).status).toBe(404);

    const fixed = lastBuild();
    unlinkSync(site.path('content/docs/up'));
    unlinkSync(site.path('content/docs/root'));
    await events.next('reload', (d: Build) => d.build > fixed, 30_000);
    expect((await text('/docs/installation')).body).toContain('Run the looped installer.');
    expect(outFiles()).toEqual(before);
  });

  it('refuses a link leading out of the repository, made while watching', async () => {
    const after = lastBuild();
    symlinkSync('/etc', site.path('content/docs/etc'));
    const failed = await rebuild(after);
    expect([failed.event, codes(failed)]).toEqual(['failed', ['content/link-outside']]);
    const fixed = lastBuild();
    unlinkSync(site.path('content/docs/etc'));
    expect((await rebuild(fixed)).event).toBe('reload');
  });

  it('follows a link inside the repository as the build does, and rebuilds when its target changes', async () => {
    mkdirSync(site.path('shared'));
    const page = (words: string): string => `---\ntitle: Shared\ndescription: A page from a linked folder.\n---\n\n${words}\n`;
    writeFileSync(site.path('shared/notes.md'), page('First words.'));
    const after = lastBuild();
    symlinkSync('../../shared', site.path('content/docs/shared'));
    expect((await rebuild(after)).event).toBe('reload');
    expect((await text('/docs/shared/notes')).body).toContain('First words.');
    const edited = lastBuild();
    writeFileSync(site.path('shared/notes.md'), page('Second words.'));
    const reload = await rebuild(edited);
    expect([reload.event, (reload.data as Build).files]).toEqual(['reload', ['content/docs/shared/notes.md']]);
    expect((await text('/docs/shared/notes')).body).toContain('Second words.');
  });

  it('watches the content folder again after it was moved away and back', async () => {
    const saveInstall = async (words: string): Promise<void> => {
      const saved = lastBuild();
      writeFileSync(site.path(INSTALL), (await site.read(INSTALL)).replace(/Run the \w+ installer\./, `Run the ${words} installer.`));
      expect((await rebuild(saved, (d) => d.files.includes(INSTALL))).event).toBe('reload');
      expect((await text('/docs/installation')).body).toContain(`Run the ${words} installer.`);
    };
    // Back before the watcher looked: nothing changed for it.
    renameSync(site.path('content'), site.path('moved'));
    renameSync(site.path('moved'), site.path('content'));
    await saveInstall('quickly');
    // Back after the watcher saw it go (its rebuild of the files that went with it is reported, however
    // late a loaded machine makes it): its return rebuilds everything from it.
    const after = lastBuild();
    renameSync(site.path('content'), site.path('moved'));
    const gone = await rebuild(after, (d) => d.files.includes(INSTALL));
    renameSync(site.path('moved'), site.path('content'));
    expect((await rebuild((gone.data as Build).build, (d) => d.files.includes('content'))).event).toBe('reload');
    await saveInstall('returned');
    expect(watch.output()).not.toMatch(/Error:|ELOOP/);
  });
});
