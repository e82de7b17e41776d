import { describe, expect, it } from "vitest";

import { plannedTimes } from "@/lib/import/write";

describe("an imported note's times", () => {
  it("are the source's made and last-edited times, each standing in for the other, or none for now", () => {
    expect(plannedTimes({ created: "2021-02-03T04:05:06Z", updated: "2022-01-01 10:30Z" })).toEqual(
      { created_at: "2021-02-03T04:05:06.000Z", updated_at: "2022-01-01T10:30:00.000Z" },
    );
    // Only made: last edited then too. Only edited: made no later than that.
    expect(plannedTimes({ created: "2021-02-03T04:05:06Z", updated: null })).toEqual({
      created_at: "2021-02-03T04:05:06.000Z",
      updated_at: "2021-02-03T04:05:06.000Z",
    });
    expect(plannedTimes({ created: null, updated: "2020-05-02T17:45:00Z" })).toEqual({
      created_at: "2020-05-02T17:45:00.000Z",
      updated_at: "2020-05-02T17:45:00.000Z",
    });
    // None, or not a time at all: the database takes now.
    expect(plannedTimes({ created: null, updated: null })).toEqual({});
    expect(plannedTimes({ created: "someday", updated: "" })).toEqual({});
  });
});
