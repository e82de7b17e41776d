import { strToU8, zipSync } from "fflate";
import { describe, expect, it } from "vitest";
import * as Y from "yjs";

import { parseAppleNotes } from "@/lib/import/apple-notes";
import { bearTags, parseBear } from "@/lib/import/bear";
import { importedDocument } from "@/lib/import/document";
import { htmlToMarkdown } from "@/lib/import/html-markdown";
import { keepTime, parseKeep } from "@/lib/import/keep";
import { planTags, type ImportEntry } from "@/lib/import/plan";
import { ImportRefusal, readExport, readExportLoading } from "@/lib/import/read-export";
import { documentDerived, documentMarkdown } from "@/lib/notes/document-text";

const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3]);
const JPEG = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 0x4a, 0x46, 0x49, 0x46]);
const NOT_UTF8 = new Uint8Array([0x23, 0x20, 0xff, 0xfe, 0xfd]);
const entry = (path: string, data: string | Uint8Array | object): ImportEntry => ({
  path,
  bytes:
    typeof data === "string"
      ? strToU8(data)
      : data instanceof Uint8Array
        ? data
        : strToU8(JSON.stringify(data)),
});
const zipOf = (entries: ImportEntry[]) =>
  zipSync(Object.fromEntries(entries.map((e) => [e.path, e.bytes])));

function refusal(files: ImportEntry[]): string {
  try {
    readExport(files);
  } catch (err) {
    expect(err).toBeInstanceOf(ImportRefusal);
    return (err as Error).message;
  }
  return "accepted";
}

/** What the editor holds once the note's Markdown is its document (as the server reads it). */
async function asEditorHolds(markdown: string) {
  const doc = new Y.Doc();
  Y.applyUpdate(doc, importedDocument(markdown, [{ name: "picture" }]));
  return { markdown: documentMarkdown(doc), derived: await documentDerived(doc) };
}

const KEEP = [
  entry("Takeout/archive_browser.html", "<html>Takeout</html>"),
  entry("Takeout/Keep/Groceries.json", {
    color: "RED",
    isTrashed: false,
    isPinned: true,
    isArchived: false,
    title: "Groceries",
    listContent: [
      { text: "Milk", isChecked: true },
      { text: "Eggs", isChecked: false },
    ],
    labels: [{ name: "Shopping" }, { name: "home list" }],
    createdTimestampUsec: 1706696100000000,
    userEditedTimestampUsec: 1706774400000000,
    attachments: [{ filePath: "1a2b.jpeg", mimetype: "image/jpeg" }],
  }),
  entry("Takeout/Keep/Groceries.html", "<html><body><div>Groceries</div></body></html>"),
  // Takeout names the file .jpg where the note says .jpeg.
  entry("Takeout/Keep/1a2b.jpg", JPEG),
  entry("Takeout/Keep/2024-02-03T10_00_00.000Z.json", {
    color: "DEFAULT",
    isTrashed: false,
    isPinned: false,
    isArchived: true,
    title: "",
    textContent: "Call the plumber\nabout the #house/kitchen sink\n- wrench\n- tape",
    createdTimestampUsec: 1706954400000000,
  }),
  entry("Takeout/Keep/Old list.json", {
    isTrashed: true,
    isArchived: false,
    title: "Old list",
    textContent: "gone",
  }),
  entry("Takeout/Keep/Broken.json", '{"title": "Broken", "textContent": "no end'),
  entry("Takeout/Keep/Labels.txt", "Shopping\nhome list\n"),
];

describe("Google Keep (a Takeout zip)", () => {
  const plan = readExport([{ path: "takeout-20240301.zip", bytes: zipOf(KEEP) }]);
  const groceries = plan.notes.find((n) => n.title === "Groceries")!;
  const plumber = plan.notes.find((n) => n.title === "Call the plumber")!;

  it("reads titles, checklists, labels as tags, pinned, times and attachments at the top", () => {
    expect(plan.source).toBe("keep");
    expect(plan.notes).toHaveLength(2);
    expect(groceries.markdown).toBe(
      "# Groceries\n\n%%attachment:0%%\n\n- [x] Milk\n- [ ] Eggs\n\n#Shopping #home-list",
    );
    expect(groceries.tags).toEqual(["shopping", "home-list"]);
    expect(groceries.pinned).toBe(true);
    expect(groceries.folder).toBe("");
    expect(groceries.created).toBe("2024-01-31T10:15:00.000Z");
    expect(groceries.updated).toBe("2024-02-01T08:00:00.000Z");
    expect(groceries.attachments).toEqual(["Takeout/Keep/1a2b.jpg"]);
    expect(plan.attachments.map((a) => [a.name, a.type, a.bytes])).toEqual([
      ["1a2b.jpg", "image/jpeg", JPEG],
    ]);
    expect(planTags(plan)).toEqual(["home-list", "house/kitchen", "shopping"]);
  });

  it("puts archived notes in an Archive folder, keeps lines, and calls an untitled note by its first line", () => {
    expect(plan.folders).toEqual(["Archive"]);
    expect(plumber.folder).toBe("Archive");
    expect(plumber.pinned).toBe(false);
    // Untitled in Keep: called by its first line, which stays the note's first line.
    expect(plumber.title).toBe("Call the plumber");
    expect(plumber.markdown).toBe(
      "Call the plumber\n\nabout the #house/kitchen sink\n\n- wrench\n- tape",
    );
    expect(plumber.updated).toBeNull();
  });

  it("says which notes were in the trash and which did not read", () => {
    expect(plan.problems).toEqual([
      { file: "Old list", sentence: "It is in Keep’s trash, so it was not imported." },
      {
        file: "Broken.json",
        sentence: "It is not a readable Keep note (its JSON is damaged), so it was left out.",
      },
    ]);
  });

  it("gives the editor a checklist and tags it derives", async () => {
    const held = await asEditorHolds(groceries.markdown);
    expect(held.markdown).toContain("- [x] Milk\n- [ ] Eggs");
    expect(held.derived.title).toBe("Groceries");
    expect(held.derived.tags).toEqual(["shopping", "home-list"]);
  });

  it("counts many trashed notes in one line, and reads microseconds as text too", () => {
    const trashed = parseKeep([
      entry("Keep/a.json", { isTrashed: true, textContent: "a" }),
      entry("Keep/b.json", { isTrashed: true, textContent: "b" }),
    ]);
    expect(trashed.notes).toEqual([]);
    expect(trashed.problems).toEqual([
      { file: "Keep’s trash", sentence: "2 notes are in Keep’s trash, so they were not imported." },
    ]);
    const htmlOnly = readExport([
      { path: "takeout.zip", bytes: zipOf([entry("Takeout/Keep/Lone.html", "<p>x</p>")]) },
    ]);
    expect(htmlOnly.notes).toEqual([]);
    expect(htmlOnly.problems).toEqual([
      {
        file: "Lone.html",
        sentence:
          "Only this note’s HTML is in the export; Groundwork reads the JSON a current Google Takeout of Keep holds.",
      },
    ]);
    expect(keepTime("1706696100000000")).toBe("2024-01-31T10:15:00.000Z");
    expect(keepTime(0)).toBeNull();
  });

  it("refuses what is not Keep with a sentence", () => {
    expect(refusal([{ path: "notes.json", bytes: strToU8('{"name": "x"}') }])).toBe(
      "“notes.json” is not a Google Keep note. Groundwork reads Keep from its Google Takeout zip.",
    );
    expect(
      refusal([
        {
          path: "takeout.zip",
          bytes: zipOf([entry("Takeout/Drive/report.pdf", PNG), entry("Takeout/index.html", "x")]),
        },
      ]),
    ).toBe(
      "“takeout.zip” is a Google Takeout without Keep notes: choose Keep when you make the Takeout.",
    );
    // One note's JSON dropped on its own is read.
    const one = readExport([KEEP[1]].map((e) => ({ ...e, path: "Groceries.json" })));
    expect(one.notes.map((n) => n.title)).toEqual(["Groceries"]);
  });
});

const bundle = (name: string, text: string | Uint8Array | null, info?: object) => [
  ...(text === null ? [] : [entry(`Bear Notes/${name}.textbundle/text.markdown`, text)]),
  ...(info
    ? [entry(`Bear Notes/${name}.textbundle/info.json`, { "net.shinyfrog.bear": info })]
    : []),
];

const BEAR = [
  ...bundle(
    "Trip to Lisbon",
    '# Trip to Lisbon\n\nPack for #travel/europe and #packing list#, then #travel/big trips#.\n\n![](assets/map%20one.png)<!-- {"width":300} -->\n\n- [ ] passport\n- [x] tickets\n\n`#not a tag#`',
    { creationDate: "2024-02-01T09:00:00Z", modificationDate: "2024-02-02T09:00:00Z", pinned: 1 },
  ),
  entry("Bear Notes/Trip to Lisbon.textbundle/assets/map one.png", PNG),
  ...bundle("Old idea", "# Old idea\n\nSomething #later", { archived: 1, pinned: 0 }),
  ...bundle("Gone", "# Gone\n\nbye", { trashed: 1 }),
  ...bundle("Empty", null, { pinned: 0 }),
  ...bundle("Garbled", NOT_UTF8),
];

describe("Bear (TextBundles, a .bear2bk backup, plain Markdown)", () => {
  const plan = parseBear(BEAR);
  const trip = plan.notes.find((n) => n.title === "Trip to Lisbon")!;

  it("keeps nested and multi-word tags, pictures in place, times and pinned", () => {
    expect(plan.source).toBe("bear");
    expect(plan.notes.map((n) => n.title).sort()).toEqual(["Old idea", "Trip to Lisbon"]);
    expect(trip.markdown).toBe(
      "# Trip to Lisbon\n\nPack for #travel/europe and #packing-list, then #travel/big-trips.\n\n%%attachment:0%%\n\n- [ ] passport\n- [x] tickets\n\n`#not a tag#`",
    );
    expect(trip.tags).toEqual(["travel/europe", "packing-list", "travel/big-trips"]);
    expect(trip.created).toBe("2024-02-01T09:00:00.000Z");
    expect(trip.updated).toBe("2024-02-02T09:00:00.000Z");
    expect(trip.pinned).toBe(true);
    expect(plan.attachments.map((a) => [a.name, a.type])).toEqual([["map one.png", "image/png"]]);
    expect(plan.attachments[0].bytes).toEqual(PNG);
  });

  it("puts archived notes in Archive and names the trashed and the broken ones", () => {
    const old = plan.notes.find((n) => n.title === "Old idea")!;
    expect(old.folder).toBe("Archive");
    expect(old.pinned).toBe(false);
    expect(plan.folders).toEqual(["Archive"]);
    expect(plan.problems).toEqual([
      { file: "Gone", sentence: "It is in Bear’s trash, so it was not imported." },
      {
        file: "Empty.textbundle",
        sentence: "This TextBundle holds no text (text.markdown), so it was left out.",
      },
      { file: "Garbled.textbundle", sentence: "Its text is not in UTF-8, so it was left out." },
    ]);
  });

  it("reads a .bear2bk backup and plain Bear Markdown by themselves", () => {
    const backup = readExport([{ path: "Bear 2024-03-01.bear2bk", bytes: zipOf(BEAR) }]);
    expect(backup.source).toBe("bear");
    expect(backup.notes).toHaveLength(2);
    expect(backup.attachments).toHaveLength(1);

    const plain = readExport([
      entry(
        "Reading list.md",
        "# Reading list\n\nBooks #to read#\n\n![](Reading%20list/cover.png)",
      ),
      entry("Reading list/cover.png", PNG),
    ]);
    expect(plain.source).toBe("bear");
    expect(plain.notes[0].markdown).toBe("# Reading list\n\nBooks #to-read\n\n%%attachment:0%%");
    expect(bearTags("# Heading #\n#one #two words# C# and #ok")).toBe(
      "# Heading #\n#one #two-words C# and #ok",
    );
    // Not a tag that closes: an Obsidian note that says #include <stdio.h> in C# stays a vault.
    expect(readExport([entry("C.md", "Use #include <stdio.h> in C#")]).source).toBe("markdown");
  });

  it("refuses a backup that is not one", () => {
    expect(refusal([{ path: "Bear.bear2bk", bytes: strToU8("not a zip") }])).toBe(
      "“Bear.bear2bk” is not a Bear backup, or it is damaged.",
    );
  });
});

const APPLE_MD = [
  entry(
    "Notes/iCloud/Recipes/Soup.md",
    "# Soup\n\n- [ ] onions\n- [x] stock\n\n![](Attachments/pot.png)",
  ),
  entry("Notes/iCloud/Recipes/Attachments/pot.png", PNG),
  entry("Notes/iCloud/Notes/Hello.md", "Hi there"),
  entry("Notes/iCloud/Notes/Odd.md", NOT_UTF8),
];

const APPLE_HTML = `<!DOCTYPE html><html><head><meta charset="utf-8"><title>Weekend</title><style>p{}</style></head>
<body><h1>Weekend</h1><div>Plans for <b>Saturday</b> #home</div>
<ul class="checklist"><li class="checked">Bake bread</li><li>Fix bike</li></ul>
<table><tr><th>Day</th><th>What</th></tr><tr><td>Sat</td><td>Market</td></tr></table>
<div><img src="data:image/png;base64,${btoa(String.fromCharCode(...PNG))}"></div>
<div><img src="Weekend%20files/plan.png"></div></body></html>`;

describe("Apple Notes (its Markdown export, and HTML from exporters)", () => {
  it("reads the Markdown export: folders, checklists, pictures; a broken note named", () => {
    const plan = readExport([{ path: "Notes.zip", bytes: zipOf(APPLE_MD) }]);
    expect(plan.source).toBe("apple-notes");
    expect(plan.folders).toEqual(["iCloud", "iCloud/Notes", "iCloud/Recipes"]);
    const soup = plan.notes.find((n) => n.title === "Soup")!;
    expect(soup.folder).toBe("iCloud/Recipes");
    expect(soup.markdown).toBe("# Soup\n\n- [ ] onions\n- [x] stock\n\n%%attachment:0%%");
    expect(plan.attachments.map((a) => a.id)).toEqual(["iCloud/Recipes/Attachments/pot.png"]);
    expect(plan.problems).toEqual([
      { file: "iCloud/Notes/Odd.md", sentence: "It is not text in UTF-8, so it was left out." },
    ]);
  });

  it("turns HTML into Markdown: title, checklists, tables, pictures embedded and beside it", async () => {
    const plan = parseAppleNotes(
      [
        entry("Export/Weekend.html", APPLE_HTML),
        entry("Export/Weekend files/plan.png", PNG),
        entry("Export/Broken.html", NOT_UTF8),
      ],
      htmlToMarkdown,
    );
    expect(plan.source).toBe("apple-notes");
    const [weekend] = plan.notes;
    expect(plan.notes).toHaveLength(1);
    expect(weekend.title).toBe("Weekend");
    expect(weekend.markdown).toBe(
      "# Weekend\n\nPlans for **Saturday** #home\n\n- [x] Bake bread\n- [ ] Fix bike\n\n| Day | What |\n| --- | --- |\n| Sat | Market |\n\n%%attachment:0%%\n\n%%attachment:1%%",
    );
    expect(weekend.tags).toEqual(["home"]);
    expect(plan.attachments.map((a) => [a.name, a.bytes])).toEqual([
      ["image-1.png", PNG],
      ["plan.png", PNG],
    ]);
    expect(plan.problems).toEqual([
      {
        file: "Broken.html",
        sentence: "It is not readable HTML in UTF-8, so this note was left out.",
      },
    ]);
    const held = await asEditorHolds(weekend.markdown);
    expect(held.markdown).toContain("- [x] Bake bread\n- [ ] Fix bike");
  });

  it("loads the HTML reader only for HTML, and refuses an export with no notes", async () => {
    const plan = await readExportLoading([entry("Weekend.html", APPLE_HTML)]);
    expect(plan.notes.map((n) => n.title)).toEqual(["Weekend"]);
    expect(readExport([entry("Weekend.html", APPLE_HTML)]).problems).toEqual([
      { file: "Weekend.html", sentence: "HTML could not be read here, so it was left out." },
    ]);
    expect(
      refusal([{ path: "Notes.zip", bytes: zipOf([entry("Notes/Attachments/pot.png", PNG)]) }]),
    ).toMatch(/^There are no notes in it: .*Apple Notes exports/);
  });
});
