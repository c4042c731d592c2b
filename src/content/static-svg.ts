// A static .svg file is checked as a browser reads it: as XML (image/svg+xml),
// never with the HTML parser, which reads a nested <title> as an HTML title
// whose content is text, so a <script> inside it is text to the check and a
// script to the browser. The tree of a well-formed file goes through the
// allow-list (svg-allow-list.ts) by namespace: an element passes only when it
// is unprefixed, on the list and in the SVG namespace. A file that is not
// well-formed XML is refused with the parser's reason and line (a browser
// shows an error page, but a lenient reader could still find markup in it).
// A DOCTYPE can declare entities that expand to markup and <?xml-stylesheet?>
// can run XSLT: both are refused.
import type { Element, Nodes, Root } from 'xast';
import { fromXml } from 'xast-util-from-xml';
import type { MarkupProblem } from '../shared/safe-html.ts';
import { svgAttributeProblem, SVG_ELEMENTS, SVG_NAMESPACE } from './svg-allow-list.ts';
import { isSpace, trimRun } from '../shared/linear-text.ts';

const at = (node: Nodes): Pick<MarkupProblem, 'line' | 'column'> => ({ line: node.position?.start.line, column: node.position?.start.column });

/** The first thing in an SVG file's text that could run script or that the allow-list refuses, if any. */
export function svgProblem(text: string): MarkupProblem | undefined {
  let tree: Root;
  try {
    tree = fromXml(text);
  } catch (e) {
    return notWellFormed(e);
  }
  for (const [i, node] of tree.children.entries()) {
    if (node.type === 'doctype') return { ...at(node), what: 'a DOCTYPE, which in an SVG file can declare entities that expand to markup' };
    if (node.type === 'instruction' && !(node.name === 'xml' && i === 0)) {
      return { ...at(node), what: `the processing instruction <?${node.name}?> (only the XML declaration is allowed: <?xml-stylesheet?> can run XSLT)` };
    }
    if (node.type !== 'element') continue;
    if (node.name !== 'svg') return { ...at(node), what: `the root element <${node.name}> (an SVG file holds one <svg> element)` };
    return elementProblem(node, undefined);
  }
  return { what: 'no <svg> element' };
}

/** `namespace`: the default namespace in scope (declared by an ancestor's xmlns=). */
function elementProblem(node: Element, namespace: string | undefined): MarkupProblem | undefined {
  const { name } = node;
  if (!SVG_ELEMENTS.has(name)) {
    return { ...at(node), what: name === 'script' ? 'a <script> element' : `a <${name}> element, which is not on the list of allowed SVG` };
  }
  for (const [key, value] of Object.entries(node.attributes)) {
    const what = svgAttributeProblem(name, key, value ?? '');
    if (what) return { ...at(node), what };
  }
  // xmlns= can only name the SVG namespace (above): without it the element is in no namespace.
  const own = node.attributes.xmlns ?? namespace;
  if (own !== SVG_NAMESPACE) return { ...at(node), what: `a <${name}> element outside the SVG namespace (write xmlns="${SVG_NAMESPACE}" on the <svg> element)` };
  for (const child of node.children) {
    const problem = child.type === 'element' ? elementProblem(child, own) : undefined;
    if (problem) return problem;
  }
  return undefined;
}

/** The parser's reason (`Named entity isn't defined: &x;`) at its line and column. */
function notWellFormed(e: unknown): MarkupProblem {
  const error = e as { line?: number; column?: number; cause?: { message?: string }; message?: string };
  const reason = withoutPosition((error.cause?.message ?? error.message ?? String(e)).split('\n')[0]!);
  return { line: error.line, column: error.column, what: `XML that is not well-formed (${reason}), which a browser shows as an error instead of the image` };
}

/** `text.replace(/\s*\(line \d+, column \d+\)$/, '')`, anchored at the last `(line `. */
function withoutPosition(text: string): string {
  const at = text.lastIndexOf('(line ');
  return at >= 0 && /^\(line \d+, column \d+\)$/.test(text.slice(at)) ? trimRun(text.slice(0, at), isSpace) : text;
}
