import { describe, expect, it } from "vitest";

import { attachmentMarkdown } from "@/lib/attachments/paths";
import { previewText } from "@/lib/history/preview-text";

const path = "5f2b8a62-9a8c-4c3e-8f1e-2d7f3b1c9a10/0c9e6b1d-3f7a-4e2b-9d8c-1a2b3c4d5e6f/report.pdf";

describe("the history preview's text", () => {
  it("names files and images as the note shows them, not by their stored link", () => {
    const markdown = [
      "The plan",
      attachmentMarkdown({ path, name: "report.pdf", type: "application/pdf" }),
      attachmentMarkdown({
        path: path.replace("report.pdf", "photo.png"),
        name: "photo.png",
        type: "image/png",
      }),
    ].join("\n\n");
    expect(previewText(markdown)).toBe("The plan\n\n[File: report.pdf]\n\n[Image: photo.png]");
  });

  it("keeps a name with brackets as it was given", () => {
    const md = attachmentMarkdown({ path, name: "draft [v2].pdf", type: "application/pdf" });
    expect(previewText(`See ${md} today`)).toBe("See [File: draft [v2].pdf] today");
  });

  it("leaves links to web pages and other notes alone", () => {
    const text =
      "[Groundwork](https://example.com) and [[Groceries]] and ![x](https://e.com/x.png)";
    expect(previewText(text)).toBe(text);
  });
});
