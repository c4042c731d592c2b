import { readFileSync } from 'node:fs';
import { createHighlighter } from 'shiki';
import { createJavaScriptRegexEngine } from 'shiki/engine/javascript';
const blocks: [string, string][] = JSON.parse(readFileSync('/tmp/blocks.json', 'utf8'));
const langs = ['ts', 'tsx', 'js', 'jsx', 'json', 'bash', 'shell', 'html', 'text'];
const byLang: Record<string, number> = {}; for (const [t, l] of blocks) byLang[l] = (byLang[l] ?? 0) + t.split('\n').length; console.log(byLang);
const which = process.argv[2];
let s = performance.now();
const hl = await createHighlighter({ themes: ['github-dark'], langs, ...(which === 'js' ? { engine: createJavaScriptRegexEngine() } : {}) });
console.log(which, 'load', (performance.now() - s).toFixed(0));
const outs: string[] = [];
for (let r = 0; r < 3; r++) {
  s = performance.now();
  for (const [code, lang] of blocks) { const h = hl.codeToHtml(code, { lang, theme: 'github-dark', tokenizeTimeLimit: 0 }); if (r === 0) outs.push(h); }
  console.log(which, 'pass', r, (performance.now() - s).toFixed(0));
}
if (process.argv[3]) { const fs = await import('node:fs'); fs.writeFileSync(process.argv[3], JSON.stringify(outs)); }
