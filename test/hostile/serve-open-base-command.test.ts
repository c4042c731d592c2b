// `pkidocs serve --open` opens `server.url + base`, where base is read back
// from out/404.html's <meta name="pkidocs:base-url"> (src/output/site-base.ts)
// and checked only for its shape: path segments of anything but / ? #. out/
// between runs is content, and serve without --watch does not rebuild an out/
// that holds an index.html, so a committed 404.html names the base. On Windows
// the URL is handed to `cmd /c start "" <url>` (src/dev/open.ts): cmd splits
// its command line at & | < >, so a base of `/docs&calc&/` runs calc. cmd.exe
// cannot run here: the test checks the command line pkidocs builds for it.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { browserCommand } from '../../src/dev/open.ts';
import { siteBase } from '../../src/output/site-base.ts';

const TMP = mkdtempSync(join(tmpdir(), 'pkidocs-open-base-'));
afterAll(() => rmSync(TMP, { recursive: true, force: true }));

describe('serve --open with the base URL of a committed out/', () => {
  it('hands cmd no command separator from out/404.html', () => {
    const out = join(TMP, 'out');
    mkdirSync(out, { recursive: true });
    writeFileSync(join(out, '404.html'), '<!doctype html><html><head><meta name="pkidocs:base-url" content="/docs&calc.exe&/"></head><body></body></html>\n');
    const base = siteBase(out)();
    const launcher = browserCommand(`http://127.0.0.1:3000${base}`, 'win32');
    // cmd runs, or nothing is launched; an unescaped & | < > in cmd's command line starts another command.
    const unsafe = (launcher?.[1] ?? []).filter((a) => /(?<!\^)[&|<>]/.test(a));
    expect({ base, unsafe }).toEqual({ base: '/', unsafe: [] });
    expect(launcher?.[0]).toBe('cmd');
  });

  it('launches nothing on Windows for a URL cmd would split, whatever its source', () => {
    expect(browserCommand('http://127.0.0.1:3000/docs&calc.exe&/', 'win32')).toBeUndefined();
    expect(browserCommand('http://127.0.0.1:3000/%PATH%/', 'win32')).toBeUndefined();
    expect(browserCommand('http://127.0.0.1:3000/PKI.js/', 'win32')).toEqual(['cmd', ['/c', 'start', '""', 'http://127.0.0.1:3000/PKI.js/']]);
  });
});
