import { describe, expect, it } from "vitest";

import { fuzzyMatch } from "@/lib/palette/fuzzy";
import { firstMatch, foldForSearch, searchTerms } from "@/lib/search/fold";
import { filtersFor, scopeOf } from "@/lib/search/search";

describe("folding text as search compares it", () => {
  it("drops case and accents and keeps where each letter came from", () => {
    expect(foldForSearch("Café Zürich").text).toBe("cafe zurich");
    expect(foldForSearch("Straße").text).toBe("strasse");
    expect(foldForSearch("Ærø").origin).toEqual([0, 0, 1, 2]);
  });

  it("splits a query into words without the punctuation around them", () => {
    expect(searchTerms("  Crème, brûlée!  ")).toEqual(["creme", "brulee"]);
    expect(searchTerms("北京大学")).toEqual(["北京大学"]);
    expect(searchTerms("!!!")).toEqual([]);
  });

  it("finds the first match in the text as written", () => {
    const text = "We met in Zürich, then Zurich again";
    expect(firstMatch(text, ["zurich"])).toEqual([10, 16]);
    expect(text.slice(...firstMatch(text, ["zurich"])!)).toBe("Zürich");
    expect(firstMatch("Ærø ferry", ["aero"])).toEqual([0, 3]);
    expect(firstMatch("東京タワー", ["タワー"])).toEqual([2, 5]);
    expect(firstMatch("nothing", ["zurich"])).toBeNull();
  });
});

describe("fuzzy title match", () => {
  it("finds letters in order and marks them", () => {
    const m = fuzzyMatch("grdn pln", "Garden plan for spring");
    expect(m).not.toBeNull();
    expect(m!.positions.slice(0, 4)).toEqual([0, 2, 3, 5]);
    expect(fuzzyMatch("xyz", "Garden plan")).toBeNull();
  });

  it("ranks a substring and a word start above scattered letters", () => {
    const a = fuzzyMatch("plan", "Garden plan")!.score;
    const b = fuzzyMatch("plan", "People like a nap")!.score;
    expect(a).toBeGreaterThan(b);
    expect(fuzzyMatch("cafe", "Café list")).not.toBeNull();
  });
});

describe("scopeOf", () => {
  it("reads the folder a list shows and the tag a view shows from the address", () => {
    expect(scopeOf("/notes", "?folder=7b0c")).toEqual({ folder: "7b0c" });
    expect(scopeOf("/notes/tags/home/caf%C3%A9", "")).toEqual({ tag: "home/café" });
    expect(scopeOf("/notes", "")).toBeNull();
    expect(scopeOf("/notes/7b0c", "?folder=7b0c")).toBeNull();
    expect(scopeOf("/notes/tags/%E0%A4%A", "")).toBeNull();
  });

  it("narrows search to where the person chose to stay", () => {
    expect(
      filtersFor({ pinned: true, attachments: false, edited: "any", scope: { tag: "a" } }),
    ).toEqual({ pinned: true, tag: "a" });
    expect(filtersFor({ pinned: false, attachments: false, edited: "any", scope: null })).toEqual(
      {},
    );
  });
});
