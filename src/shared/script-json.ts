// The one way a value enters an inline <script>: JSON, with the characters
// that could end the element or change how it parses escaped as JSON escapes
// (`<` `>` `&`, so no `</script>` or `<!--`; U+2028/U+2029, line terminators
// in older JavaScript). The result is a JavaScript expression and valid JSON
// alike, equal to the value it came from.

const UNSAFE = /[<>&\u2028\u2029]/g;
const escape = (c: string): string => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`;

/** JSON text made already (a page's JSON, reused for its chunk), made safe inside a <script>. */
export function scriptSafeJson(json: string): string {
  return json.replace(UNSAFE, escape);
}

/** A value as a JavaScript literal that is safe inside a <script>. */
export function scriptJson(value: unknown): string {
  return scriptSafeJson(JSON.stringify(value));
}
