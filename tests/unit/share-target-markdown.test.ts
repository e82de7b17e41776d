import { describe, expect, it } from "vitest";
import * as Y from "yjs";

import { importedDocument } from "@/lib/import/document";
import { documentDerived, documentMarkdown } from "@/lib/notes/document-text";
import { TITLE_MAX } from "@/lib/notes/limits";
import {
  keepShare,
  SHARE_KEPT_KEY,
  shareProblemMessage,
  takeKeptShare,
} from "@/lib/share-target/pending";
import {
  SHARE_REFUSALS,
  SHARED_FIELD_MAX,
  sharedFields,
  sharedNoteMarkdown,
} from "@/lib/share-target/shared-note";

const share = (fields: Partial<{ title: string; text: string; url: string }>) =>
  sharedNoteMarkdown({ title: "", text: "", url: "", ...fields });

function markdownOf(fields: Partial<{ title: string; text: string; url: string }>): string {
  const shared = share(fields);
  if (!shared.ok) throw new Error(`refused: ${shared.reason}`);
  return shared.markdown;
}

/** What the server derives from the note a share makes (the same path as every note's text). */
async function noteOf(fields: Partial<{ title: string; text: string; url: string }>) {
  const doc = new Y.Doc();
  Y.applyUpdate(doc, importedDocument(markdownOf(fields), []));
  return { ...(await documentDerived(doc)), markdown: documentMarkdown(doc) };
}

describe("a share's fields become a note's Markdown", () => {
  it("puts the title as the heading, then the text, then the link on its own line", async () => {
    expect(
      markdownOf({ title: "Soil notes", text: "Worth reading.", url: "https://example.com/a" }),
    ).toBe("# Soil notes\n\nWorth reading.\n\n[https://example.com/a](https://example.com/a)");
    const note = await noteOf({
      title: "Soil notes",
      text: "Worth reading #garden",
      url: "https://example.com/a",
    });
    expect(note.title).toBe("Soil notes");
    expect(note.tags).toEqual(["garden"]);
    expect(note.markdown).toContain("[https://example.com/a](https://example.com/a)");
  });

  it("makes a share of only a URL into a note of the link, titled with its site", async () => {
    expect(markdownOf({ url: "https://example.com/x_y" })).toBe(
      "# example.com\n\n[https://example.com/x\\_y](https://example.com/x_y)",
    );
    // Android shares a page's link in `text`: a text that is only a link is the link.
    expect(markdownOf({ text: "  https://example.com/page  " })).toBe(
      "# example.com\n\n[https://example.com/page](https://example.com/page)",
    );
    const note = await noteOf({ url: "https://example.com/x_y" });
    expect(note.title).toBe("example.com");
    expect(note.markdown).toContain("(https://example.com/x_y)");
  });

  it("does not add the link again when the text already holds it", () => {
    expect(
      markdownOf({ text: "Look at https://example.com/a today", url: "https://example.com/a" }),
    ).toBe("Look at https://example.com/a today");
    // The browser's form of the address (a trailing slash) counts as the same link.
    expect(markdownOf({ text: "See https://example.com/", url: "https://example.com" })).toBe(
      "See https://example.com/",
    );
  });

  it("takes the first line of the text as the title when no title was shared", async () => {
    const note = await noteOf({ text: "Buy seeds\nand compost" });
    expect(note.title).toBe("Buy seeds");
  });

  it("cuts a very long title at a word to fit, keeping all of it at the top of the body", async () => {
    const long = Array.from({ length: 200 }, (_, i) => `word${i}`).join(" ");
    const markdown = markdownOf({ title: long, text: "Body" });
    const [heading, whole, body] = markdown.split("\n\n");
    expect(Array.from(heading.replace(/^# /, "")).length).toBeLessThanOrEqual(TITLE_MAX);
    expect(heading).toMatch(/^# word0 word1 .* word\d+…$/);
    expect(whole).toBe(long);
    expect(body).toBe("Body");
    const note = await noteOf({ title: long });
    expect(Array.from(note.title).length).toBeLessThanOrEqual(TITLE_MAX);
    expect(note.body).toContain("word199");
  });

  it("keeps a title's Markdown characters as typed and on one line", () => {
    expect(markdownOf({ title: "Plan *B*\n[draft]" })).toBe("# Plan \\*B\\* \\[draft\\]");
  });

  it("keeps an address that would end a Markdown link early whole, and never links a script", async () => {
    expect(markdownOf({ title: "Loam", url: "https://en.wikipedia.org/wiki/Loam_(soil)" })).toBe(
      "# Loam\n\n[https://en.wikipedia.org/wiki/Loam\\_\\(soil\\)](https://en.wikipedia.org/wiki/Loam_%28soil%29)",
    );
    expect(markdownOf({ url: "javascript:alert(1)" })).toBe("javascript:alert\\(1\\)");
    expect((await noteOf({ url: "https://en.wikipedia.org/wiki/Loam_(soil)" })).markdown).toContain(
      "(https://en.wikipedia.org/wiki/Loam_%28soil%29)",
    );
    const note = await noteOf({ title: "x", url: "javascript:alert(1)" });
    expect(note.markdown).not.toContain("](javascript:");
  });

  it("refuses an empty share and an oversized one with a sentence to show", () => {
    expect(share({})).toEqual({ ok: false, reason: "empty" });
    expect(share({ title: "  ", text: "\n\n", url: " " })).toEqual({ ok: false, reason: "empty" });
    expect(share({ text: "a".repeat(SHARED_FIELD_MAX + 1) })).toEqual({
      ok: false,
      reason: "too-long",
    });
    expect(share({ title: "t", text: "a".repeat(SHARED_FIELD_MAX - 2) })).toEqual({
      ok: false,
      reason: "too-long",
    });
    expect(SHARE_REFUSALS.empty).toMatch(/Nothing was shared/);
    expect(SHARE_REFUSALS["too-long"]).toMatch(/too long/);
  });

  it("reads only text fields from a form: a file or a missing field is nothing shared", () => {
    const form = new FormData();
    form.set("title", "T");
    form.set("text", new Blob(["x"]), "x.txt");
    expect(sharedFields((name) => form.get(name))).toEqual({ title: "T", text: "", url: "" });
  });
});

describe("a share kept through signing in", () => {
  it("is taken out of the tab once, whatever was stored, and put back when its note fails", () => {
    sessionStorage.clear();
    expect(takeKeptShare(sessionStorage)).toBeNull();
    keepShare(sessionStorage, { title: "T", text: "x", url: "" });
    expect(takeKeptShare(sessionStorage)).toEqual({ title: "T", text: "x", url: "" });
    expect(takeKeptShare(sessionStorage)).toBeNull();
    sessionStorage.setItem(SHARE_KEPT_KEY, '{"title":3,"text":"y"}');
    expect(takeKeptShare(sessionStorage)).toEqual({ title: "", text: "y", url: "" });
    sessionStorage.setItem(SHARE_KEPT_KEY, "{not json");
    expect(takeKeptShare(sessionStorage)).toBeNull();
    expect(sessionStorage.getItem(SHARE_KEPT_KEY)).toBeNull();
  });

  it("says why a share made no note only for the reasons it knows", () => {
    expect(shareProblemMessage("empty")).toBe(SHARE_REFUSALS.empty);
    expect(shareProblemMessage("failed")).toMatch(/Share it again/);
    expect(shareProblemMessage("toString")).toBeNull();
    expect(shareProblemMessage("<b>")).toBeNull();
    expect(shareProblemMessage(null)).toBeNull();
  });
});
