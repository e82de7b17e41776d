// @vitest-environment node
import { describe, expect, it } from "vitest";

import { coalesce } from "@/lib/notes/coalesce";

/** A fetch that stays in flight until the test lets it answer. */
function slowFetch() {
  const answers: (() => void)[] = [];
  let calls = 0;
  let inFlight = 0;
  let most = 0;
  const run = () => {
    calls++;
    inFlight++;
    most = Math.max(most, inFlight);
    return new Promise<void>((resolve) =>
      answers.push(() => {
        inFlight--;
        resolve();
      }),
    );
  };
  return {
    run,
    calls: () => calls,
    most: () => most,
    async answer() {
      answers.shift()?.();
      await new Promise((r) => setTimeout(r, 0));
    },
  };
}

describe("a shared page's reader folds a burst of cues into few fetches", () => {
  it("2,000 cues while a fetch is in flight cost one more fetch, never two at once", async () => {
    const fetch = slowFetch();
    const cue = coalesce(fetch.run);
    for (let i = 0; i < 2_000; i++) cue();
    expect(fetch.calls()).toBe(1);
    await fetch.answer();
    // Everything heard meanwhile is read by one fetch after it.
    expect(fetch.calls()).toBe(2);
    for (let i = 0; i < 500; i++) cue();
    await fetch.answer();
    expect(fetch.calls()).toBe(3);
    await fetch.answer();
    expect(fetch.calls()).toBe(3);
    expect(fetch.most()).toBe(1);
  });

  it("a cue after the page is up to date fetches again, and a failed fetch does not stop it", async () => {
    let calls = 0;
    const cue = coalesce(async () => {
      calls++;
      if (calls === 1) throw new Error("offline");
    });
    cue();
    await new Promise((r) => setTimeout(r, 0));
    cue();
    await new Promise((r) => setTimeout(r, 0));
    expect(calls).toBe(2);
  });
});
