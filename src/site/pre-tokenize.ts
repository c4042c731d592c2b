// A cold build waits seconds for TypeDoc, which converts the library in a
// child process on the other core. Meanwhile this process runs shiki's grammar
// over the code blocks of the Markdown pages: the costly half of highlighting
// (most of a cold render), and the half that needs no API model. The render
// then only links API names in the grammar's output (src/content/highlight.ts).
// It stops as soon as the model is there, and it can change no output: the
// grammar's output depends on the code alone, and nothing else is kept.
// A warm build (the highlight cache holds entries) skips it: there the pages'
// code comes from that cache or their bodies from the page cache, and the
// grammar run ahead was CPU taken from TypeDoc for nothing (a d.ts edit: ~5 s).
import { setImmediate as nextTurn } from 'node:timers/promises';
import type { SiteConfig } from '../config/schema.ts';
import { createCodeCollector } from '../content/doc-markdown.ts';
import { highlightCacheEmpty, tokenize } from '../content/highlight.ts';
import { renderDoc } from '../content/render-docs.ts';
import type { Content } from './types.ts';

/** Starts once `ready` settles (the content, and the other stages' first steps); `done` says the model has come. */
export async function preTokenizeDocs(ready: Promise<Content>, config: SiteConfig, contentDir: string, done: () => boolean): Promise<void> {
  try {
    const { docs, highlighter } = await ready;
    if (!highlightCacheEmpty()) return;
    const hl = await highlighter();
    const blocks: [code: string, lang: string][] = [];
    const markdown = createCodeCollector(hl, (code, lang) => blocks.push([code, lang]));
    const ctx = { markdown, routeOfFile: () => undefined, contentDir, maxPageBytes: config.limits.maxPageBytes };
    for (const doc of docs) {
      renderDoc(doc, ctx);
      // One block per turn: the event loop (TypeDoc's exit, esbuild's replies) is never kept waiting long.
      for (let block = blocks.shift(); block; block = blocks.shift()) {
        await nextTurn();
        if (done()) return;
        tokenize(hl, ...block);
      }
    }
  } catch {
    // Whatever failed here fails again in the render, which reports it.
  }
}
