import { getSchema } from "@tiptap/core";
import { initProseMirrorDoc, prosemirrorJSONToYDoc } from "@tiptap/y-tiptap";
import type { Node } from "@tiptap/pm/model";
import * as Y from "yjs";
import { describe, expect, it } from "vitest";

import {
  anchorFromRange,
  resolveAnchor,
  type AnchorDocument,
  type ResolvedAnchor,
} from "@/lib/comments/anchor";
import { threadsInOrder, type CommentRow } from "@/lib/comments/threads";
import { editorExtensions } from "@/lib/notes/editor-extensions";

const schema = getSchema(editorExtensions(new Y.Doc()));

/** A note's Yjs document as the editor writes it, one paragraph per string. */
function note(...paragraphs: string[]): Y.Doc {
  return prosemirrorJSONToYDoc(
    schema,
    {
      type: "doc",
      content: paragraphs.map((text) => ({
        type: "paragraph",
        content: text ? [{ type: "text", text }] : [],
      })),
    },
    "default",
  );
}

/** The document as an editor bound to `ydoc` shows it right now, with its binding's mapping. */
function view(ydoc: Y.Doc): AnchorDocument & { pm: Node } {
  const fragment = ydoc.getXmlFragment("default");
  const { doc, mapping } = initProseMirrorDoc(fragment, schema);
  return { ydoc, fragment, mapping, pm: doc };
}

/** The ProseMirror range of the first occurrence of `text`. */
function rangeOf(pm: Node, text: string): { from: number; to: number } {
  let found: { from: number; to: number } | null = null;
  pm.descendants((node, pos) => {
    if (found || !node.isText) return !found;
    const at = node.text!.indexOf(text);
    if (at >= 0) found = { from: pos + at, to: pos + at + text.length };
    return false;
  });
  if (!found) throw new Error(`"${text}" is not in the note`);
  return found;
}

function commentedText(ydoc: Y.Doc, anchor: NonNullable<ReturnType<typeof anchorFromRange>>) {
  const v = view(ydoc);
  const at = resolveAnchor(v, anchor);
  return at.deleted ? null : v.pm.textBetween(at.from, at.to, "\n");
}

/** Another device: a copy of the document whose edits reach this one as Yjs updates. */
function otherDevice(ydoc: Y.Doc) {
  const other = new Y.Doc();
  Y.applyUpdate(other, Y.encodeStateAsUpdate(ydoc));
  other.on("update", (u: Uint8Array) => Y.applyUpdate(ydoc, u));
  return other.getXmlFragment("default");
}

function paragraphText(fragment: Y.XmlFragment, index: number): Y.XmlText {
  return (fragment.get(index) as Y.XmlElement).get(0) as Y.XmlText;
}

describe("comment anchors", () => {
  it("keeps pointing at the commented text through edits before, inside and after it", () => {
    const ydoc = note("Intro line", "Pack the quokka food today", "Outro");
    const v = view(ydoc);
    const { from, to } = rangeOf(v.pm, "quokka food");
    const anchor = anchorFromRange(v, from, to)!;
    expect(anchor.start).toMatch(/^[A-Za-z0-9+/=]+$/);
    expect(commentedText(ydoc, anchor)).toBe("quokka food");

    const remote = otherDevice(ydoc);
    // Before it, in the same paragraph and in a paragraph above.
    paragraphText(remote, 1).insert(0, "Please ");
    paragraphText(remote, 0).insert(0, "A longer ");
    expect(commentedText(ydoc, anchor)).toBe("quokka food");
    // A new paragraph above moves every position by a whole node.
    remote.insert(0, [new Y.XmlElement("paragraph")]);
    expect(commentedText(ydoc, anchor)).toBe("quokka food");
    // Inside it: the range grows with the text typed into it.
    const para = paragraphText(remote, 2);
    para.insert(para.toString().indexOf("food"), "dry ");
    expect(commentedText(ydoc, anchor)).toBe("quokka dry food");
    // After it: typing right after the range stays outside it.
    para.insert(para.toString().indexOf(" today"), "s");
    paragraphText(remote, 3).insert(0, "Last: ");
    expect(commentedText(ydoc, anchor)).toBe("quokka dry food");
    expect(view(ydoc).pm.textContent).toContain("Please Pack the quokka dry foods today");
  });

  it("shrinks when part of the text is deleted and is 'on deleted text' when all of it is", () => {
    const ydoc = note("Keep this", "remove the whole phrase here");
    const v = view(ydoc);
    const { from, to } = rangeOf(v.pm, "the whole phrase");
    const anchor = anchorFromRange(v, from, to)!;
    const remote = otherDevice(ydoc);
    const para = paragraphText(remote, 1);
    para.delete(para.toString().indexOf("whole "), "whole ".length);
    expect(commentedText(ydoc, anchor)).toBe("the phrase");
    para.delete(para.toString().indexOf("the phrase"), "the phrase".length);
    expect(resolveAnchor(view(ydoc), anchor)).toEqual({ deleted: true });
    // Typing where it was does not bring the comment back onto new text.
    para.insert(para.toString().indexOf(" here"), " new words");
    expect(resolveAnchor(view(ydoc), anchor)).toEqual({ deleted: true });
  });

  it("is 'on deleted text' when the paragraph holding it is removed", () => {
    const ydoc = note("First", "Second paragraph quote", "Third");
    const v = view(ydoc);
    const { from, to } = rangeOf(v.pm, "paragraph quote");
    const anchor = anchorFromRange(v, from, to)!;
    otherDevice(ydoc).delete(1, 1);
    expect(resolveAnchor(view(ydoc), anchor)).toEqual({ deleted: true });
    expect(commentedText(ydoc, anchor)).toBeNull();
  });

  it("makes no anchor for an empty selection and treats a garbled one as deleted", () => {
    const ydoc = note("Some text");
    const v = view(ydoc);
    expect(anchorFromRange(v, 3, 3)).toBeNull();
    expect(resolveAnchor(v, { start: "not base64!", end: "%%" })).toEqual({ deleted: true });
  });
});

describe("comment threads", () => {
  const row = (id: string, created: string, parent: string | null = null): CommentRow => ({
    id,
    note_id: "n",
    parent_id: parent,
    author_id: "a",
    body: id,
    anchor_start: parent ? null : "s",
    anchor_end: parent ? null : "e",
    quote: parent ? null : id,
    resolved_at: null,
    resolved_by: null,
    created_at: created,
    edited_at: null,
    mentions: [],
    mention_names: [],
  });

  it("come in the order of their text, those on deleted text last, replies oldest first", () => {
    const rows = [
      row("late-reply", "2026-01-05", "second"),
      row("second", "2026-01-01"),
      row("gone", "2026-01-02"),
      row("first", "2026-01-03"),
      row("early-reply", "2026-01-04", "second"),
      row("orphan", "2026-01-06", "missing"),
    ];
    const at: Record<string, ResolvedAnchor> = {
      first: { deleted: false, from: 3, to: 9 },
      second: { deleted: false, from: 20, to: 25 },
      gone: { deleted: true },
    };
    const threads = threadsInOrder(rows, (r) => at[r.id]);
    expect(threads.map((t) => t.root.id)).toEqual(["first", "second", "gone"]);
    expect(threads[1].replies.map((r) => r.id)).toEqual(["early-reply", "late-reply"]);
  });
});
