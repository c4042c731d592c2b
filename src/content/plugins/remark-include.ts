// ```ts include=./file.ts            → the whole file
// ```ts include=./file.ts#region     → the lines between `// #region region` and `// #endregion`
// Region marker lines are never shown. A missing file or region is an error
// naming the page and line. Includes resolve inside the content folder only:
// an absolute path, a `..` escape or a link leading out is an error, so a page
// can never publish /etc/passwd or /proc/self/environ.
import { dirname, isAbsolute, relative, resolve } from 'node:path';
import type { Code, Root } from 'mdast';
import { visit } from 'unist-util-visit';
import type { VFile } from 'vfile';
import { error } from '../../diagnostics/diagnostic.ts';
import { problemAt, readContentFile, realpathOrUndefined } from '../read-file.ts';
import { oneOf, trimRun } from '../../shared/linear-text.ts';
import { isInside } from '../../shared/path-inside.ts';

const REGION = /^\s*\/\/\s*#(region|endregion)\b\s*(\S*)/;

export function extractRegion(text: string, name: string | undefined): string | undefined {
  const lines = text.split('\n');
  if (!name) return lines.filter((l) => !REGION.test(l)).join('\n');
  const start = lines.findIndex((l) => REGION.exec(l)?.[1] === 'region' && REGION.exec(l)?.[2] === name);
  if (start < 0) return undefined;
  const body: string[] = [];
  for (const line of lines.slice(start + 1)) {
    const m = REGION.exec(line);
    if (m?.[1] === 'endregion' && (m[2] === '' || m[2] === name)) break;
    if (!m) body.push(line);
  }
  return dedent(body).join('\n');
}

function dedent(lines: string[]): string[] {
  const indents = lines.filter((l) => l.trim()).map((l) => /^ */.exec(l)![0].length);
  const cut = indents.length ? Math.min(...indents) : 0;
  return lines.map((l) => l.slice(cut));
}

export default function remarkInclude() {
  return (tree: Root, file: VFile) => {
    const ctx = file.data.doc;
    if (!ctx) return;
    visit(tree, 'code', (node: Code) => {
      const m = /(?:^|\s)include=(\S+)/.exec(node.meta ?? '');
      if (!m) return;
      const [target = '', region] = m[1]!.split('#');
      const line = (node.position?.start.line ?? 1) + ctx.lineOffset;
      const abs = resolve(dirname(ctx.source), target);
      if (isAbsolute(target) || !isInside(abs, resolve(ctx.contentDir), { orSelf: true })) {
        ctx.report(error('content', 'content/include-outside', `The code block includes "${target}", which is outside the content folder. Includes are read from the content folder only.`, {
          file: ctx.source, line, hint: 'Use a path relative to the page that stays inside the content folder (no absolute path, no ../ out of it).',
        }));
        return;
      }
      if (realpathOrUndefined(abs) === undefined) {
        ctx.report(error('content', 'content/missing-include', `The code block includes "${target}", which does not exist.`, {
          file: ctx.source, line, hint: `Create ${relative(process.cwd(), abs)} or fix the include path (relative to the page).`,
        }));
        return;
      }
      const read = readContentFile(abs, {
        boundary: realpathOrUndefined(ctx.contentDir) ?? ctx.contentDir,
        boundaryName: 'the content folder',
        maxBytes: ctx.maxIncludeBytes,
        hiddenBelow: ctx.contentDir,
      });
      if (read.problem) {
        ctx.report(problemAt(read.problem, ctx.source, line));
        return;
      }
      const text = read.text;
      ctx.dependencies.add(abs);
      const code = extractRegion(text, region);
      if (code === undefined) {
        ctx.report(error('content', 'content/missing-region', `The code block includes region "${region}" of "${target}", but that file has no "// #region ${region}".`, {
          file: ctx.source, line, hint: 'Add the region markers to the file or fix the region name.',
        }));
        return;
      }
      node.value = trimRun(code, oneOf('\n'));
      node.meta = (node.meta ?? '').replace(m[0], '').trim() || null;
    });
  };
}
