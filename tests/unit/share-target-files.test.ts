import { describe, expect, it } from "vitest";

import manifest from "@/app/manifest";
import { ATTACHMENT_MAX_BYTES, ATTACHMENT_TYPES } from "@/lib/attachments/limits";
import { shareProblemMessage } from "@/lib/share-target/pending";
import { LOCAL_DATABASE_PREFIX } from "@/lib/notes/offline/list-store";
import {
  claimPath,
  PENDING_SHARES_DATABASE,
  sharedFilesDatabase,
  sortKeptFiles,
  type NoteFile,
} from "@/lib/share-target/kept-files";
import {
  formHasFiles,
  readSharedForm,
  SHARED_FILES_MAX_COUNT,
} from "@/lib/share-target/shared-files";
import { sharedNoteMarkdown } from "@/lib/share-target/shared-note";

const file = (name: string, type: string, size: number) =>
  new File([new Uint8Array(size)], name, { type });

function formOf(text: Record<string, string>, files: File[], field = "files"): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(text)) form.append(name, value);
  for (const f of files) form.append(field, f);
  return form;
}

describe("a share's form with files", () => {
  it("takes the text fields and the files a note's attachments take, in order", () => {
    const png = file("seedlings.png", "image/png", 120);
    const pdf = file("Planting plan.pdf", "application/pdf", 300);
    const read = readSharedForm(
      formOf({ title: "Beds", text: "Spring plan", url: "https://example.com" }, [png, pdf]),
    );
    expect(read.fields).toEqual({ title: "Beds", text: "Spring plan", url: "https://example.com" });
    expect(read.files.map((f) => f.name)).toEqual(["seedlings.png", "Planting plan.pdf"]);
    expect(read.refused).toEqual([]);
  });

  it("refuses a file too large, empty or of a type that could run script, naming it and why", () => {
    const read = readSharedForm(
      formOf({ text: "x" }, [
        file("huge.mp4", "video/mp4", ATTACHMENT_MAX_BYTES + 1),
        file("page.html", "text/html", 10),
        file("empty.txt", "text/plain", 0),
        file("notes.md", "", 12),
      ]),
    );
    expect(read.files.map((f) => f.name)).toEqual(["notes.md"]);
    expect(read.refused).toEqual([
      "“huge.mp4” is too large (50 MB): a file can be at most 50 MB.",
      expect.stringContaining("“page.html” is a type of file that can’t be attached"),
      "“empty.txt” is empty, so there is nothing to attach.",
    ]);
  });

  it("takes at most so many files, and so many bytes together, and says which were left", () => {
    const many = Array.from({ length: SHARED_FILES_MAX_COUNT + 1 }, (_, i) =>
      file(`photo-${i}.jpg`, "image/jpeg", 10),
    );
    const byCount = readSharedForm(formOf({}, many));
    expect(byCount.files).toHaveLength(SHARED_FILES_MAX_COUNT);
    expect(byCount.refused).toEqual([
      `“photo-${SHARED_FILES_MAX_COUNT}.jpg” was not taken: one share can carry at most ${SHARED_FILES_MAX_COUNT} files.`,
    ]);

    const byBytes = readSharedForm(
      formOf({}, [
        file("a.pdf", "application/pdf", 600),
        file("b.pdf", "application/pdf", 500),
        file("c.pdf", "application/pdf", 400),
      ]),
      { count: 10, bytes: 1024 },
    );
    expect(byBytes.files.map((f) => f.name)).toEqual(["a.pdf", "c.pdf"]);
    expect(byBytes.refused).toEqual([
      "“b.pdf” was not taken: the files of one share can hold at most 1 KB together.",
    ]);
  });

  it("counts an empty file input as no file, and a file in any field as a file", () => {
    const emptyInput = formOf({ text: "only text" }, [new File([], "")]);
    expect(formHasFiles(emptyInput)).toBe(false);
    expect(readSharedForm(emptyInput)).toEqual({
      fields: { title: "", text: "only text", url: "" },
      files: [],
      refused: [],
    });
    expect(formHasFiles(formOf({}, [file("a.png", "image/png", 3)], "title"))).toBe(true);
    // A file sent in a text field is not that field's text.
    expect(readSharedForm(formOf({}, [file("a.png", "image/png", 3)], "title")).fields.title).toBe(
      "",
    );
  });

  it("titles a note of files alone after them, and still refuses a share of nothing", () => {
    const none = { title: "", text: "", url: "" };
    expect(sharedNoteMarkdown(none, ["Receipt [May].pdf"])).toEqual({
      ok: true,
      markdown: "# Receipt \\[May\\].pdf",
    });
    expect(sharedNoteMarkdown(none, ["a.png", "b.png", "c.pdf"])).toEqual({
      ok: true,
      markdown: "# a.png and 2 more files",
    });
    expect(sharedNoteMarkdown(none, [])).toEqual({ ok: false, reason: "empty" });
    // With text, the text makes the note as before; the files follow as attachments.
    expect(sharedNoteMarkdown({ ...none, text: "Look" }, ["a.png"])).toEqual({
      ok: true,
      markdown: "Look",
    });
  });

  it("is claimed on the notes page, and a share the device could not keep is explained", () => {
    expect(claimPath("4f1c")).toBe("/notes?action=share&shared=4f1c");
    expect(shareProblemMessage("not-kept")).toMatch(/could not be kept on this device/);
  });

  it("is kept only in databases that signing out deletes", () => {
    expect(PENDING_SHARES_DATABASE.startsWith(LOCAL_DATABASE_PREFIX)).toBe(true);
    expect(sharedFilesDatabase("u1").startsWith(`${LOCAL_DATABASE_PREFIX}u1:`)).toBe(true);
  });
});

describe("the manifest's share target", () => {
  it("posts multipart forms and offers exactly the types a note's attachments take", () => {
    const target = manifest().share_target!;
    expect(target.enctype).toBe("multipart/form-data");
    expect(target.params.title).toBe("title");
    const files = target.params.files as { name: string; accept: string[] }[];
    expect(files).toHaveLength(1);
    expect(files[0].name).toBe("files");
    for (const type of Object.keys(ATTACHMENT_TYPES)) expect(files[0].accept).toContain(type);
    const mimeTypes = files[0].accept.filter((a) => !a.startsWith("."));
    expect(mimeTypes.sort()).toEqual(Object.keys(ATTACHMENT_TYPES).sort());
    expect(files[0].accept.join(" ")).not.toMatch(/svg|html/);
  });
});

describe("a note's kept shared files, against the attachments it already has", () => {
  const kept = (id: string, name: string, size: number): NoteFile => ({
    id,
    noteId: "n",
    file: file(name, "text/plain", size),
  });

  it("does not attach again a file already in the note (same name and size), and attaches the rest", () => {
    const files = [kept("a", "plan.pdf", 30), kept("b", "photo.png", 12), kept("c", "list.txt", 4)];
    const { attached, toAttach } = sortKeptFiles(files, [
      { name: "plan.pdf", size: 30 },
      { name: "photo.png", size: 99 },
    ]);
    expect(attached.map((k) => k.id)).toEqual(["a"]);
    expect(toAttach.map((k) => k.id)).toEqual(["b", "c"]);
  });

  it("counts each attachment once: two identical files shared, one in the note, one still to attach", () => {
    const files = [kept("a", "same.txt", 3), kept("b", "same.txt", 3)];
    const { attached, toAttach } = sortKeptFiles(files, [{ name: "same.txt", size: 3 }]);
    expect(attached.map((k) => k.id)).toEqual(["a"]);
    expect(toAttach.map((k) => k.id)).toEqual(["b"]);
  });

  it("with no attachments yet, attaches everything", () => {
    const files = [kept("a", "one.txt", 1)];
    expect(sortKeptFiles(files, [])).toEqual({ attached: [], toAttach: files });
  });
});
