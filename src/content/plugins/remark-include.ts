// ```ts include=./file.ts            → the whole file
// ```ts include=./file.ts#region     → the lines between `// #region region` and `// #endregion`
// Region marker lines are never shown. A missing file or region is an error
// naming the page and line.
import { readFileSync } from 'node:fs';
import { dirname, relative, resolve } from 'node:path';
import type { Code, Root } from 'mdast';
import { visit } from 'unist-util-visit';
import type { VFile } from 'vfile';
import { error } from '../../diagnostics/diagnostic.ts';

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
      const abs = resolve(dirname(ctx.source), target);
      const line = (node.position?.start.line ?? 1) + ctx.lineOffset;
      let text: string;
      try {
        text = readFileSync(abs, 'utf8');
      } catch {
        ctx.report(error('content', 'content/missing-include', `The code block includes "${target}", which does not exist.`, {
          file: ctx.source, line, hint: `Create ${relative(process.cwd(), abs)} or fix the include path (relative to the page).`,
        }));
        return;
      }
      ctx.dependencies.add(abs);
      const code = extractRegion(text, region);
      if (code === undefined) {
        ctx.report(error('content', 'content/missing-region', `The code block includes region "${region}" of "${target}", but that file has no "// #region ${region}".`, {
          file: ctx.source, line, hint: 'Add the region markers to the file or fix the region name.',
        }));
        return;
      }
      node.value = code.replace(/\n+$/, '');
      node.meta = (node.meta ?? '').replace(m[0], '').trim() || null;
    });
  };
}
