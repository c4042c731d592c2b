// The SVG a static image may hold: shapes, text, gradients, clip paths and
// masks, with their geometry and presentation attributes. Everything else is
// refused: <script>, <style> and the style attribute, <foreignObject> (HTML
// inside), <a>, <image>, animation (<set>/<animate> can write a javascript:
// URL into an href), event handlers, and an href that leads anywhere but to
// an element of the same file. Names are the XML names as the file spells
// them (XML is case-sensitive): `stroke-width`, `viewBox`, `xlink:href`.

export const SVG_NAMESPACE = 'http://www.w3.org/2000/svg';
const XLINK_NAMESPACE = 'http://www.w3.org/1999/xlink';

export const SVG_ELEMENTS: ReadonlySet<string> = new Set([
  'svg', 'g', 'defs', 'symbol', 'use', 'title', 'desc',
  'path', 'rect', 'circle', 'ellipse', 'line', 'polyline', 'polygon', 'text', 'tspan',
  'linearGradient', 'radialGradient', 'stop', 'clipPath', 'mask', 'pattern',
]);

const ATTRIBUTES: ReadonlySet<string> = new Set([
  'id', 'class', 'lang', 'xml:lang', 'xml:space', 'role', 'aria-label', 'aria-hidden', 'aria-labelledby', 'aria-describedby', 'focusable', 'version',
  'width', 'height', 'viewBox', 'preserveAspectRatio', 'x', 'y', 'x1', 'y1', 'x2', 'y2', 'cx', 'cy', 'r', 'rx', 'ry', 'fx', 'fy',
  'dx', 'dy', 'd', 'points', 'pathLength', 'transform', 'offset',
  'fill', 'fill-opacity', 'fill-rule', 'stroke', 'stroke-width', 'stroke-linecap', 'stroke-linejoin', 'stroke-miterlimit',
  'stroke-dasharray', 'stroke-dashoffset', 'stroke-opacity', 'opacity', 'color', 'clip-path', 'clip-rule', 'mask', 'visibility',
  'display', 'overflow', 'vector-effect', 'shape-rendering', 'text-rendering', 'color-interpolation',
  'font-family', 'font-size', 'font-weight', 'font-style', 'text-anchor', 'dominant-baseline', 'letter-spacing', 'text-decoration',
  'stop-color', 'stop-opacity', 'gradientUnits', 'gradientTransform', 'spreadMethod', 'patternUnits', 'patternContentUnits',
  'patternTransform', 'clipPathUnits', 'maskUnits', 'maskContentUnits',
]);

/**
 * Namespace declarations are allowed only for the namespaces they must name,
 * so an unprefixed element is in the SVG namespace or in none, and the only
 * prefixes in use are xlink: and xml:.
 */
const NAMESPACES: Readonly<Record<string, string>> = { xmlns: SVG_NAMESPACE, 'xmlns:xlink': XLINK_NAMESPACE };
/** A reference to an element of the same file (`#id`), on <use> only. */
const HREFS = new Set(['href', 'xlink:href']);

/** Why this attribute is refused, as a noun phrase for messages; undefined when it is allowed. */
export function svgAttributeProblem(tagName: string, name: string, value: string): string | undefined {
  const on = `<${tagName}>`;
  if (/^on/i.test(name)) return `an inline event handler (${name}=) on ${on}`;
  if (name === 'xmlns' || name.startsWith('xmlns:')) return value === NAMESPACES[name] ? undefined : `the namespace declaration ${name}="${value}" on ${on}`;
  if (HREFS.has(name)) return tagName === 'use' && /^#[\w.:-]+$/.test(value) ? undefined : `the link ${name}="${value}" on ${on} (only <use href="#id"> is allowed)`;
  if (name === 'style') return `the style attribute on ${on} (write presentation attributes such as fill= instead)`;
  return ATTRIBUTES.has(name) ? undefined : `the attribute ${name} on ${on}, which is not on the list of allowed SVG`;
}
