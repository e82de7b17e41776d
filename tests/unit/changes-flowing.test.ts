// @vitest-environment node
import type { RealtimeChannel } from "@supabase/supabase-js";
import { describe, expect, it } from "vitest";

import { onChangesFlowing } from "@/lib/supabase/changes-flowing";

/** A channel that hands its `system` listener to the test. */
function fakeChannel() {
  const listeners: ((message: unknown) => void)[] = [];
  const channel = {
    on(type: string, _filter: object, callback: (message: unknown) => void) {
      if (type === "system") listeners.push(callback);
      return channel;
    },
  };
  return {
    channel: channel as unknown as RealtimeChannel,
    system: (message: unknown) => listeners.forEach((l) => l(message)),
  };
}

describe("onChangesFlowing", () => {
  it("calls back on each confirmation of the Postgres changes, and on nothing else", () => {
    const { channel, system } = fakeChannel();
    let calls = 0;
    expect(onChangesFlowing(channel, () => calls++)).toBe(channel);
    system({ extension: "postgres_changes", status: "error", message: "bad filter" });
    system({ extension: "system", status: "error", message: "Too many messages per second" });
    system({ extension: "broadcast", status: "ok" });
    system(null);
    expect(calls).toBe(0);
    system({ extension: "postgres_changes", status: "ok", message: "Subscribed to PostgreSQL" });
    expect(calls).toBe(1);
    // A rejoin after a drop is confirmed again: the caller reads again.
    system({ extension: "postgres_changes", status: "ok", message: "Subscribed to PostgreSQL" });
    expect(calls).toBe(2);
  });
});
