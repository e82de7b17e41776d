import { describe, expect, it } from "vitest";
import * as Y from "yjs";

import { importedDocument } from "@/lib/import/document";
import type { ImportPlan, PlannedNote } from "@/lib/import/plan";
import { importedAttachmentPath, workLeft, type ImportJob } from "@/lib/import/write";

const OWNER = "11111111-1111-4111-8111-111111111111";
const NOTE = "22222222-2222-4222-8222-222222222222";

function note(sourcePath: string, files = 0): PlannedNote {
  return {
    sourcePath,
    folder: "",
    title: sourcePath.replace(/\.md$/, ""),
    markdown: `# ${sourcePath}`,
    tags: [],
    created: null,
    updated: null,
    attachments: Array.from({ length: files }, (_, i) => `${sourcePath}-${i}`),
    hash: sourcePath,
  };
}

const plan: ImportPlan = {
  source: "markdown",
  folders: [],
  notes: [note("a.md"), note("b.md", 2), note("c.md"), note("d.md", 1)],
  attachments: [],
  problems: [],
};
const job: ImportJob = { importId: "import-1", noteIds: ["id-a", "id-b", "id-c", "id-d"] };

describe("what is left of an import", () => {
  it("starts at the beginning when nothing is recorded", () => {
    const work = workLeft(plan, job, "duplicate", new Map(), new Map());
    expect(work.toMake.map((w) => w.i)).toEqual([0, 1, 2, 3]);
    expect(work.toWrite.map((w) => w.i)).toEqual([0, 1, 2, 3]);
    expect(work.ids).toEqual(job.noteIds);
    expect(work.progress).toEqual({ notesDone: 0, notesTotal: 4, filesDone: 0, filesTotal: 3 });
  });

  it("resumes from the first note not written, making no row twice", () => {
    // a and b were written; c's row was made but its document not; d was never reached.
    const recorded = new Map([
      ["id-a", true],
      ["id-b", true],
      ["id-c", false],
    ]);
    const work = workLeft(plan, job, "duplicate", new Map(), recorded);
    expect(work.toMake.map((w) => w.note.sourcePath)).toEqual(["d.md"]);
    expect(work.toWrite.map((w) => w.note.sourcePath)).toEqual(["c.md", "d.md"]);
    expect(work.writtenCount).toBe(2);
    expect(work.progress).toEqual({ notesDone: 2, notesTotal: 4, filesDone: 2, filesTotal: 3 });
  });

  it("keeps skipping what an earlier import brought in, and links to the note already there", () => {
    const seen = new Map([["c.md", { noteId: "earlier-c" }]]);
    const work = workLeft(plan, job, "skip", seen, new Map([["id-a", true]]));
    expect(work.ids).toEqual(["id-a", "id-b", "earlier-c", "id-d"]);
    expect(work.skippedCount).toBe(1);
    expect(work.toWrite.map((w) => w.note.sourcePath)).toEqual(["b.md", "d.md"]);
    expect(work.progress.notesDone).toBe(2);
  });

  it("is done when every note is written", () => {
    const recorded = new Map(job.noteIds.map((id) => [id, true]));
    const work = workLeft(plan, job, "replace", new Map(), recorded);
    expect(work.toMake).toEqual([]);
    expect(work.toWrite).toEqual([]);
    expect(work.progress.notesDone).toBe(4);
  });
});

describe("writing the same note again", () => {
  it("stores a file at the same valid path every time", () => {
    const path = importedAttachmentPath(OWNER, NOTE, 3, "Bed photo.PNG");
    expect(path).toBe(`${OWNER}/${NOTE}/import3-Bed-photo.PNG`);
    expect(importedAttachmentPath(OWNER, NOTE, 3, "Bed photo.PNG")).toBe(path);
    expect(importedAttachmentPath(OWNER, NOTE, 4, "Bed photo.PNG")).not.toBe(path);
  });

  it("makes the same document bytes, so posting it twice adds nothing", () => {
    const once = importedDocument("# Plan\n\nDig.", [], undefined, NOTE);
    expect(importedDocument("# Plan\n\nDig.", [], undefined, NOTE)).toEqual(once);
    const doc = new Y.Doc();
    Y.applyUpdate(doc, once);
    Y.applyUpdate(doc, importedDocument("# Plan\n\nDig.", [], undefined, NOTE));
    expect(doc.getXmlFragment("default").toString()).toBe(
      '<heading level="1">Plan</heading><paragraph>Dig.</paragraph>',
    );
  });

  it("turns a [[Title]] of the import into a link to that note, and leaves others and code as text", () => {
    const update = importedDocument(
      "# Garden\n\nSee [[seeds]], [[Nowhere]] and `[[Seeds]]`.",
      [],
      (title) => (title.toLowerCase() === "seeds" ? { id: NOTE, title: "Seeds" } : null),
    );
    const doc = new Y.Doc();
    Y.applyUpdate(doc, update);
    const xml = doc.getXmlFragment("default").toString();
    expect(xml).toContain(`<notelink id="${NOTE}" label="Seeds"></notelink>`);
    expect(xml).toContain("[[Nowhere]]");
    expect(xml).toContain("[[Seeds]]</code>");
  });
});
