import { Editor } from "@tiptap/core";
import { afterEach, describe, expect, it } from "vitest";
import * as Y from "yjs";

import { deriveTitleAndBody, plainPreview } from "@/lib/notes/derive";
import { editorExtensions } from "@/lib/notes/editor-extensions";
import { markdownStart } from "@/lib/notes/editor/markdown-start";

const editors: Editor[] = [];
afterEach(() => editors.splice(0).forEach((e) => e.destroy()));

function withContent(html: string): Editor {
  const editor = new Editor({ extensions: editorExtensions(new Y.Doc()) });
  editors.push(editor);
  editor.commands.setContent(html);
  return editor;
}

const part = (i: number) =>
  `<h2>Part ${i}</h2><p>Some <strong>bold</strong> words and an <em>aside</em>, then a sentence that runs on.</p><ul><li><p>one</p></li></ul>`;

describe("the start of a note as Markdown", () => {
  it("a long note gives the same title and list preview as the whole note, from its first blocks only", () => {
    const editor = withContent(
      `<p></p><h1>Trip <em>plan</em></h1>${Array.from({ length: 600 }, (_, i) => part(i)).join("")}`,
    );
    const whole = editor.getMarkdown();
    const start = markdownStart(editor);
    expect(start.length).toBeLessThan(whole.length / 10);
    expect(whole.startsWith(start.trimEnd())).toBe(true);
    const [a, b] = [deriveTitleAndBody(whole), deriveTitleAndBody(start)];
    expect(b.title).toMatch(/^Trip /);
    expect(b.title).toBe(a.title);
    expect(plainPreview(b.body)).toBe(plainPreview(a.body));
  });

  it("a short note, or one whose first words come late, is written out whole", () => {
    const short = withContent("<h1>Milk</h1><p>eggs, bread</p>");
    expect(markdownStart(short)).toBe(short.getMarkdown());
    const late = withContent(`${"<p></p>".repeat(300)}<p>Finally a title</p><p>and words</p>`);
    expect(deriveTitleAndBody(markdownStart(late))).toEqual(deriveTitleAndBody(late.getMarkdown()));
  });
});
