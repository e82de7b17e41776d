import { Editor } from "@tiptap/core";
import { afterEach, describe, expect, it } from "vitest";
import * as Y from "yjs";

import { editorExtensions } from "@/lib/notes/editor-extensions";

const editors: Editor[] = [];
afterEach(() => editors.splice(0).forEach((e) => e.destroy()));

/** Types text as a person would, one key at a time, so input rules run as in the browser. */
function type(editor: Editor, text: string) {
  for (const char of text) {
    const { from, to } = editor.state.selection;
    const view = editor.view;
    const handled = view.someProp("handleTextInput", (f) =>
      f(view, from, to, char, () => view.state.tr.insertText(char, from, to)),
    );
    if (!handled) view.dispatch(view.state.tr.insertText(char, from, to));
  }
}

function fresh(): Editor {
  const editor = new Editor({ extensions: editorExtensions(new Y.Doc()) });
  editors.push(editor);
  editor.commands.setContent("<p>Title</p><p></p>");
  editor.commands.setTextSelection(editor.state.doc.content.size - 1);
  return editor;
}

type Json = { type?: string; text?: string; attrs?: Record<string, unknown>; content?: Json[] };

const shape = (editor: Editor) =>
  (editor.getJSON() as Json).content?.map((n) => ({
    type: n.type,
    items: n.content?.map((item) => ({
      type: item.type,
      checked: item.attrs?.checked,
      text: item.content?.map((p) => p.content?.map((t) => t.text).join("") ?? "").join("|"),
    })),
  }));

describe("a bullet's line that starts with [ ] becomes a checklist item", () => {
  it("turns `- [ ] ` and `- [x] ` into an unticked and a ticked item, without the brackets", () => {
    const editor = fresh();
    type(editor, "- [ ] buy milk");
    expect(shape(editor)?.[1]).toEqual({
      type: "taskList",
      items: [{ type: "taskItem", checked: false, text: "buy milk" }],
    });
    const done = fresh();
    type(done, "* [x] paid rent");
    expect(shape(done)?.[1]).toEqual({
      type: "taskList",
      items: [{ type: "taskItem", checked: true, text: "paid rent" }],
    });
  });

  it("in a list of bullets, only that bullet changes; the bullets around it stay", () => {
    const editor = fresh();
    type(editor, "- first");
    editor.commands.splitListItem("listItem");
    type(editor, "[ ] second");
    expect(shape(editor)?.slice(1, 3)).toEqual([
      { type: "bulletList", items: [{ type: "listItem", checked: undefined, text: "first" }] },
      { type: "taskList", items: [{ type: "taskItem", checked: false, text: "second" }] },
    ]);

    const middle = fresh();
    middle.commands.setContent(
      "<p>Title</p><ul><li><p>first</p></li><li><p></p></li><li><p>last</p></li></ul>",
    );
    let empty = 0;
    middle.state.doc.descendants((node, pos) => {
      if (node.type.name === "paragraph" && node.content.size === 0 && !empty) empty = pos + 1;
    });
    middle.commands.setTextSelection(empty);
    type(middle, "[x] middle");
    expect(shape(middle)?.slice(1, 4)).toEqual([
      { type: "bulletList", items: [{ type: "listItem", checked: undefined, text: "first" }] },
      { type: "taskList", items: [{ type: "taskItem", checked: true, text: "middle" }] },
      { type: "bulletList", items: [{ type: "listItem", checked: undefined, text: "last" }] },
    ]);
    // Typing goes on in the checklist item.
    expect(middle.state.selection.$from.node(-1).type.name).toBe("taskItem");
  });

  it("leaves brackets typed later in a bullet's text as they are", () => {
    const editor = fresh();
    type(editor, "- see [ ] here");
    expect(shape(editor)?.[1]).toEqual({
      type: "bulletList",
      items: [{ type: "listItem", checked: undefined, text: "see [ ] here" }],
    });
  });
});
