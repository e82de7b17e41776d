import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { snippetParts } from "@/lib/notes/list";
import { startNotesWorld, type NotesWorld } from "./notes-support";

let w: NotesWorld;
beforeAll(async () => {
  w = await startNotesWorld();
});
afterAll(() => w?.t.stop());

async function search(query: string) {
  const { data, error } = await w.owner.rpc("search_notes", { query });
  expect(error).toBeNull();
  return data!;
}

/** What a person reads in a result: the snippet without its match markers. */
const plain = (snippet: string) =>
  snippetParts(snippet)
    .map((p) => p.text)
    .join("");
const marked = (snippet: string) =>
  snippetParts(snippet)
    .filter((p) => p.match)
    .map((p) => p.text);

describe("search snippets read as plain text", () => {
  it("drops Markdown markers from titles and bodies but keeps the words and the matches", async () => {
    const body = [
      "## Starter routine",
      "- [ ] feed the **sourdough** starter",
      "- [x] buy *rye* flour",
      "1. mix `flour` and water",
      "> a quote about ~~wheat~~ sourdough bread",
      "Read [the sourdough guide](https://example.org/guide) first",
      "```js",
      "const loaf = 1;",
      "```",
    ].join("\n\n");
    const { error } = await w.owner.from("notes").insert({ title: "# **Baking** day", body });
    expect(error).toBeNull();
    const [hit] = await search("sourdough");
    const snippet = plain(hit.snippet);
    for (const marker of ["**", "##", "- [ ]", "- [x]", "`", "~~", "](", "> a quote", "1. mix"]) {
      expect(snippet, marker).not.toContain(marker);
    }
    expect(snippet).toContain("feed the sourdough starter");
    expect(marked(hit.snippet).map((m) => m.toLowerCase())).toContain("sourdough");
    const [titled] = await search("baking");
    expect(titled.title_highlighted).toBe("\uE000Baking\uE001 day");
  });

  it("a note's own text cannot fake a highlight", async () => {
    const { error } = await w.owner
      .from("notes")
      .insert({ title: "Markers", body: "fake \uE000highlight\uE001 around pumpernickel" });
    expect(error).toBeNull();
    const [hit] = await search("pumpernickel");
    expect(marked(hit.snippet)).toEqual(["pumpernickel"]);
    expect(plain(hit.snippet)).toContain("fake highlight around pumpernickel");
  });

  it("keeps ordinary punctuation that only looks like Markdown", async () => {
    const { error } = await w.owner.from("notes").insert({
      title: "Sums",
      body: "quinoa for 2 * 3 = 6 people at -5 degrees, see snake_case_names",
    });
    expect(error).toBeNull();
    const [hit] = await search("quinoa");
    expect(plain(hit.snippet)).toContain(
      "quinoa for 2 * 3 = 6 people at -5 degrees, see snake_case_names",
    );
  });
});
