import { Editor } from "@tiptap/core";
import { relativePositionToAbsolutePosition, ySyncPluginKey } from "@tiptap/y-tiptap";
import { afterEach, describe, expect, it } from "vitest";
import { Awareness } from "y-protocols/awareness";
import * as Y from "yjs";

import { editorExtensions } from "@/lib/notes/editor-extensions";
import { caretAwareness, CollaboratorCarets } from "@/lib/notes/editor/collaborator-carets";

const editors: Editor[] = [];
afterEach(() => {
  editors.splice(0).forEach((e) => e.destroy());
  document.body.innerHTML = "";
});

describe("this device's caret in a note others may open", () => {
  it("is not written while alone, and is written where it is once someone arrives", () => {
    const doc = new Y.Doc();
    const awareness = new Awareness(doc);
    const carets = caretAwareness(awareness);
    const element = document.createElement("div");
    document.body.append(element);
    const editor = new Editor({
      element,
      extensions: [
        ...editorExtensions(doc),
        CollaboratorCarets.configure({
          awareness: carets.awareness,
          selfId: "me",
          personOf: () => null,
          alone: carets.isAlone,
        }),
      ],
    });
    editors.push(editor);
    editor.commands.setContent("<p>First line</p><p>Second line</p>");
    editor.view.focus();
    expect(editor.view.hasFocus()).toBe(true);

    // Alone: typing writes no caret.
    editor.chain().setTextSelection(20).insertContent("XY").run();
    expect(awareness.getLocalState()?.cursor).toBeUndefined();

    // Someone arrives: the editor asks the plugin to write the caret, which is where it is now.
    carets.setAlone(false);
    editor.view.dispatch(editor.state.tr.setMeta("addToHistory", false));
    const cursor = awareness.getLocalState()?.cursor as { head: unknown } | undefined;
    expect(cursor).toBeDefined();
    const ystate = ySyncPluginKey.getState(editor.state) as {
      type: Y.XmlFragment;
      binding: { mapping: Map<unknown, unknown> };
    };
    const head = relativePositionToAbsolutePosition(
      doc,
      ystate.type,
      Y.createRelativePositionFromJSON(cursor!.head),
      ystate.binding.mapping as never,
    );
    expect(head).toBe(editor.state.selection.head);
    expect(editor.state.selection.head).toBe(22);
    awareness.destroy();
  });
});
