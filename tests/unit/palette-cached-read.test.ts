import { describe, expect, it } from "vitest";

import { cachedRead } from "@/lib/palette/cached-read";

describe("a palette source's kept rows", () => {
  it("are read once for keystrokes in a row, but a read given up is read again", async () => {
    const read = cachedRead<string>();
    let reads = 0;
    const slow = (rows: string[]) => () => {
      reads++;
      return new Promise<string[]>((resolve) => setTimeout(() => resolve(rows), 5));
    };
    // The person typed again while the first read was on its way: it is given up (and, as an
    // aborted request does, answers nothing).
    const first = new AbortController();
    const givenUp = read("u1", slow([]), first.signal);
    first.abort();
    expect(await read("u1", slow(["Greenhouse"]), new AbortController().signal)).toEqual([
      "Greenhouse",
    ]);
    expect(await givenUp).toEqual([]);
    expect(await read("u1", slow(["other"]))).toEqual(["Greenhouse"]);
    expect(reads).toBe(2);

    // Asked with a query already given up: nothing is read, and nothing empty is kept.
    const later = cachedRead<string>();
    const gone = new AbortController();
    gone.abort();
    expect(await later("u1", slow([]), gone.signal)).toEqual([]);
    expect(await later("u1", slow(["Roses"]))).toEqual(["Roses"]);
  });
});
