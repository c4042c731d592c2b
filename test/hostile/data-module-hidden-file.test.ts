// README's trust model: hidden files (.env, .npmrc, .git/) are never read or
// published. A data module (the file a ```table reads) is bundled with the
// files it imports, which must lie inside the content folder; whether one is a
// hidden file is not asked. `import env from '../.env' with { type: 'text' }`
// (esbuild reads any file as text so) puts a local, untracked content/.env
// into the table of the page, its Markdown twin and llms-full.txt.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { freshCheckout, INSTALLATION } from './support/fresh-checkout.ts';

const fresh = freshCheckout();
const TOKEN = 'ghp_k10datamodulehidden0000000000000000000';

describe('a data module that imports a hidden file of the content folder', () => {
  it('publishes nothing of content/.env', async () => {
    writeFileSync(join(fresh.checkout, 'content/.env'), `API_TOKEN=${TOKEN}\n`);
    mkdirSync(join(fresh.checkout, 'content/docs/data'), { recursive: true });
    writeFileSync(join(fresh.checkout, 'content/docs/data/settings.ts'), "import env from '../../.env' with { type: 'text' };\nexport const rows = env.trim().split('\\n').map((line) => ({ name: line }));\n");
    writeFileSync(join(fresh.checkout, 'content/docs/installation.md'), `${INSTALLATION}\n\`\`\`table rows=./data/settings.ts#rows\nSetting = \`name\`\n\`\`\`\n`);
    const { output } = await fresh.build();
    expect(fresh.filesHolding(TOKEN), output).toEqual([]);
  }, 180_000);
});
