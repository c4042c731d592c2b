// The project's vitest config without its global setup, for test/dev/loop.sh:
// the watch suites build their own fixture sites and never read the real site
// that the global setup builds (~30 s a run, and into one shared folder).
import { configDefaults, defineConfig } from 'vitest/config';
import base from '../../vitest.config.ts';

export default defineConfig({
  ...base,
  // test/.tmp can hold other tests' copies of the repository (a symlink back to it).
  test: { ...base.test, globalSetup: [], exclude: [...configDefaults.exclude, 'test/.tmp/**'] },
});
