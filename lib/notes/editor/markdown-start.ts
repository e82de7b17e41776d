import type { Editor } from "@tiptap/core";

/** Text enough for a title and the start of a body as the list shows them. */
const START_CHARS = 2_000;

/**
 * The Markdown of a note's first blocks, up to about `chars` characters of text: what this page
 * shows of the note before the server says so (its title and the start of its body). Writing a
 * 50,000-character note out whole held the page for a long task after each pause in typing, and a
 * key typed then waited it out.
 */
export function markdownStart(editor: Editor, chars = START_CHARS): string {
  const { doc } = editor.state;
  const content: ReturnType<(typeof doc)["toJSON"]>[] = [];
  let seen = 0;
  for (let i = 0; i < doc.childCount && seen < chars; i++) {
    const block = doc.child(i);
    content.push(block.toJSON());
    seen += block.textContent.length;
  }
  if (content.length === doc.childCount || !editor.markdown) return editor.getMarkdown();
  return editor.markdown.serialize({ type: "doc", content });
}
