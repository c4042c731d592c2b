// The before/after code of "Migrating from 3.x to 4.0", each file run in a
// project with pkijs 3.3.2 and with 4.0.0 installed: the "before" works on
// 3.3.2 and breaks on 4.0.0 as the guide says, the "after" works on both.
import { describe, expect, it } from 'vitest';
import { runInProject, type Run } from '../api-notes/support/project.ts';
import { INSTALLED_PKIJS } from '../api-notes/support/pkijs-versions.ts';

const DIR = 'content/docs/guides/migrating-to-4';
const release = (version: string) => INSTALLED_PKIJS.find((r) => r.version === version)!;
const [v3, v4] = [release('3.3.2'), release('4.0.0')];
/** How Node.js before 20.19 and 22.12 treats require() of an ES module. */
const NO_REQUIRE_ESM = ['--no-experimental-require-module'];

/** The run printed what the snippets print when pkijs loaded. */
const loaded = (run: Run) => expect(run, run.stderr).toMatchObject({ status: 0, stdout: 'function' });
const failed = (run: Run, error: RegExp) => {
  expect(run.status).not.toBe(0);
  expect(run.stderr).toMatch(error);
};

describe('migrating from 3.x to 4.0: before and after', () => {
  it('require(\'pkijs\') fails on 4.0.0 where Node.js cannot require an ES module; import() works on both', () => {
    loaded(runInProject(v3, `${DIR}/require-before.cjs`, NO_REQUIRE_ESM));
    failed(runInProject(v4, `${DIR}/require-before.cjs`, NO_REQUIRE_ESM), /ERR_REQUIRE_ESM/);
    loaded(runInProject(v4, `${DIR}/require-after.cjs`, NO_REQUIRE_ESM));
    loaded(runInProject(v3, `${DIR}/require-after.cjs`, NO_REQUIRE_ESM));
  });

  it('require(\'pkijs\') loads 4.0.0 on the Node.js versions its engines field allows', () => {
    const [major, minor] = process.versions.node.split('.').map(Number) as [number, number];
    expect(major > 22 || (major === 22 && minor >= 12) || (major === 20 && minor >= 19), `Node.js ${process.versions.node}`).toBe(true);
    loaded(runInProject(v4, `${DIR}/require-before.cjs`));
  });

  it('a default import fails on 4.0.0; a namespace import works on both', () => {
    loaded(runInProject(v3, `${DIR}/import-before.mjs`));
    failed(runInProject(v4, `${DIR}/import-before.mjs`), /SyntaxError: .*does not provide an export named 'default'/);
    loaded(runInProject(v4, `${DIR}/import-after.mjs`));
    loaded(runInProject(v3, `${DIR}/import-after.mjs`));
  });

  it('a path into the package fails on 4.0.0: its exports map allows only the package name', () => {
    loaded(runInProject(v3, `${DIR}/deep-before.mjs`));
    failed(runInProject(v4, `${DIR}/deep-before.mjs`), /ERR_PACKAGE_PATH_NOT_EXPORTED.*\.\/build\/index\.js/);
  });
});
