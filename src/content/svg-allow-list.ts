// The SVG a static image may hold: shapes, text, gradients, clip paths and
// masks, with their geometry and presentation attributes. Everything else is
// refused: <script>, <style> and the style attribute, <foreignObject> (HTML
// inside), <a>, <image>, animation (<set>/<animate> can write a javascript:
// URL into an href), event handlers, and an href that leads anywhere but to
// an element of the same file. Names are those of the hast tree
// (hast-util-from-parse5): `stroke-width` is strokeWidth, `xlink:href` is xLinkHref.
import type { Properties } from 'hast';

export const SVG_ELEMENTS: ReadonlySet<string> = new Set([
  'svg', 'g', 'defs', 'symbol', 'use', 'title', 'desc',
  'path', 'rect', 'circle', 'ellipse', 'line', 'polyline', 'polygon', 'text', 'tspan',
  'linearGradient', 'radialGradient', 'stop', 'clipPath', 'mask', 'pattern',
]);

const ATTRIBUTES: ReadonlySet<string> = new Set([
  'id', 'className', 'lang', 'xmlSpace', 'role', 'ariaLabel', 'ariaHidden', 'ariaLabelledBy', 'ariaDescribedBy', 'focusable', 'version',
  'width', 'height', 'viewBox', 'preserveAspectRatio', 'x', 'y', 'x1', 'y1', 'x2', 'y2', 'cx', 'cy', 'r', 'rx', 'ry', 'fx', 'fy',
  'dx', 'dy', 'd', 'points', 'pathLength', 'transform', 'offset',
  'fill', 'fillOpacity', 'fillRule', 'stroke', 'strokeWidth', 'strokeLineCap', 'strokeLineJoin', 'strokeMiterLimit',
  'strokeDashArray', 'strokeDashOffset', 'strokeOpacity', 'opacity', 'color', 'clipPath', 'clipRule', 'mask', 'visibility',
  'display', 'overflow', 'vectorEffect', 'shapeRendering', 'textRendering', 'colorInterpolation',
  'fontFamily', 'fontSize', 'fontWeight', 'fontStyle', 'textAnchor', 'dominantBaseline', 'letterSpacing', 'textDecoration',
  'stopColor', 'stopOpacity', 'gradientUnits', 'gradientTransform', 'spreadMethod', 'patternUnits', 'patternContentUnits',
  'patternTransform', 'clipPathUnits', 'maskUnits', 'maskContentUnits',
]);

/** Namespace declarations are allowed only for the namespaces they must name. */
const NAMESPACES: Readonly<Record<string, string>> = { xmlns: 'http://www.w3.org/2000/svg', xmlnsXLink: 'http://www.w3.org/1999/xlink' };
/** A reference to an element of the same file (`#id`), on <use> only. */
const HREFS = new Set(['href', 'xLinkHref']);

/** Why this attribute is refused, as a noun phrase for messages; undefined when it is allowed. */
export function svgAttributeProblem(tagName: string, key: string, value: Properties[string]): string | undefined {
  const on = `<${tagName}>`;
  if (/^on/i.test(key)) return `an inline event handler (${key.toLowerCase()}=) on ${on}`;
  if (key in NAMESPACES) return value === NAMESPACES[key] ? undefined : `the namespace declaration ${key}="${String(value)}" on ${on}`;
  if (HREFS.has(key)) return tagName === 'use' && /^#[\w.:-]+$/.test(String(value)) ? undefined : `the link ${key === 'href' ? 'href' : 'xlink:href'}="${String(value)}" on ${on} (only <use href="#id"> is allowed)`;
  if (key === 'style') return `the style attribute on ${on} (write presentation attributes such as fill= instead)`;
  return ATTRIBUTES.has(key) ? undefined : `the attribute ${key} on ${on}, which is not on the list of allowed SVG`;
}
