import { describe, expect, it } from "vitest";

import { normalizeTag } from "@/lib/tags/parse";
import {
  checkRename,
  dropFirstRename,
  pendingRenames,
  queueRename,
  renamedTag,
  withRenames,
} from "@/lib/tags/pending-renames";

describe("tag renames kept on a device while offline", () => {
  it("are kept in order across a reload (storage) and leave the queue once carried out", () => {
    localStorage.clear();
    queueRename(localStorage, "u1", { from: "trip", to: "travel" });
    queueRename(localStorage, "u1", { from: "travel", to: "journeys" });
    // Another person on the same device keeps their own.
    expect(pendingRenames(localStorage, "u2")).toEqual([]);
    expect(pendingRenames(localStorage, "u1")).toEqual([
      { from: "trip", to: "travel" },
      { from: "travel", to: "journeys" },
    ]);
    dropFirstRename(localStorage, "u1", { from: "trip", to: "travel" });
    expect(pendingRenames(localStorage, "u1")).toEqual([{ from: "travel", to: "journeys" }]);
    dropFirstRename(localStorage, "u1", { from: "travel", to: "journeys" });
    expect(localStorage.getItem("groundwork:u1:tag-renames")).toBeNull();
    localStorage.setItem("groundwork:u1:tag-renames", "not json");
    expect(pendingRenames(localStorage, "u1")).toEqual([]);
  });

  it("show the tag tree as it will be: sub-tags follow, two tags that become one add up", () => {
    const renames = [{ from: "trip", to: "travel/europe" }];
    expect(renamedTag("trip", renames)).toBe("travel/europe");
    expect(renamedTag("trip/lisbon", renames)).toBe("travel/europe/lisbon");
    expect(renamedTag("tripod", renames)).toBe("tripod");
    expect(
      withRenames(
        [
          { tag: "trip", note_count: 3 },
          { tag: "trip/lisbon", note_count: 1 },
          { tag: "travel", note_count: 2 },
          { tag: "tripod", note_count: 1 },
        ],
        renames,
      ).sort((a, b) => a.tag.localeCompare(b.tag)),
    ).toEqual([
      { tag: "travel", note_count: 2 },
      { tag: "travel/europe", note_count: 3 },
      { tag: "travel/europe/lisbon", note_count: 1 },
      { tag: "tripod", note_count: 1 },
    ]);
  });

  it("are checked as the server checks them before they are kept", () => {
    expect(checkRename("#Trip", "Travel", normalizeTag)).toEqual({
      rename: { from: "trip", to: "travel" },
    });
    expect(checkRename("trip", "no spaces", normalizeTag)).toEqual({
      error: "A tag is made of letters, digits, - and _, with / between its parts.",
    });
    expect(checkRename("trip", "trip/inner", normalizeTag)).toEqual({
      error: "A tag can't be moved inside itself.",
    });
  });
});
