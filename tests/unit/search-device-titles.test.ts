// @vitest-environment node
import { describe, expect, it } from "vitest";

import { keptOver, TitleIndex, type DeviceTitle } from "@/lib/search/title-index";

function many(count: number): DeviceTitle[] {
  const start = Date.parse("2026-11-01T00:00:00Z");
  return Array.from({ length: count }, (_, i) => ({
    id: `note-${i}`,
    title: `Weekly review ${i}`,
    updated_at: new Date(start - i * 60_000).toISOString(),
  }));
}

describe("the titles kept on a device for searching offline", () => {
  it("finds the oldest of 10,000 titles fuzzily, marks it, and ranks a substring first", () => {
    const index = new TitleIndex();
    index.put([
      ...many(9_998),
      { id: "old", title: "Lighthouse keeper's log", updated_at: "2020-01-01T00:00:00Z" },
      { id: "café", title: "Café in Zürich", updated_at: "2019-01-01T00:00:00Z" },
    ]);
    expect(index.size).toBe(10_000);
    const [hit] = index.search("lghthse");
    expect(hit.id).toBe("old");
    expect(hit.positions[0]).toBe(0);
    expect(index.search("cafe zurich").map((h) => h.id)).toEqual(["café"]);
    expect(index.search("review 42", 3).map((h) => h.title)[0]).toBe("Weekly review 42");
    expect(index.search("no such title")).toEqual([]);
    expect(index.search("   ")).toEqual([]);
  });

  it("follows changes: a newer title replaces an older, never the other way, and a removed one is gone", () => {
    const index = new TitleIndex();
    index.put([{ id: "a", title: "Garden plan", updated_at: "2026-11-02T00:00:00Z" }]);
    expect(index.put([{ id: "a", title: "Old name", updated_at: "2026-11-01T00:00:00Z" }])).toEqual(
      [],
    );
    expect(index.get("a")?.title).toBe("Garden plan");
    index.put([{ id: "a", title: "Vegetable garden", updated_at: "2026-11-03T00:00:00Z" }]);
    expect(index.search("garden").map((h) => h.title)).toEqual(["Vegetable garden"]);
    expect(index.newest()).toBe("2026-11-03T00:00:00Z");
    index.remove("a");
    expect(index.search("garden")).toEqual([]);
    index.replace(many(3));
    expect(index.all().map((t) => t.id)).toEqual(["note-0", "note-1", "note-2"]);
  });

  it("keeps a note's folder, pin and tags: a live change that tells no tags keeps them, a move as new as the copy is taken", () => {
    const index = new TitleIndex();
    const at = "2026-11-02T00:00:00Z";
    index.put([
      { id: "a", title: "Trip", updated_at: at, folder_id: "f1", pinned: false, tags: ["trip"] },
    ]);
    // Pinned and moved elsewhere: the last edit time stays the same.
    expect(
      index.put([{ id: "a", title: "Trip", updated_at: at, folder_id: "f2", pinned: true }]),
    ).toEqual([
      { id: "a", title: "Trip", updated_at: at, folder_id: "f2", pinned: true, tags: ["trip"] },
    ]);
    // Told again as it is: nothing changes.
    expect(
      index.put([{ id: "a", title: "Trip", updated_at: at, folder_id: "f2", pinned: true }]),
    ).toEqual([]);
    // An older copy changes nothing, whatever it says.
    expect(
      keptOver(index.get("a"), {
        id: "a",
        title: "Trip",
        updated_at: "2026-11-01T00:00:00Z",
        folder_id: null,
      }),
    ).toBeNull();
    // The server's read says its tags now: none.
    index.put([
      { id: "a", title: "Trip", updated_at: at, folder_id: "f2", pinned: true, tags: [] },
    ]);
    expect(index.get("a")?.tags).toEqual([]);
    // Found by its title as before.
    expect(index.search("trip").map((h) => h.id)).toEqual(["a"]);
  });

  it("keeps a note's preview while it is of the text kept, and drops it for a newer edit that tells none", () => {
    const index = new TitleIndex();
    const at = "2026-11-02T00:00:00Z";
    index.put([{ id: "a", title: "Trip", updated_at: at, preview: "Pack sandals", pinned: false }]);
    // Pinned: the text is the same, so is its preview.
    expect(index.put([{ id: "a", title: "Trip", updated_at: at, pinned: true }])).toEqual([
      { id: "a", title: "Trip", updated_at: at, preview: "Pack sandals", pinned: true },
    ]);
    // Edited since, as a search answer tells it (title and time only): the preview was of the
    // older text, and is not kept.
    const later = "2026-11-03T00:00:00Z";
    expect(index.put([{ id: "a", title: "Trip to Porto", updated_at: later }])).toEqual([
      { id: "a", title: "Trip to Porto", updated_at: later, pinned: true },
    ]);
    // The list's live change tells the new one.
    index.put([{ id: "a", title: "Trip to Porto", updated_at: later, preview: "Book the train" }]);
    expect(index.get("a")?.preview).toBe("Book the train");
  });
});
