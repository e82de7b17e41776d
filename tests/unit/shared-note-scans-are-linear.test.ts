// @vitest-environment node
import { describe, expect, it, vi } from "vitest";

vi.mock("server-only", () => ({}));

import { attachmentsInMarkdown } from "@/lib/attachments/paths";
import { describeForPreview } from "@/lib/notes/shared";
import { forwardFinder } from "@/lib/text/forward-finder";

const OWNER = "11111111-1111-4111-8111-111111111111";
const NOTE = "22222222-2222-4222-8222-222222222222";
const PATH = `${OWNER}/${NOTE}/0a0a0a0a0a0a-plan.pdf`;
const LIMIT = 200_000;

/** Bodies at the note limit that made backtracking patterns (or a parser) take seconds to minutes. */
const PATHOLOGICAL: Record<string, string> = {
  "unclosed brackets": "[".repeat(LIMIT),
  "unclosed images": "![".repeat(LIMIT / 2),
  "emphasis runs": "*a".repeat(LIMIT / 2),
  "labels with no target": "[a]".repeat(LIMIT / 3),
  "targets with no end": "[a](".repeat(LIMIT / 4),
  "attachment targets with no end": "[](attachment:".repeat(LIMIT / 14),
  "escapes and brackets": "\\[[".repeat(LIMIT / 3),
};

describe("a shared note's text is scanned in one pass", () => {
  for (const [name, body] of Object.entries(PATHOLOGICAL)) {
    it(`finds nothing in ${name}, at the 200,000-character limit`, () => {
      expect(attachmentsInMarkdown(body)).toEqual([]);
      expect(describeForPreview(body).length).toBeLessThanOrEqual(161);
    });
  }

  it("still finds the attachment that follows a page of unclosed brackets", () => {
    const body = `${"[".repeat(LIMIT - 200)}\n\n![the plan](attachment:${PATH})`;
    expect(attachmentsInMarkdown(body)).toEqual([{ path: PATH, name: "the plan", image: true }]);
    // The same after a run of labels whose targets never end.
    const after = `${"[x](attachment:".repeat(10_000)} [plan.pdf](attachment:${PATH})`;
    expect(attachmentsInMarkdown(after)).toEqual([{ path: PATH, name: "plan.pdf", image: false }]);
    const spaced = `${"[x](attachment: ".repeat(1000)}[plan.pdf](attachment:${PATH})`;
    expect(attachmentsInMarkdown(spaced)).toEqual([{ path: PATH, name: "plan.pdf", image: false }]);
  });

  it("reads labels as Markdown writes them: escapes, nested brackets, text around", () => {
    const body = `Intro [a [b](attachment:${PATH}) and \\[not a link](attachment:${PATH}x)`;
    expect(attachmentsInMarkdown(body)).toEqual([{ path: PATH, name: "b", image: false }]);
    const nested = `[see [the] plan](attachment:${PATH})`;
    expect(attachmentsInMarkdown(nested)).toEqual([
      { path: PATH, name: "see [the] plan", image: false },
    ]);
    const escaped = `![shot \\[1\\]](attachment:${PATH})`;
    expect(attachmentsInMarkdown(escaped)).toEqual([{ path: PATH, name: "shot [1]", image: true }]);
  });

  it("describes a note for link previews with links as their words, cut at a word", () => {
    expect(
      describeForPreview("# Trip\n\nSee [the map](https://example.org) and ![a photo](x.png)"),
    ).toBe("Trip See the map and a photo");
    expect(describeForPreview("[".repeat(LIMIT))).toBe(`${"[".repeat(140)}…`);
    const long = "word ".repeat(100);
    const text = describeForPreview(long);
    expect(text.endsWith("…")).toBe(true);
    expect(text.length).toBeLessThanOrEqual(161);
    // A link at the very start of a long body is still read as its words.
    expect(describeForPreview(`[Hello](https://a.example) ${"x".repeat(LIMIT)}`)).toMatch(
      /^Hello x/,
    );
  });

  it("forwardFinder answers like indexOf for searches that move forward", () => {
    const text = "a]b]]c";
    const find = forwardFinder(text, "]");
    for (const from of [0, 1, 2, 3, 4, 5, 6]) expect(find(from)).toBe(text.indexOf("]", from));
  });
});
