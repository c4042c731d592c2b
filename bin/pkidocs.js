#!/usr/bin/env node
// Entry point: registers tsx so the TypeScript sources (CLI, templates, the
// site config and page modules) run without a separate compile step.
import { register } from 'tsx/esm/api';

// React's development build is several times slower at renderToString.
process.env.NODE_ENV ??= 'production';

register();
const { main } = await import('../src/cli/main.ts');
process.exitCode = await main(process.argv);
