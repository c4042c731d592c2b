// HTML escaping for strings built by hand (the API renderer, the document head).
// Shared so the build and the browser escape alike.

const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' };

/** Escapes text for double-quoted attribute values (and element content). */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"]/g, (c) => ENTITIES[c]!);
}

/** Escapes element content; quotes need no escaping there (type literals are full of them). */
export function escapeText(text: string): string {
  return text.replace(/[&<>]/g, (c) => ENTITIES[c]!);
}
