// Claims of "Migrating from 3.x to 4.0", each shown by running the guide's
// before/after files in a project with the release under test installed.
import * as pkijs332 from 'pkijs';
import { expect } from 'vitest';
import type { Claim } from '../support/note-claims.ts';
import { runInProject, type Run } from '../support/project.ts';
import { releaseOf } from '../support/pkijs-versions.ts';

const GUIDE = 'content/docs/guides/migrating-to-4.md';
const DIR = 'content/docs/guides/migrating-to-4';

const loaded = (run: Run) => expect(run, run.stderr).toMatchObject({ status: 0, stdout: 'function' });
const fails = (run: Run, error: RegExp) => expect({ status: run.status === 0 ? 0 : 'failed', stderr: run.stderr }).toMatchObject({ status: 'failed', stderr: expect.stringMatching(error) });

export const migration4Claims: Claim[] = [
  {
    file: GUIDE,
    quote: '3.x CommonJS code that requires it keeps working.',
    async holds(pk) {
      loaded(runInProject(releaseOf(pk), `${DIR}/require-before.cjs`));
    },
  },
  {
    file: GUIDE,
    quote: '`require(\'pkijs\')` throws `ERR_REQUIRE_ESM`.',
    async holds(pk) {
      fails(runInProject(releaseOf(pk), `${DIR}/require-before.cjs`, ['--no-experimental-require-module']), /ERR_REQUIRE_ESM/);
    },
  },
  {
    file: GUIDE,
    quote: 'the same `import pkijs from \'pkijs\'` stops the module before it runs',
    async holds(pk) {
      fails(runInProject(releaseOf(pk), `${DIR}/import-before.mjs`), /SyntaxError: The requested module 'pkijs' does not provide an export named 'default'/);
    },
  },
  {
    file: GUIDE,
    quote: 'Any other path into the package, such as `pkijs/build/index.js`, fails with `ERR_PACKAGE_PATH_NOT_EXPORTED`.',
    async holds(pk) {
      fails(runInProject(releaseOf(pk), `${DIR}/deep-before.mjs`), /ERR_PACKAGE_PATH_NOT_EXPORTED/);
    },
  },
  {
    file: GUIDE,
    quote: 'every export of 3.3.2 is in 4.0.0 under the same name.',
    async holds(pk) {
      // `default` is Node.js's view of 3.3.2's CommonJS build, not an export pkijs declares.
      const declared = Object.keys(pkijs332).filter((name) => name !== 'default');
      expect(declared.length).toBeGreaterThan(200);
      expect(declared.filter((name) => !(name in pk))).toEqual([]);
    },
  },
];
