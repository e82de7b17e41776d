import { describe, expect, it } from "vitest";

import {
  folderGroups,
  folderHtmlDocument,
  noteAnchors,
  type RenderedNote,
} from "@/lib/export/folder-html";
import { markdownTree } from "@/lib/export/markdown-html";
import { noteBodyHtml, noteHtml } from "@/lib/export/note-export";

const folders = [
  { id: "travel", parent_id: null, name: "Travel" },
  { id: "other", parent_id: null, name: "Other" },
  { id: "europe", parent_id: "travel", name: "Europe" },
  { id: "asia", parent_id: "travel", name: "Asia" },
  { id: "paris", parent_id: "europe", name: "Paris" },
  { id: "empty", parent_id: "travel", name: "Empty" },
];

const note = (title: string, folder_id: string, body = "") => ({ title, folder_id, body });

describe("a folder's notes in order", () => {
  const notes = [
    note("Old Paris", "paris"),
    note("Tokyo", "asia"),
    note("Packing", "travel"),
    note("Rome", "europe"),
    note("Elsewhere", "other"),
    note("New Paris", "paris"),
    note("Checklist", "travel"),
  ];
  const groups = folderGroups(folders, "travel", notes);

  it("walks the folder, then each folder inside it depth first, in the sidebar's order", () => {
    expect(groups.map((g) => g.path.join("/"))).toEqual([
      "Travel",
      "Travel/Europe",
      "Travel/Europe/Paris",
      "Travel/Asia",
    ]);
  });

  it("keeps each folder's notes in the order they were read, and no others", () => {
    expect(groups.map((g) => g.notes.map((n) => n.title))).toEqual([
      ["Packing", "Checklist"],
      ["Rome"],
      ["Old Paris", "New Paris"],
      ["Tokyo"],
    ]);
    expect(groups.flatMap((g) => g.notes).map((n) => n.title)).not.toContain("Elsewhere");
  });

  it("starts from a sub-folder as its own root, and survives a loop in the rows", () => {
    expect(folderGroups(folders, "europe", notes).map((g) => g.path.join("/"))).toEqual([
      "Europe",
      "Europe/Paris",
    ]);
    const looped = [
      { id: "a", parent_id: "b", name: "A" },
      { id: "b", parent_id: "a", name: "B" },
    ];
    expect(folderGroups(looped, "a", [note("x", "a"), note("y", "b")]).length).toBe(2);
    expect(folderGroups(folders, "gone", notes)).toEqual([]);
  });
});

describe("fragment ids for the contents", () => {
  it("are unique when titles repeat or differ only in what ids cannot hold", () => {
    expect(
      noteAnchors(["Trip plan", "Trip plan", "trip-plan!", "", null, "Ünïcode", "日本"]),
    ).toEqual([
      "note-trip-plan",
      "note-trip-plan-2",
      "note-trip-plan-3",
      "note-untitled-note",
      "note-untitled-note-2",
      "note-unicode",
      "note-untitled",
    ]);
  });

  it("never repeat even when a title looks like a numbered one", () => {
    const ids = noteAnchors(["A", "A 2", "A", "A"]);
    expect(new Set(ids).size).toBe(4);
  });
});

describe("a folder as one HTML file", () => {
  const rendered = (title: string | null, body: string, folder_id: string) => ({
    title,
    folder_id,
    html: noteBodyHtml(markdownTree(body), new Map()),
  });
  const notes = [
    rendered("Packing", "## Bags\n\n- [ ] Passport\n- [x] Tickets", "travel"),
    rendered("Packing", "Second list", "travel"),
    rendered(
      '<img src=x onerror="alert(1)">',
      '<script>alert(1)</script>\n\n[bad](javascript:alert(1))\n\n```js\nconst a = "</code><script>";\n```',
      "paris",
    ),
    rendered("Tokyo", "Ramen", "asia"),
  ];
  const groups = folderGroups<RenderedNote & { folder_id: string }>(folders, "travel", notes);
  const html = folderHtmlDocument("Travel <&> plans", groups);

  it("is one page named after the folder, with the note export's styles and a page per note", () => {
    expect(html).toMatch(/^<!doctype html>\n<html lang="en">/);
    expect(html).toContain("<title>Travel &lt;&amp;&gt; plans</title>");
    expect(html).toContain("<h1>Travel &lt;&amp;&gt; plans</h1>");
    expect(html).toContain("<p>4 notes</p>");
    expect(html).toMatch(
      /@media print \{[\s\S]*article\.note, h2\.folder-path \{ break-before: page;/,
    );
  });

  it("lists every note in the contents, linked to its section, in the file's order", () => {
    const links = [...html.matchAll(/<li><a href="#([^"]+)">([^<]*)<\/a><\/li>/g)];
    const anchors = links.map((m) => m[1]);
    expect(anchors).toEqual([
      "note-packing",
      "note-packing-2",
      "note-img-srcx-onerroralert1",
      "note-tokyo",
    ]);
    const sections = [...html.matchAll(/<article class="note" id="([^"]+)">\n<h1>([^\n]*)<\/h1>/g)];
    expect(sections.map((m) => m[1])).toEqual(anchors);
    expect(sections.map((m) => m[2])).toEqual([
      "Packing",
      "Packing",
      '&lt;img src=x onerror="alert(1)"&gt;',
      "Tokyo",
    ]);
  });

  it("puts a sub-folder's notes under a heading with its path, the folder's own first", () => {
    const order = [
      html.indexOf('id="note-packing"'),
      html.indexOf('<h2 class="folder-path">Travel / Europe / Paris</h2>'),
      html.indexOf('id="note-img-srcx-onerroralert1"'),
      html.indexOf('<h2 class="folder-path">Travel / Asia</h2>'),
      html.indexOf('id="note-tokyo"'),
    ];
    expect(order.every((at) => at > 0)).toBe(true);
    expect([...order].sort((a, b) => a - b)).toEqual(order);
    expect(html).not.toContain("Travel / Europe</h2>");
    expect(html).toContain('<li class="folder-path">Travel / Asia<ol><li><a href="#note-tokyo">');
  });

  it("renders each body as the note's own HTML export does, and runs nothing from a note", () => {
    const single = noteHtml(
      "Packing",
      markdownTree("## Bags\n\n- [ ] Passport\n- [x] Tickets"),
      new Map(),
    );
    const body = single.slice(
      single.indexOf("<h1>Packing</h1>\n") + 17,
      single.indexOf("\n</article>"),
    );
    expect(html).toContain(`<h1>Packing</h1>\n${body}\n</article>`);
    expect(html).toContain('<input type="checkbox" checked disabled> Tickets');
    expect(html).not.toMatch(/<script|<img src=x|javascript:/i);
    expect(html).toContain("<a>bad</a>");
    expect(html).toContain('<code class="language-js">const a = "&lt;/code&gt;&lt;script&gt;";');
  });

  it("names a folder with no name and counts one note as one", () => {
    const one = folderHtmlDocument(" ", [
      { id: "x", path: ["x"], notes: [{ title: null, html: "" }] },
    ]);
    expect(one).toContain("<title>Folder</title>");
    expect(one).toContain("<p>1 note</p>");
    expect(one).toContain('<article class="note" id="note-untitled-note">\n<h1>Untitled note</h1>');
  });
});
