import { strToU8, zipSync } from "fflate";
import { describe, expect, it } from "vitest";
import * as Y from "yjs";

import { csvRows, markdownTable } from "@/lib/import/csv-table";
import { importedDocument } from "@/lib/import/document";
import { planTables } from "@/lib/import/plan";
import { readExport } from "@/lib/import/read-export";
import { documentMarkdown } from "@/lib/notes/document-text";

const PAGE = "0123456789abcdef0123456789abcdef";
const TASKS = "fedcba9876543210fedcba9876543210";
const ROW = "00112233445566778899aabbccddeeff";
const PEOPLE = "aabbccddeeff00112233445566778899";

/** A Notion "Markdown & CSV" export: a page, a database beside it (its rows as pages), another database. */
function notionZip(): Uint8Array {
  const root = "Export-1234";
  return zipSync({
    [`${root}/Projects ${PAGE}.md`]: strToU8(
      `# Projects\n\nOur work. The tasks: [Tasks](Projects%20${PAGE}/Tasks%20${TASKS}.csv)\n`,
    ),
    // The view's rows, and every row: the second is the one to keep.
    [`${root}/Projects ${PAGE}/Tasks ${TASKS}.csv`]: strToU8(
      "\uFEFFName,Status\nOnly in view,Doing\n",
    ),
    [`${root}/Projects ${PAGE}/Tasks ${TASKS}_all.csv`]: strToU8(
      '\uFEFFName,Status,Notes\r\nWrite the plan,Done,"a | b, and ""c"""\r\n"Two\nlines",Doing\r\n',
    ),
    [`${root}/Projects ${PAGE}/Tasks ${TASKS}/Write the plan ${ROW}.md`]: strToU8(
      "# Write the plan\n\nStatus: Done\n",
    ),
    [`${root}/People ${PEOPLE}.csv`]: strToU8("Name\n"),
  });
}

describe("Notion databases", () => {
  it("reads CSV as people write it: quotes, doubled quotes, commas and line breaks inside", () => {
    expect(csvRows('a,"b, c","say ""hi"""\r\n"x\ny",,z\n\n')).toEqual([
      ["a", "b, c", 'say "hi"'],
      ["x\ny", "", "z"],
    ]);
    expect(markdownTable([["A", "B"], ["1 | 2"], ["x\ny", "z", "extra"]])).toBe(
      "| A | B |  |\n| --- | --- | --- |\n| 1 \\| 2 |  |  |\n| x y | z | extra |",
    );
  });

  it("each database CSV becomes a note with a table in its page's folder, linked from the page and counted", () => {
    const plan = readExport([{ path: "Notion export.zip", bytes: notionZip() }]);
    expect(plan.source).toBe("notion");
    const tasks = plan.notes.find((n) => n.title === "Tasks");
    expect(tasks).toMatchObject({ folder: "Projects", table: true });
    expect(tasks!.markdown).toBe(
      [
        "# Tasks",
        "",
        "| Name | Status | Notes |",
        "| --- | --- | --- |",
        '| Write the plan | Done | a \\| b, and "c" |',
        "| Two lines | Doing |  |",
      ].join("\n"),
    );
    // The page's link to the database leads to its note.
    expect(plan.notes.find((n) => n.title === "Projects")!.markdown).toContain("[[Tasks]]");
    // A row's page is a note of its own, in the database's folder.
    expect(plan.notes.find((n) => n.title === "Write the plan")!.folder).toBe("Projects/Tasks");
    // A database without rows is named, not made.
    expect(plan.notes.some((n) => n.title === "People")).toBe(false);
    expect(plan.problems).toEqual([
      { file: "People.csv", sentence: "This database has no rows, so it was left out." },
    ]);
    expect(planTables(plan)).toBe(1);
    expect(plan.notes).toHaveLength(3);

    // The editor reads it as a table, and the cell keeps its pipe.
    const doc = new Y.Doc();
    Y.applyUpdate(doc, importedDocument(tasks!.markdown, []));
    const written = documentMarkdown(doc);
    expect(written).toMatch(/\| *Name *\| *Status *\| *Notes *\|/);
    expect(written).toMatch(/a \\\| b, and "c"/);
  });
});
