// A Stryker ignorer that reads the equivalent mutants listed in
// stryker.config.mjs: every mutant inside a node whose source text is exactly
// an entry's `code`, in that entry's file, is ignored with the entry's reason.
import { relative } from 'node:path';
import { declareValuePlugin, PluginKind } from '@stryker-mutator/api/plugin';
import { equivalents } from '../../stryker.config.mjs';

const byFile = new Map();
for (const e of equivalents) byFile.set(e.file, [...(byFile.get(e.file) ?? []), e]);

export const strykerPlugins = [
  declareValuePlugin(PluginKind.Ignore, 'equivalents', {
    shouldIgnore(path) {
      const file = path.hub?.file;
      if (!file || path.node.start == null) return undefined;
      const entries = byFile.get(relative(process.cwd(), file.opts.filename).split('\\').join('/'));
      if (!entries) return undefined;
      const code = file.code.slice(path.node.start, path.node.end);
      return entries.find((e) => e.code === code)?.reason;
    },
  }),
];
