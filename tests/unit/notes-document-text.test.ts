import { Editor } from "@tiptap/core";
import * as Y from "yjs";
import { describe, expect, it } from "vitest";

import { deriveTitleAndBody } from "@/lib/notes/derive";
import { documentMarkdown, documentText } from "@/lib/notes/document-text";
import { editorExtensions } from "@/lib/notes/editor-extensions";
import { documentFromMarkdown } from "@/lib/notes/markdown-document";

const NOTES = [
  "# Trip to Lisbon\n\nPack **sunscreen** and a [map](https://example.com).",
  "Groceries\n\n- oat milk\n- rye bread\n\n1. first\n2. second",
  "Checklist\n\n- [ ] pack\n- [x] book\n\n> a quote\n\n```\ncode\n```",
  "Plain first line\n\nsecond paragraph with `code` and ~~gone~~",
];

describe("a note's text, derived on the server without an editor", () => {
  it.each(NOTES)("reads as the browser's editor writes it: %#", (markdown) => {
    const builder = new Editor({ extensions: editorExtensions(new Y.Doc()) });
    const stored = documentFromMarkdown(builder, markdown);
    builder.destroy();

    // The browser: an editor bound to the note's document.
    const shown = new Y.Doc();
    Y.applyUpdate(shown, stored);
    const editor = new Editor({ extensions: editorExtensions(shown) });
    const inBrowser = editor.getMarkdown();
    editor.destroy();

    // The server: the same document, no editor and no DOM needed.
    const onServer = new Y.Doc();
    Y.applyUpdate(onServer, stored);
    // The editor adds an empty last line after a list or a block (its trailing node): nothing the
    // text keeps.
    expect(documentMarkdown(onServer).trimEnd()).toBe(inBrowser.trimEnd());
    expect(documentText(onServer)).toEqual(deriveTitleAndBody(inBrowser));
  });

  it("an empty document has no text", () => {
    expect(documentText(new Y.Doc())).toEqual({ title: "", body: "" });
  });
});
