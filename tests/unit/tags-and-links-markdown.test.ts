import { getSchema } from "@tiptap/core";
import { prosemirrorJSONToYDoc } from "@tiptap/y-tiptap";
import type { Root } from "hast";
import { describe, expect, it } from "vitest";
import * as Y from "yjs";

import { documentDerived, documentMarkdown } from "@/lib/notes/document-text";
import { editorExtensions } from "@/lib/notes/editor-extensions";
import { markNoteRefs } from "@/lib/notes/note-refs-hast";

const ID = "00000000-0000-4000-8000-00000000000a";

function doc() {
  const schema = getSchema(editorExtensions(new Y.Doc()));
  return prosemirrorJSONToYDoc(
    schema,
    {
      type: "doc",
      content: [
        { type: "paragraph", content: [{ type: "text", text: "#home/garden plans" }] },
        {
          type: "paragraph",
          content: [
            { type: "text", text: "See " },
            { type: "noteLink", attrs: { id: ID, label: "Lisbon trip" } },
            { type: "text", text: " and [[Packing]]." },
          ],
        },
      ],
    },
    "default",
  );
}

describe("a note's Markdown keeps tags and links readable", () => {
  it("writes tags as #tag and links as [[Title]], which read back as the same tags and links", async () => {
    const markdown = documentMarkdown(doc());
    expect(markdown).toContain("#home/garden plans");
    expect(markdown).toContain("See [[Lisbon trip]] and [[Packing]].");
    const derived = await documentDerived(doc());
    expect(derived.tags).toEqual(["home/garden"]);
    expect(derived.links.map((l) => [l.target, l.title])).toEqual([
      [ID, "Lisbon trip"],
      [null, "Packing"],
    ]);
  });

  it("names a note linked by id by its current title once the target was renamed", async () => {
    const asked: string[][] = [];
    const derived = await documentDerived(doc(), async (ids) => {
      asked.push(ids);
      return new Map([[ID, "Porto trip"]]);
    });
    expect(asked).toEqual([[ID]]);
    expect(derived.body).toContain("See [[Porto trip]] and [[Packing]].");
    expect(derived.body).not.toContain("Lisbon");
    expect(derived.links.map((l) => [l.target, l.title])).toEqual([
      [ID, "Porto trip"],
      [null, "Packing"],
    ]);
  });
});

describe("[[links]] on the share page", () => {
  it("become references to be shown as links or plain titles, except in code and links", () => {
    const tree: Root = {
      type: "root",
      children: [
        {
          type: "element",
          tagName: "p",
          properties: {},
          children: [{ type: "text", value: "See [[Lisbon trip]] and [[ ]] then [[Packing]]!" }],
        },
        {
          type: "element",
          tagName: "code",
          properties: {},
          children: [{ type: "text", value: "[[code]]" }],
        },
      ],
    };
    markNoteRefs(tree);
    const p = tree.children[0] as { children: unknown[] };
    expect(p.children).toEqual([
      { type: "text", value: "See " },
      {
        type: "element",
        tagName: "span",
        properties: { dataNoteRef: "Lisbon trip" },
        children: [{ type: "text", value: "Lisbon trip" }],
      },
      { type: "text", value: " and [[ ]] then " },
      {
        type: "element",
        tagName: "span",
        properties: { dataNoteRef: "Packing" },
        children: [{ type: "text", value: "Packing" }],
      },
      { type: "text", value: "!" },
    ]);
    expect((tree.children[1] as { children: unknown[] }).children).toEqual([
      { type: "text", value: "[[code]]" },
    ]);
  });
});
