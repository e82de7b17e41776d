import { Editor } from "@tiptap/core";
import * as Y from "yjs";
import { describe, expect, it } from "vitest";

import { documentText } from "@/lib/notes/document-text";
import { editorExtensions } from "@/lib/notes/editor-extensions";
import { documentFromMarkdown } from "@/lib/notes/markdown-document";

/** A note written in the editor, read back as the server derives its text. */
function roundTrip(markdown: string) {
  const builder = new Editor({ extensions: editorExtensions(new Y.Doc()) });
  const stored = documentFromMarkdown(builder, markdown);
  builder.destroy();
  const doc = new Y.Doc();
  Y.applyUpdate(doc, stored);
  return documentText(doc);
}

describe("tables and checklists in a note's text", () => {
  it("a table stays a Markdown table, row by row", () => {
    const { title, body } = roundTrip(
      "Budget\n\n| Item | Cost |\n| --- | --- |\n| Tent | 120 |\n| Stove | 45 |",
    );
    expect(title).toBe("Budget");
    const rows = body.split("\n").map((row) => row.replace(/\s+/g, " ").trim());
    expect(rows[0]).toBe("| Item | Cost |");
    expect(rows[1]).toMatch(/^\| -+ \| -+ \|$/);
    expect(rows.slice(2)).toEqual(["| Tent | 120 |", "| Stove | 45 |"]);
  });

  it("a checklist stays a list of boxes, ticked or not", () => {
    const { body } = roundTrip("Packing\n\n- [ ] tent\n- [x] stove\n  - [ ] fuel");
    expect(body).toBe("- [ ] tent\n- [x] stove\n  - [ ] fuel");
  });
});
