// Heading ids and the anchors that link to them are slugged the same way. An
// emoji is often followed by a variation selector (U+FE0F, "show as emoji"):
// GitHub's slugger keeps it in the id while an author's `#-features` does not,
// so neither ids nor anchors carry one (raw or percent-encoded).
const VARIATION_SELECTOR = /[\uFE00-\uFE0F]|%EF%B8%8[0-9A-F]/gi;

export function withoutVariationSelectors(text: string): string {
  return text.replace(VARIATION_SELECTOR, '');
}
