import { getSchema } from "@tiptap/core";
import { prosemirrorJSONToYDoc } from "@tiptap/y-tiptap";
import { describe, expect, it } from "vitest";
import * as Y from "yjs";

import {
  attachmentPathsOf,
  putBackAttachment,
  removedAttachments,
  takeOutAttachment,
} from "@/lib/history/attachments";
import { documentMarkdown } from "@/lib/notes/document-text";
import { editorExtensions } from "@/lib/notes/editor-extensions";

const schema = getSchema(editorExtensions(new Y.Doc()));
const FOLDER = "11111111-1111-4111-8111-111111111111/22222222-2222-4222-8222-222222222222";
const REPORT = `${FOLDER}/a1b2c3-report.pdf`;
const PHOTO = `${FOLDER}/d4e5f6-photo.png`;

type Block = { type: string; content?: unknown[]; attrs?: Record<string, unknown> };
const p = (text: string): Block => ({ type: "paragraph", content: [{ type: "text", text }] });
const file = (path: string, name: string, type = "application/pdf"): Block => ({
  type: "attachment",
  attrs: { path, name, type, size: 1234 },
});
const docOf = (...blocks: Block[]) =>
  prosemirrorJSONToYDoc(schema, { type: "doc", content: blocks }, "default");

/** Applies what the server would store (the edit as an update) to a device's own copy. */
function follow(server: Y.Doc, device: Y.Doc, edit: () => void) {
  const known = Y.encodeStateVector(server);
  edit();
  Y.applyUpdate(device, Y.encodeStateAsUpdate(server, known));
}

describe("putting one file of a version back into the note", () => {
  it("finds the files a version had that the note no longer has", () => {
    const version = docOf(
      p("Trip"),
      file(REPORT, "report.pdf"),
      p("Day one"),
      file(PHOTO, "photo.png", "image/png"),
    );
    const now = docOf(p("Trip"), p("Day one"), file(PHOTO, "photo.png", "image/png"));
    expect(attachmentPathsOf(version)).toEqual([REPORT, PHOTO]);
    expect(removedAttachments(version, now)).toEqual([
      { path: REPORT, name: "report.pdf", type: "application/pdf", size: 1234 },
    ]);
  });

  it("goes back after the block it followed, keeping what a device typed meanwhile", () => {
    const version = docOf(p("Trip"), p("Plan"), file(REPORT, "report.pdf"), p("Day one"));
    const server = docOf(p("Trip"), p("Plan"), p("Day one"));
    const phone = new Y.Doc();
    Y.applyUpdate(phone, Y.encodeStateAsUpdate(server));
    // The phone types at the end while the file is being put back.
    const line = phone.getXmlFragment("default").get(2) as Y.XmlElement;
    const typed = Y.encodeStateVector(phone);
    (line.get(0) as Y.XmlText).insert(7, " and two");
    const phoneEdit = Y.encodeStateAsUpdate(phone, typed);

    follow(server, phone, () => {
      expect(putBackAttachment(server, version, REPORT)?.name).toBe("report.pdf");
    });
    Y.applyUpdate(server, phoneEdit);
    const expected = "Plan\n\n[report.pdf](attachment:" + REPORT + ")\n\nDay one and two";
    expect(documentMarkdown(server)).toContain(expected);
    expect(documentMarkdown(phone)).toBe(documentMarkdown(server));
  });

  it("goes before the block after it when the block before is gone, at the end when both are", () => {
    const version = docOf(p("Trip"), p("Gone"), file(REPORT, "report.pdf"), p("Day one"));
    const moved = docOf(p("Trip"), p("Day one"), p("Day two"));
    putBackAttachment(moved, version, REPORT);
    expect(attachmentPathsOf(moved)).toEqual([REPORT]);
    expect((moved.getXmlFragment("default").get(1) as Y.XmlElement).nodeName).toBe("attachment");

    const rewritten = docOf(p("Trip"), p("Something else"));
    putBackAttachment(rewritten, docOf(p("Old"), file(REPORT, "report.pdf"), p("Gone")), REPORT);
    expect((rewritten.getXmlFragment("default").get(2) as Y.XmlElement).nodeName).toBe(
      "attachment",
    );
    // Never above the title, even when the block after it is the first line now.
    const titled = docOf(p("Day one"));
    putBackAttachment(titled, docOf(file(REPORT, "report.pdf"), p("Day one")), REPORT);
    expect((titled.getXmlFragment("default").get(0) as Y.XmlElement).nodeName).toBe("paragraph");
  });

  it("answers null for a file the version never had, and takes a put-back file out again", () => {
    const version = docOf(p("Trip"), file(REPORT, "report.pdf"));
    const now = docOf(p("Trip"));
    expect(putBackAttachment(now, version, PHOTO)).toBeNull();
    expect(attachmentPathsOf(now)).toEqual([]);
    putBackAttachment(now, version, REPORT);
    expect(takeOutAttachment(now, REPORT)).toBe(true);
    expect(attachmentPathsOf(now)).toEqual([]);
    expect(takeOutAttachment(now, REPORT)).toBe(false);
  });
});
