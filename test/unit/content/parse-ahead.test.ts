// A tree parsed by the code collector (while TypeDoc converts) is taken by the
// next render of the same text instead of parsing again: that render must see
// the tree as parsed, never as the collector's plugins left it.
import type { Root } from 'mdast';
import { visit } from 'unist-util-visit';
import { describe, expect, it } from 'vitest';
import { createMarkdown } from '../../../src/content/markdown.ts';

/** A remark plugin that rewrites every text node in place, as include and table plugins rewrite theirs. */
const scribble = () => (tree: Root) => visit(tree, 'text', (node) => void (node.value = 'scribbled'));

describe('trees parsed ahead', () => {
  it('are handed on unchanged by the plugins of the pipeline that parsed them', () => {
    const text = '# Title\n\nSome *words* and a [link](https://example.org).\n';
    const fresh = createMarkdown({ highlighter: undefined })(text).html;
    const collector = createMarkdown({ highlighter: undefined, remarkPlugins: [scribble], keepParsed: true });
    expect(collector(text).html).toContain('scribbled');
    // The second pipeline takes the kept tree (no parse): the text is the author's, not the collector's.
    expect(createMarkdown({ highlighter: undefined })(text).html).toBe(fresh);
  });

  it('are taken once: a second render of the same text parses it again', () => {
    const text = 'Only *once* here.\n';
    const collector = createMarkdown({ highlighter: undefined, remarkPlugins: [scribble], keepParsed: true });
    collector(text);
    const render = createMarkdown({ highlighter: undefined, remarkPlugins: [scribble] });
    // Both renders scribble their own tree; the second one had nothing kept to take, and parsed.
    expect(render(text).html).toBe('<p>scribbled<em>scribbled</em>scribbled</p>');
    expect(render(text).html).toBe('<p>scribbled<em>scribbled</em>scribbled</p>');
    expect(createMarkdown({ highlighter: undefined })(text).html).toBe('<p>Only <em>once</em> here.</p>');
  });
});
