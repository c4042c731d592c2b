// The package's declaration file is content, and a doc comment may not make
// the build read a file. TypeDoc follows `{@include path}` and
// `{@includeCode path}` (pasted into the comment) and `@document path` (a
// page of its own) from the comment's file, anywhere on the machine:
// `{@include ../../../../etc/passwd}` put the file into an API page, its twin
// and its chunk. pkijs uses none of them, so they are switched off rather
// than confined: the tag is dropped and the build fails with an error naming
// it and where it was (a release of the package that uses them needs a look).
import { relative } from 'node:path';
import type { Application, CommentDisplayPart, Reflection } from 'typedoc';

const FILE_TAGS = new Set(['@include', '@includeCode']);

export function refuseFileTags(app: Application): void {
  const converter = app.converter;
  const warn = (tag: string, target: string, refl: Reflection): void => {
    // Relative: the message is kept in the API cache, which holds no path of the machine.
    const where = refl.comment?.sourcePath ? ` (${relative(process.cwd(), refl.comment.sourcePath)})` : '';
    app.logger.error(`${tag} ${target.trim()} in the doc comment of ${refl.getFriendlyFullName()}${where} was not followed: pkidocs reads no file a doc comment names (the type definitions are content).`);
  };
  // Runs where TypeDoc's own include pass would (on every comment and document it creates).
  converter.includePlugin.checkIncludeTagsParts = (refl: Reflection, _dir: string, parts: CommentDisplayPart[]): void => {
    for (let i = parts.length - 1; i >= 0; i--) {
      const part = parts[i]!;
      if (part.kind !== 'inline-tag' || !FILE_TAGS.has(part.tag)) continue;
      warn(`{${part.tag}}`, part.text, refl);
      parts.splice(i, 1);
    }
  };
  converter.processDocumentTags = (refl: Reflection): void => {
    for (const tag of refl.comment?.getTags('@document') ?? []) warn('@document', tag.content.map((p) => p.text).join(''), refl);
    refl.comment?.removeTags('@document');
  };
}
