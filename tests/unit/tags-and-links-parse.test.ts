import { describe, expect, it } from "vitest";

import {
  documentRefs,
  findTags,
  markdownRefs,
  normalizeTag,
  sentenceAround,
  tagsInText,
} from "@/lib/tags/parse";

describe("#tags in text", () => {
  it("reads #tag and #tag/sub after a space or at the start, in any script", () => {
    expect(tagsInText("#work plan for #Work/Q3 and #café, #日本語/メモ #дом")).toEqual([
      "work",
      "work/q3",
      "café",
      "日本語/メモ",
      "дом",
    ]);
  });

  it("is not a tag: a heading, C#, a#b, a number alone, a bare #", () => {
    expect(tagsInText("# Heading")).toEqual([]);
    expect(tagsInText("I write C# and a#b")).toEqual([]);
    expect(tagsInText("issue #123 and # and ##")).toEqual([]);
    expect(tagsInText("but #2026-plan is")).toEqual(["2026-plan"]);
  });

  it("ends at punctuation and drops a trailing slash", () => {
    expect(tagsInText("(#idea) #todo. #a/b/ #x_y-z!")).toEqual(["idea", "todo", "a/b", "x_y-z"]);
  });

  it("finds no tag inside a URL", () => {
    expect(tagsInText("see https://example.com/page#section and www.x.org/#top")).toEqual([]);
    expect(tagsInText("https://example.com/?q= #real")).toEqual(["real"]);
  });

  it("says where each tag is, so it can be rewritten", () => {
    expect(findTags("a #b/c d")).toEqual([{ start: 2, end: 6, tag: "b/c" }]);
  });

  it("normalizes a tag the way it is stored", () => {
    expect(normalizeTag("#Work/Q3/")).toBe("work/q3");
    expect(normalizeTag("123")).toBeNull();
    expect(normalizeTag("a b")).toBeNull();
    expect(normalizeTag("a//b")).toBeNull();
  });
});

describe("tags and links in Markdown", () => {
  it("skips fenced and indented code, inline code and link destinations", () => {
    const md = [
      "Title #real",
      "```",
      "#include <stdio.h> #fenced",
      "```",
      "    #indented",
      "use `#inline` here and [a link](https://x.org/#anchor) \\#escaped",
      "~~~js",
      "#tilde",
      "~~~",
      "#after",
    ].join("\n");
    expect(markdownRefs(md).tags).toEqual(["real", "escaped", "after"]);
  });

  it("reads [[links]] by title with the sentence around them", () => {
    const md = "Intro. See [[Trip to Lisbon]] for the plan! Another line\n`[[not a link]]`";
    expect(markdownRefs(md).links).toEqual([
      { target: null, title: "Trip to Lisbon", context: "See [[Trip to Lisbon]] for the plan!" },
    ]);
  });
});

describe("tags and links in a note's document", () => {
  const doc = {
    type: "doc",
    content: [
      { type: "paragraph", content: [{ type: "text", text: "Title #Home" }] },
      { type: "codeBlock", content: [{ type: "text", text: "#code" }] },
      {
        type: "paragraph",
        content: [
          { type: "text", text: "Read " },
          { type: "noteLink", attrs: { id: "00000000-0000-4000-8000-000000000001", label: "A" } },
          { type: "text", text: " and [[B]]. Also " },
          { type: "text", text: "#inline", marks: [{ type: "code" }] },
          { type: "text", text: " and " },
          { type: "text", text: "https://x.org/#frag", marks: [{ type: "link" }] },
          { type: "text", text: " #home/garden." },
        ],
      },
      {
        type: "bulletList",
        content: [
          {
            type: "listItem",
            content: [{ type: "paragraph", content: [{ type: "text", text: "#list" }] }],
          },
        ],
      },
    ],
  };

  it("takes tags from text, not from code or URL links", () => {
    expect(documentRefs(doc).tags).toEqual(["home", "home/garden", "list"]);
  });

  it("names a link node's target by id and a typed [[Title]] by title, each in its sentence", () => {
    expect(documentRefs(doc).links).toEqual([
      {
        target: "00000000-0000-4000-8000-000000000001",
        title: "A",
        context: "Read [[A]] and [[B]].",
      },
      { target: null, title: "B", context: "Read [[A]] and [[B]]." },
    ]);
  });
});

describe("a link's context", () => {
  it("is cut around the link when the sentence is long", () => {
    const text = `${"word ".repeat(100)}[[X]] ${"more ".repeat(100)}`;
    const start = text.indexOf("[[X]]");
    const context = sentenceAround(text, start, start + 5);
    expect(context).toContain("[[X]]");
    expect(context.length).toBeLessThanOrEqual(282);
    expect(context.startsWith("…")).toBe(true);
  });
});
