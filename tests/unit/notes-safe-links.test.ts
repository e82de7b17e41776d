import { Editor } from "@tiptap/core";
import * as Y from "yjs";
import { afterEach, describe, expect, it } from "vitest";

import { editorExtensions } from "@/lib/notes/editor-extensions";
import { markdownDocument } from "@/lib/notes/markdown-document";
import { isSafeHref } from "@/lib/notes/safe-href";

describe("isSafeHref", () => {
  it.each([
    "javascript:alert(1)",
    "JaVaScRiPt:alert(1)",
    " javascript:alert(1)",
    "java\tscript:alert(1)",
    "java\nscript:alert(1)",
    "\u0001javascript:alert(1)",
    "&#106;avascript:alert(1)",
    "&#x6A;avascript:alert(1)",
    "data:text/html,<script>alert(1)</script>",
    "vbscript:msgbox(1)",
  ])("refuses %j", (href) => expect(isSafeHref(href)).toBe(false));

  it.each([
    "https://example.com/a?b=c",
    "http://example.com",
    "mailto:someone@example.com",
    "tel:+441234567",
    "/notes/1",
    "#heading",
    "notes?q=a:b",
    "",
  ])("keeps %j", (href) => expect(isSafeHref(href)).toBe(true));
});

const editors: Editor[] = [];
afterEach(() => editors.splice(0).forEach((e) => e.destroy()));

function hrefsOf(markdown: string): string[] {
  const editor = new Editor({ extensions: editorExtensions(new Y.Doc()) });
  editors.push(editor);
  const hrefs: string[] = [];
  markdownDocument(editor, markdown).descendants((node) => {
    for (const mark of node.marks) if (mark.type.name === "link") hrefs.push(mark.attrs.href);
  });
  return hrefs;
}

describe("markdownDocument", () => {
  it("drops script links as it reads Markdown and keeps their text and the safe links", () => {
    const editor = new Editor({ extensions: editorExtensions(new Y.Doc()) });
    editors.push(editor);
    const markdown = [
      "[click me](javascript:alert(1))",
      "[data](data:text/html,hi)",
      "[vb](VBScript:msgbox(1))",
      "[site](https://example.com)",
    ].join("\n\n");
    expect(hrefsOf(markdown)).toEqual(["https://example.com"]);
    const text = markdownDocument(editor, markdown).textContent;
    expect(text).toContain("click me");
    expect(text).toContain("vb");
  });
});
