import { Editor } from "@tiptap/core";
import {
  absolutePositionToRelativePosition,
  ySyncPluginKey,
  yUndoPluginKey,
} from "@tiptap/y-tiptap";
import { afterEach, describe, expect, it } from "vitest";
import * as Y from "yjs";

import { editorExtensions } from "@/lib/notes/editor-extensions";
import { NodeMapping, relativePosition } from "@/lib/notes/editor/relative-selection";

const editors: Editor[] = [];
afterEach(() => editors.splice(0).forEach((e) => e.destroy()));

const NOTE =
  "<h1>Trip plan</h1><p>Lisbon in <strong>May</strong>, then <em>Porto</em>.</p><p></p>" +
  "<ul><li><p>tickets</p></li><li><p>hat</p><ul><li><p>straw</p></li></ul></li></ul>" +
  '<ul data-type="taskList"><li data-type="taskItem" data-checked="false"><p>book</p></li></ul>' +
  "<blockquote><p>Go early.</p></blockquote><pre><code>let x = 1</code></pre><p>End.</p>";

function editorWith(html: string) {
  const doc = new Y.Doc();
  const editor = new Editor({ extensions: editorExtensions(doc) });
  editors.push(editor);
  editor.commands.setContent(html);
  const binding = (
    ySyncPluginKey.getState(editor.state) as {
      binding: { type: Y.XmlFragment; mapping: NodeMapping };
    }
  ).binding;
  return { editor, binding, doc };
}

/** Every position of the note, found from its block and by y-tiptap's whole walk, as JSON. */
function everyPosition(editor: Editor, binding: { type: Y.XmlFragment; mapping: NodeMapping }) {
  const ours: unknown[] = [];
  const theirs: unknown[] = [];
  for (let pos = 0; pos <= editor.state.doc.content.size; pos++) {
    ours.push(Y.relativePositionToJSON(relativePosition(pos, editor.state.doc, binding)));
    theirs.push(
      Y.relativePositionToJSON(
        absolutePositionToRelativePosition(pos, binding.type, binding.mapping),
      ),
    );
  }
  return { ours, theirs };
}

describe("the caret kept as a position in the note's Yjs document", () => {
  it("is where y-tiptap's walk from the first block finds it, at every position of a note", () => {
    const { editor, binding } = editorWith(NOTE);
    expect(binding.mapping).toBeInstanceOf(NodeMapping);
    const { ours, theirs } = everyPosition(editor, binding);
    expect(ours).toEqual(theirs);
    // Positions inside the text name the text itself, not the note's start.
    expect(JSON.stringify(ours[5])).not.toBe(JSON.stringify(ours[0]));
  });

  it("is found from the caret's own block, without reading the blocks before it", () => {
    const { editor, binding } = editorWith(NOTE);
    const { ours: before } = everyPosition(editor, binding);
    // Forget what the first block was drawn from: a walk from the first block would now count it
    // as taking no room, and place every later position elsewhere.
    const first = binding.type.get(0) as Y.XmlElement;
    binding.mapping.delete(first);
    const { ours: after, theirs } = everyPosition(editor, binding);
    // Every position inside the later blocks (those between two blocks take the whole walk).
    const inside: number[] = [];
    editor.state.doc.forEach((block, offset, index) => {
      if (index === 0) return;
      for (let pos = offset + 1; pos < offset + block.nodeSize; pos++) inside.push(pos);
    });
    const at = (list: unknown[]) => inside.map((pos) => list[pos]);
    expect(at(theirs)).not.toEqual(at(before));
    expect(at(after)).toEqual(at(before));
  });

  it("stays the same after edits at the start, in the middle, at the end and across blocks", () => {
    const { editor, binding } = editorWith(NOTE);
    const edits: [string, () => void][] = [
      ["start", () => editor.commands.insertContentAt(1, "My ")],
      ["middle", () => editor.commands.insertContentAt(20, "sunny ")],
      ["end", () => editor.commands.insertContentAt(editor.state.doc.content.size - 1, " Bye")],
      ["new block", () => editor.chain().setTextSelection(8).splitBlock().run()],
      ["across blocks", () => editor.commands.deleteRange({ from: 6, to: 30 })],
      ["list", () => editor.chain().setTextSelection(40).toggleBulletList().run()],
    ];
    for (const [, edit] of edits) {
      edit();
      const { ours, theirs } = everyPosition(editor, binding);
      expect(ours).toEqual(theirs);
    }
  });

  it("keeps the caret on its text when another device writes before it", () => {
    const { editor, doc } = editorWith("<p>First line</p><p>Second line</p>");
    editor.commands.setTextSelection(20);
    const elsewhere = new Y.Doc();
    Y.applyUpdate(elsewhere, Y.encodeStateAsUpdate(doc));
    const first = (elsewhere.getXmlFragment("default").get(0) as Y.XmlElement).get(0) as Y.XmlText;
    first.insert(0, "Our ");
    Y.applyUpdate(doc, Y.encodeStateAsUpdate(elsewhere, Y.encodeStateVector(doc)));
    expect(editor.getText({ blockSeparator: "\n" })).toBe("Our First line\nSecond line");
    expect(editor.state.selection.head).toBe(24);
  });

  it("undoes and redoes an edit typed in the middle of a note", () => {
    const { editor } = editorWith("<p>First line</p><p>Second line</p><p>Third line</p>");
    // Typed later than the note's first text: an undo step of its own.
    (
      yUndoPluginKey.getState(editor.state) as { undoManager: Y.UndoManager }
    ).undoManager.stopCapturing();
    // The caret in the middle of the second line, then typing there.
    editor.commands.setTextSelection(20);
    editor.commands.insertContent("XYZ");
    expect(editor.getText({ blockSeparator: "\n" })).toBe("First line\nSecond XYZline\nThird line");
    editor.commands.undo();
    expect(editor.getText({ blockSeparator: "\n" })).toBe("First line\nSecond line\nThird line");
    editor.commands.redo();
    expect(editor.getText({ blockSeparator: "\n" })).toBe("First line\nSecond XYZline\nThird line");
  });
});
