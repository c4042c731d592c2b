// Watch mode's bundler builds again only what an edit feeds, and gives what a
// fresh bundle of the same files gives.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bundleClient, ClientBundler, type Bundle } from '../../../src/bundle/bundle.ts';
import { createFixture, type Fixture } from '../../dev/helpers/fixture.ts';

let site: Fixture;
let bundler: ClientBundler;

beforeAll(async () => {
  site = await createFixture('client-bundler');
  bundler = new ClientBundler(site.root);
});

afterAll(async () => {
  await bundler?.dispose();
  await site?.remove();
});

const searchFile = (b: Bundle) => b.files.find((f) => f.url === b.search)!;

async function edit(rel: string, change: (text: string) => string): Promise<string> {
  await site.write(rel, change(await site.read(rel)));
  return site.path(rel);
}

describe('ClientBundler', () => {
  it('builds the search chunk again only when an edit feeds it, and always as a fresh bundle would', async () => {
    const first = await bundler.bundle();
    // A layout edit: a new page script, the very search chunk of the last build.
    const footer = await edit('templates/layout/Footer.tsx', (t) => t.replace('</footer>', '<p>Edited</p></footer>'));
    const layout = await bundler.bundle(new Set([footer]));
    expect(layout.script).not.toBe(first.script);
    expect(searchFile(layout).contents).toBe(searchFile(first).contents);
    // A search edit: the search chunk is built again.
    const dialog = await edit('client/search/dialog.tsx', (t) => `${t}\nconsole.debug('edited search');\n`);
    const search = await bundler.bundle(new Set([dialog]));
    expect(search.search).not.toBe(layout.search);
    // A file no build read before (it may be what an import resolves to now): everything is built again.
    const added = site.path('templates/layout/Added.tsx');
    await site.write('templates/layout/Added.tsx', 'export const added = 1;\n');
    const again = await bundler.bundle(new Set([footer, added]));
    expect(searchFile(again).contents).not.toBe(searchFile(search).contents);
    const fresh = await bundleClient(site.root);
    expect([again.script, again.style, again.search]).toEqual([fresh.script, fresh.style, fresh.search]);
  });
});
