// @vitest-environment node
import { getSchema } from "@tiptap/core";
import type { Node as ProseMirrorNode } from "@tiptap/pm/model";
import { Transform } from "@tiptap/pm/transform";
import type { DecorationSet } from "@tiptap/pm/view";
import StarterKit from "@tiptap/starter-kit";
import { describe, expect, it } from "vitest";

import { Attachment } from "@/lib/notes/attachment-node";
import { changedRange, holdsNode } from "@/lib/notes/editor/changed-range";
import { tagDecorations, updateTagDecorations } from "@/lib/notes/editor/tag-suggest";

const schema = getSchema([StarterKit, Attachment]);
const p = (text: string) => schema.nodes.paragraph.create(null, text ? schema.text(text) : null);
const doc = (...blocks: ProseMirrorNode[]) => schema.nodes.doc.create(null, blocks);

/** The tags a decoration set shows, in order: where each starts and ends, and which tag. */
function shown(set: DecorationSet, of: ProseMirrorNode) {
  return set
    .find(0, of.content.size)
    .map((d) => [d.from, d.to, attrsOf(d)["data-tag"]] as const)
    .sort((a, b) => a[0] - b[0]);
}
/** An inline decoration's attributes (the tag it links to). */
const attrsOf = (d: object) => (d as { type: { attrs: Record<string, string> } }).type.attrs;

/** A small seeded generator, so a failure can be replayed. */
function random(seed: number) {
  let s = seed;
  return (n: number) => {
    s = (s * 1103515245 + 12345) % 2 ** 31;
    return s % n;
  };
}

const WORDS = ["#work ", "#work/q3 ", "plain ", "#", "x", " ", "#café ", "https://a.b/#no ", "\n"];

describe("a change's blocks", () => {
  it("finds where two documents differ, and nothing when they are the same", () => {
    const before = doc(p("one"), p("two #tag"), p("three"));
    expect(changedRange(before, before)).toBeNull();
    const tr = new Transform(before).insert(9, schema.text("!"));
    const change = changedRange(before, tr.doc)!;
    expect(change.from).toBe(9);
    expect(change.toAfter).toBe(10);
    // Unchanged blocks before and after are not part of it.
    expect(change.from).toBeGreaterThan(before.child(0).nodeSize);
    expect(change.toBefore).toBeLessThan(before.content.size - before.child(2).nodeSize + 1);
  });

  it("says whether a removed or added part held an attachment", () => {
    const file = schema.nodes.attachment.create({ path: "u/n/a.png", name: "a.png" });
    const before = doc(p("text"), file, p("more"));
    const removed = new Transform(before).delete(6, 7);
    const change = changedRange(before, removed.doc)!;
    expect(holdsNode(before, change.from, change.toBefore, "attachment")).toBe(true);
    const typed = new Transform(before).insert(2, schema.text("a"));
    const typing = changedRange(before, typed.doc)!;
    expect(holdsNode(before, typing.from, typing.toBefore, "attachment")).toBe(false);
    expect(holdsNode(typed.doc, typing.from, typing.toAfter, "attachment")).toBe(false);
  });

  it("keeps a note's tags as a full reading would, through any run of edits", () => {
    for (let seed = 1; seed <= 40; seed++) {
      const pick = random(seed);
      let current = doc(p("#start here"), p("middle #mid/sub text"), p(""), p("end #last"));
      let set = tagDecorations(current);
      for (let step = 0; step < 60; step++) {
        const tr = new Transform(current);
        const size = current.content.size;
        const at = () => {
          // A position inside a text block.
          for (;;) {
            const pos = 1 + pick(size - 1);
            if (current.resolve(pos).parent.isTextblock) return pos;
          }
        };
        const kind = pick(6);
        const pos = at();
        if (kind <= 1) {
          const word = WORDS[pick(WORDS.length)];
          if (word === "\n") tr.split(pos);
          else tr.insert(pos, schema.text(word));
        } else if (kind === 2) {
          const end = Math.min(size - 1, pos + 1 + pick(6));
          if (current.resolve(end).parent.isTextblock) tr.delete(pos, end);
        } else if (kind === 3) {
          const end = Math.min(current.resolve(pos).end(), pos + 1 + pick(8));
          tr.addMark(pos, end, schema.marks.code.create());
        } else if (kind === 4) {
          const $pos = current.resolve(pos);
          tr.setBlockType(
            $pos.before(),
            $pos.after(),
            pick(2) ? schema.nodes.codeBlock : schema.nodes.paragraph,
          );
        } else {
          const end = Math.min(current.resolve(pos).end(), pos + 1 + pick(8));
          tr.removeMark(pos, end, schema.marks.code);
        }
        if (!tr.docChanged) continue;
        set = updateTagDecorations(current, tr.doc, tr.mapping, set);
        current = tr.doc;
        expect(shown(set, current), `seed ${seed}, step ${step}`).toEqual(
          shown(tagDecorations(current), current),
        );
      }
    }
  });
});
