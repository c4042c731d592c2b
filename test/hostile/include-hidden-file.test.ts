// README's trust model: hidden files (.env, .npmrc, .git/) are never read or
// published. The content walker skips them and refuses a link into one, but a
// code include (```ts include=…) is checked only to stay inside the content
// folder: `include=../.env` reads a hidden file of the content folder (a local,
// untracked .env beside site.config.ts holding a token) and publishes it in
// the page, its Markdown twin and llms-full.txt.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { freshCheckout, INSTALLATION } from './support/fresh-checkout.ts';

const fresh = freshCheckout();
const TOKEN = 'ghp_k10includehidden00000000000000000000';

describe('a code include that names a hidden file of the content folder', () => {
  it('publishes nothing of content/.env', async () => {
    writeFileSync(join(fresh.checkout, 'content/.env'), `API_TOKEN=${TOKEN}\n`);
    writeFileSync(join(fresh.checkout, 'content/docs/installation.md'), `${INSTALLATION}\n\`\`\`sh include=../.env\n\`\`\`\n`);
    const { output } = await fresh.build();
    expect(fresh.filesHolding(TOKEN), output).toEqual([]);
  }, 180_000);
});
