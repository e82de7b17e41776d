// @vitest-environment node
import path from "node:path";
import { describe, expect, it } from "vitest";
import { loadConfig } from "@groundwork/local-backend";
import { formatBytes } from "@/lib/format-bytes";
import {
  ATTACHMENT_MAX_BYTES,
  ATTACHMENT_TYPES,
  attachmentType,
  refusalFor,
} from "@/lib/attachments/limits";
import {
  attachmentMarkdown,
  attachmentsInMarkdown,
  isInNoteFolder,
  newAttachmentPath,
  pathFromUrl,
  pathsInMarkdown,
} from "@/lib/attachments/paths";

const OWNER = "aaaaaaaa-1111-4111-8111-111111111111";
const NOTE = "bbbbbbbb-2222-4222-8222-222222222222";
const OTHER_NOTE = "cccccccc-3333-4333-8333-333333333333";

describe("attachment limits", () => {
  it("say what the bucket in config.toml takes, no more and no less", () => {
    const config = loadConfig({ supabaseDir: path.resolve("supabase"), env: {} }).storage;
    const bucket = config.buckets.find((b) => b.name === "attachments");
    expect(bucket?.fileSizeLimit).toBe(ATTACHMENT_MAX_BYTES);
    expect([...(bucket?.allowedMimeTypes ?? [])].sort()).toEqual(
      Object.keys(ATTACHMENT_TYPES).sort(),
    );
  });

  it("refuse a file too large, empty or of a type that could run script, in words", () => {
    const ok = { name: "photo.png", type: "image/png", size: 1000 };
    expect(refusalFor(ok)).toBeNull();
    expect(refusalFor({ ...ok, size: ATTACHMENT_MAX_BYTES + 1 })).toMatch(
      /too large \(50 MB\): a file can be at most 50 MB/,
    );
    expect(refusalFor({ ...ok, size: 0 })).toMatch(/empty/);
    expect(refusalFor({ ...ok, name: "x.svg", type: "image/svg+xml" })).toMatch(
      /can’t be attached/,
    );
    expect(refusalFor({ ...ok, name: "x.html", type: "text/html" })).toMatch(/can’t be attached/);
  });

  it("know a Markdown file by its name when the browser gives no type", () => {
    expect(attachmentType({ name: "Notes.MD", type: "" })).toBe("text/markdown");
    expect(attachmentType({ name: "blob", type: "" })).toBe("application/octet-stream");
    expect(formatBytes(512)).toBe("512 B");
    expect(formatBytes(1536)).toBe("1.5 KB");
    expect(formatBytes(ATTACHMENT_MAX_BYTES)).toBe("50 MB");
  });
});

describe("attachment paths", () => {
  it("put a new file right below its note's folder, under a name any URL takes", () => {
    const path = newAttachmentPath(OWNER, NOTE, "Résumé (final) [v2].PDF");
    expect(path).toMatch(new RegExp(`^${OWNER}/${NOTE}/[0-9a-f]{12}-Resume-final-v2\\.PDF$`));
    expect(isInNoteFolder(path, OWNER, NOTE)).toBe(true);
    expect(isInNoteFolder(path, OWNER, OTHER_NOTE)).toBe(false);
    expect(newAttachmentPath(OWNER, NOTE, "../../etc/passwd")).not.toContain("/etc");
  });

  it("round-trip through Markdown, and nothing but well-formed paths are read back", () => {
    const path = `${OWNER}/${NOTE}/0a0b0c0d0e0f-shot.png`;
    const image = attachmentMarkdown({ path, name: "shot [1].png", type: "image/png" });
    expect(image).toBe(`![shot \\[1\\].png](attachment:${path})`);
    const file = attachmentMarkdown({ path, name: "a.pdf", type: "application/pdf" });
    expect(file).toBe(`[a.pdf](attachment:${path})`);
    expect(pathsInMarkdown(`${image}\n\n${file}\n[x](attachment:../../secret)`)).toEqual([path]);
    expect(pathFromUrl(`attachment:${path}`)).toBe(path);
    expect(pathFromUrl(`attachment:${OWNER}/../x`)).toBeNull();
    expect(pathFromUrl("https://example.com")).toBeNull();
  });
});

describe("attachments named in a note's Markdown", () => {
  it("are read back with the name they are shown under, images apart from files", () => {
    const image = `${OWNER}/${NOTE}/0a0b0c0d0e0f-shot.png`;
    const file = `${OWNER}/${NOTE}/0a0b0c0d0e0f-a.pdf`;
    const md = `Intro\n\n![shot \\[1\\].png](attachment:${image})\n\n[Q3 report.pdf](attachment:${file})`;
    expect(attachmentsInMarkdown(md)).toEqual([
      { path: image, name: "shot [1].png", image: true },
      { path: file, name: "Q3 report.pdf", image: false },
    ]);
  });
});
