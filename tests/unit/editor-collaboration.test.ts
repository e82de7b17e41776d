import { Editor } from "@tiptap/core";
import { Plugin, PluginKey } from "@tiptap/pm/state";
import { afterEach, describe, expect, it } from "vitest";
import * as Y from "yjs";

import { editorExtensions } from "@/lib/notes/editor-extensions";

const editors: Editor[] = [];
afterEach(() => editors.splice(0).forEach((e) => e.destroy()));

function editorOn(doc: Y.Doc): Editor {
  const editor = new Editor({ extensions: editorExtensions(doc) });
  editors.push(editor);
  return editor;
}

const blocks = (editor: Editor) => {
  const nodes: unknown[] = [];
  editor.state.doc.forEach((node) => void nodes.push(node));
  return nodes;
};

describe("a note's editor and its Yjs document", () => {
  it("draws a document that already has text, and keeps its nodes when the editor's plugins change", () => {
    const elsewhere = new Y.Doc();
    const writer = editorOn(elsewhere);
    writer.commands.setContent("<p>Trip plan</p><p>Lisbon in May.</p><p>Book the train.</p>");
    const doc = new Y.Doc();
    Y.applyUpdate(doc, Y.encodeStateAsUpdate(elsewhere));

    const editor = editorOn(doc);
    expect(editor.getText({ blockSeparator: "\n" })).toBe(
      "Trip plan\nLisbon in May.\nBook the train.",
    );

    // A menu registering its plugin after the editor is made (the formatting toolbar does) does not
    // draw the note again: a long note would pay for a whole redraw, and every keystroke after it.
    const before = blocks(editor);
    editor.registerPlugin(new Plugin({ key: new PluginKey("aMenu") }));
    const after = blocks(editor);
    expect(after).toHaveLength(3);
    after.forEach((node, i) => expect(node).toBe(before[i]));

    // Changes from elsewhere still arrive, and typing here still reaches the document.
    writer.commands.insertContentAt(writer.state.doc.content.size, "<p>Pack a hat.</p>");
    Y.applyUpdate(doc, Y.encodeStateAsUpdate(elsewhere, Y.encodeStateVector(doc)));
    expect(editor.getText({ blockSeparator: "\n" })).toContain("Pack a hat.");
    editor.commands.insertContentAt(1, "Our ");
    Y.applyUpdate(elsewhere, Y.encodeStateAsUpdate(doc, Y.encodeStateVector(elsewhere)));
    expect(writer.getText({ blockSeparator: "\n" })).toMatch(/^Our Trip plan/);
  });
});
