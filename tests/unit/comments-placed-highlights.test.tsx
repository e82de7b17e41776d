import { Editor } from "@tiptap/core";
import { act, render } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import * as Y from "yjs";

import { PlacedThreads } from "@/components/comments/placed-threads";
import { anchorDocumentOf, anchorFromRange } from "@/lib/comments/anchor";
import { CommentHighlights } from "@/lib/comments/highlight";
import type { CommentRow } from "@/lib/comments/threads";
import { editorExtensions } from "@/lib/notes/editor-extensions";

const editors: Editor[] = [];
afterEach(() => {
  editors.splice(0).forEach((e) => e.destroy());
  document.body.innerHTML = "";
});

const COMMENTED = "Lisbon in May.";

/** A note's editor on its own Yjs document, and another device's copy whose edits reach it. */
function noteOnTwoDevices() {
  const ydoc = new Y.Doc();
  const element = document.createElement("div");
  document.body.append(element);
  const editor = new Editor({
    element,
    extensions: [...editorExtensions(ydoc), CommentHighlights],
  });
  editors.push(editor);
  editor.commands.setContent(`<p>Trip plan</p><p>${COMMENTED}</p><p>Book the train.</p>`);
  const other = new Y.Doc();
  Y.applyUpdate(other, Y.encodeStateAsUpdate(ydoc));
  ydoc.on("update", (u: Uint8Array, origin: unknown) => {
    if (origin !== other) Y.applyUpdate(other, u, ydoc);
  });
  other.on("update", (u: Uint8Array, origin: unknown) => {
    if (origin !== ydoc) Y.applyUpdate(ydoc, u, other);
  });
  return { editor, other: other.getXmlFragment("default") };
}

/** A root comment on the first occurrence of `text`, as the comments table holds it. */
function commentOn(editor: Editor, text: string): CommentRow {
  let from = -1;
  editor.state.doc.descendants((node, pos) => {
    if (from < 0 && node.isText && node.text!.includes(text)) from = pos + node.text!.indexOf(text);
  });
  const anchor = anchorFromRange(anchorDocumentOf(editor.state)!, from, from + text.length)!;
  return {
    id: "c1",
    note_id: "n1",
    parent_id: null,
    author_id: "u1",
    body: "Which week exactly?",
    anchor_start: anchor.start,
    anchor_end: anchor.end,
    quote: text,
    resolved_at: null,
    resolved_by: null,
    created_at: "2026-11-01T10:00:00Z",
    edited_at: null,
    mentions: [],
    mention_names: [],
  } as CommentRow;
}

/** The text the editor shows highlighted, one string per highlighted span. */
const highlighted = (editor: Editor) =>
  [...editor.view.dom.querySelectorAll(".comment-highlight")].map((el) => el.textContent);

/** Lets the frames and renders that follow a change run. */
const settle = () => act(() => new Promise((r) => setTimeout(r, 60)));

const titleText = (fragment: Y.XmlFragment) =>
  (fragment.get(0) as Y.XmlElement).get(0) as Y.XmlText;

describe("a comment's highlight in the note", () => {
  it("stays on its text when another device's edits arrive, also ones that leave the text as it was", async () => {
    const { editor, other } = noteOnTwoDevices();
    const rows = [commentOn(editor, COMMENTED)];
    render(
      <PlacedThreads editor={editor} rows={rows}>
        {() => null}
      </PlacedThreads>,
    );
    await settle();
    expect(highlighted(editor)).toEqual([COMMENTED]);

    // Another device types before the commented text: it moves with its text.
    act(() => titleText(other).insert(0, "Our "));
    await settle();
    expect(editor.getText()).toContain("Our Trip plan");
    expect(highlighted(editor)).toEqual([COMMENTED]);

    // Its typing and erasing arrive together: the note is as it was, and so is the highlight.
    act(() =>
      other.doc!.transact(() => {
        titleText(other).insert(0, "x");
        titleText(other).delete(0, 1);
      }),
    );
    await settle();
    expect(highlighted(editor)).toEqual([COMMENTED]);
  });
});
