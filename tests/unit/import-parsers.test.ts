import { zipSync, strToU8 } from "fflate";
import { describe, expect, it } from "vitest";
import * as Y from "yjs";

import { importedDocument } from "@/lib/import/document";
import { enmlToMarkdown, parseEnex } from "@/lib/import/enex";
import { splitFrontMatter, frontMatterTags } from "@/lib/import/front-matter";
import { parseMarkdownVault } from "@/lib/import/markdown-vault";
import { planTags, type ImportEntry } from "@/lib/import/plan";
import { ImportRefusal, readExport } from "@/lib/import/read-export";
import { documentDerived, documentMarkdown } from "@/lib/notes/document-text";

const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3]);
const entry = (path: string, text: string | Uint8Array): ImportEntry => ({
  path,
  bytes: typeof text === "string" ? strToU8(text) : text,
});

const VAULT = [
  entry(
    "Vault/Projects/Garden.md",
    "---\ntitle: Garden plan\ntags: [outdoor, spring]\ncreated: 2024-03-01\nupdated: 2024-03-05 10:30\n---\nDig the beds. See [[Seeds]] and [the list](../Seeds.md).\n\n![[bed.png]]\n\n#home/garden",
  ),
  entry("Vault/Seeds.md", "# Seeds\n\nTomatoes, basil.\n\n![photo](Projects/img/bed.png)"),
  entry("Vault/Projects/img/bed.png", PNG),
  entry("Vault/.obsidian/app.json", "{}"),
  entry("Vault/Loose.pdf", PNG),
];

describe("front matter", () => {
  it("reads the keys notes apps write and leaves the text after it", () => {
    const { data, body } = splitFrontMatter(
      "---\ntitle: 'It''s here'\ntags:\n  - a\n  - b c\n---\nText",
    );
    expect(data).toEqual({ title: "It's here", tags: ["a", "b c"] });
    expect(body).toBe("Text");
    expect(frontMatterTags("x, #y")).toEqual(["x", "y"]);
    expect(splitFrontMatter("---\nno end").body).toBe("---\nno end");
  });
});

describe("a Markdown vault", () => {
  const plan = parseMarkdownVault(VAULT);
  const garden = plan.notes.find((n) => n.sourcePath === "Projects/Garden.md")!;
  const seeds = plan.notes.find((n) => n.sourcePath === "Seeds.md")!;

  it("turns folders, front matter, tags and links into what Groundwork keeps", () => {
    expect(plan.source).toBe("markdown");
    expect(plan.folders).toEqual(["Projects"]);
    expect(garden.folder).toBe("Projects");
    expect(garden.title).toBe("Garden plan");
    expect(garden.created).toBe("2024-03-01T00:00:00.000Z");
    expect(garden.markdown).toContain("See [[Seeds]] and [[Seeds]].");
    expect(garden.markdown).toContain("#outdoor #spring");
    expect(garden.tags.sort()).toEqual(["home/garden", "outdoor", "spring"]);
    expect(planTags(plan)).toEqual(["home/garden", "outdoor", "spring"]);
    // The note's own heading is its title, not a second line of it.
    expect(seeds.markdown.startsWith("# Seeds\n\nTomatoes")).toBe(true);
  });

  it("places referenced files as attachments and names the ones left out", () => {
    expect(plan.attachments.map((a) => [a.id, a.type])).toEqual([
      ["Projects/img/bed.png", "image/png"],
    ]);
    expect(garden.attachments).toEqual(["Projects/img/bed.png"]);
    expect(garden.markdown).toContain("\n\n%%attachment:0%%\n\n");
    expect(seeds.markdown).toContain("%%attachment:0%%");
    expect(plan.problems).toEqual([
      { file: "Loose.pdf", sentence: "No note refers to it, so it was left out." },
    ]);
  });

  it("gives the same hash to the same file and another to a changed one", () => {
    const again = parseMarkdownVault(VAULT).notes.find((n) => n.sourcePath === "Seeds.md")!;
    expect(again.hash).toBe(seeds.hash);
    const changed = parseMarkdownVault([entry("Seeds.md", "# Seeds\n\nOnions.")]).notes[0];
    expect(changed.hash).not.toBe(seeds.hash);
  });

  it("reads a Notion export: ids out of titles, the page tree as folders, links kept", () => {
    const id = "0123456789abcdef0123456789abcdef";
    const id2 = "fedcba9876543210fedcba9876543210";
    const notion = parseMarkdownVault([
      entry(`Export/Home ${id}.md`, `# Home\n\nSee [Child](Home%20${id}/Child%20${id2}.md)`),
      entry(`Export/Home ${id}/Child ${id2}.md`, "# Child\n\nHello"),
    ]);
    expect(notion.source).toBe("notion");
    expect(notion.notes.map((n) => [n.title, n.folder])).toEqual([
      ["Home", ""],
      ["Child", "Home"],
    ]);
    expect(notion.notes[0].markdown).toBe("# Home\n\nSee [[Child]]");
  });
});

describe("Evernote ENEX", () => {
  const b64 = btoa(String.fromCharCode(...PNG));
  const enex = `<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE en-export SYSTEM "http://xml.evernote.com/pub/evernote-export3.dtd">
<en-export application="Evernote">
<note><title>Groceries</title><content><![CDATA[<?xml version="1.0" encoding="UTF-8"?><!DOCTYPE en-note SYSTEM "http://xml.evernote.com/pub/enml2.dtd"><en-note><div>Buy&nbsp;<b>these</b>:</div><div><en-todo checked="true"/>Milk</div><div><en-todo/>Eggs</div><en-media hash="abc" type="image/png"/><table><tr><td>a</td><td>b</td></tr></table></en-note>]]></content>
<created>20240131T101500Z</created><updated>20240201T080000Z</updated><tag>shopping</tag><tag>home list</tag>
<resource><data encoding="base64">${b64}</data><mime>image/png</mime><resource-attributes><file-name>milk.png</file-name></resource-attributes></resource></note>
<note><title>Broken</title><content><![CDATA[<en-note><div>unclosed</en-note>]]></content></note>
</en-export>`;

  it("reads notebooks, times, tags, checklists and embedded files; a broken note is named", () => {
    const plan = parseEnex([{ name: "Kitchen.enex", text: enex }]);
    expect(plan.folders).toEqual(["Kitchen"]);
    expect(plan.notes).toHaveLength(1);
    const [note] = plan.notes;
    expect(note.created).toBe("2024-01-31T10:15:00.000Z");
    expect(note.markdown).toBe(
      "# Groceries\n\nBuy **these**:\n\n- [x] Milk\n- [ ] Eggs\n\n%%attachment:0%%\n\na | b\n\n#shopping #home-list",
    );
    expect(note.tags).toEqual(["shopping", "home-list"]);
    expect(plan.attachments[0]).toMatchObject({ name: "milk.png", type: "image/png" });
    expect(plan.attachments[0].bytes).toEqual(PNG);
    expect(plan.problems).toEqual([
      { file: "Kitchen: Broken", sentence: "Its content is damaged, so this note was left out." },
    ]);
  });

  it("turns ENML lists and links into Markdown", () => {
    expect(
      enmlToMarkdown(
        '<en-note><ul><li>one</li><li><a href="https://x.y">two</a></li></ul></en-note>',
        () => null,
      ),
    ).toBe("- one\n- [two](https://x.y)");
  });
});

describe("what was dropped", () => {
  it("reads a zip, and refuses what it cannot read with a sentence", () => {
    const zip = zipSync({ "v/a.md": strToU8("Hello #x"), "v/b/c.md": strToU8("World") });
    const plan = readExport([{ path: "vault.zip", bytes: zip }]);
    expect(plan.notes.map((n) => n.title).sort()).toEqual(["a", "c"]);
    expect(plan.folders).toEqual(["b"]);

    const refusal = (path: string, bytes: Uint8Array) => {
      try {
        readExport([{ path, bytes }]);
      } catch (err) {
        expect(err).toBeInstanceOf(ImportRefusal);
        return (err as Error).message;
      }
      return "accepted";
    };
    expect(refusal("notes.zip", strToU8("hello"))).toMatch(/is not a zip archive/);
    expect(refusal("photo.png", PNG)).toMatch(/is not a format Groundwork can import/);
    const locked = zip.slice();
    locked[6] |= 1;
    expect(refusal("locked.zip", locked)).toMatch(/protected with a password/);
    expect(refusal("empty.zip", zipSync({}))).toMatch(/empty zip archive/);
    expect(refusal("pics.zip", zipSync({ "a.png": PNG }))).toMatch(/no notes in it/);
  });
});

describe("the note's document", () => {
  it("holds the Markdown as the editor would, attachments as nodes, so the server derives it all", async () => {
    const attrs = {
      path: "00000000-0000-4000-8000-000000000001/00000000-0000-4000-8000-000000000002/ab-bed.png",
      name: "bed.png",
      type: "image/png",
      size: 11,
    };
    const update = importedDocument(
      "# Garden plan\n\nSee [[Seeds]].\n\n%%attachment:0%%\n\n- [ ] water\n\n#outdoor",
      [attrs],
    );
    const doc = new Y.Doc();
    Y.applyUpdate(doc, update);
    const derived = await documentDerived(doc);
    expect(derived.title).toBe("Garden plan");
    expect(derived.tags).toEqual(["outdoor"]);
    expect(derived.links.map((l) => l.title)).toEqual(["Seeds"]);
    expect(documentMarkdown(doc)).toContain(`![bed.png](attachment:${attrs.path})`);
    expect(documentMarkdown(doc)).toContain("- [ ] water");
  });
});
