#!/usr/bin/env node
// Entry point. It checks the Node.js version before anything else is loaded:
// an older Node would otherwise fail on a missing API or newer syntax with a
// message that names neither the cause nor the fix. This file and
// node-version.js use only syntax that old releases parse; the CLI itself is
// loaded by run.js once the check passed.
import { nodeVersionProblem } from './node-version.js';

var problem = nodeVersionProblem(process.versions.node);
if (problem) {
  process.stderr.write(problem + '\n');
  process.exitCode = 2; // ExitCode.Config: the environment, not a bug
} else {
  import('./run.js');
}
