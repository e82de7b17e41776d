import { act, cleanup, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";

const refresh = vi.fn();
// Next's router is one object for the page's life.
const router = { refresh };
vi.mock("next/navigation", () => ({ useRouter: () => router }));

type Handler = () => void;
type Row = { title: string; body: string; updated_at: string };

/** A stand-in for supabase-js: the page's channel, and shared_note() answered when the test says. */
const fake = vi.hoisted(() => {
  const handlers = new Map<string, Handler>();
  const pending: ((rows: Row[]) => void)[] = [];
  const state = { rpcCalls: 0, channels: [] as { topic: string; private: boolean }[] };
  const channel = {
    on(_type: string, filter: { event: string }, handler: Handler) {
      handlers.set(filter.event, handler);
      return channel;
    },
    subscribe(callback: (status: string) => void) {
      callback("SUBSCRIBED");
      return channel;
    },
  };
  const client = {
    channel(topic: string, options: { config: { private: boolean } }) {
      state.channels.push({ topic, private: options.config.private });
      return channel;
    },
    removeChannel: async () => "ok",
    rpc() {
      state.rpcCalls++;
      return new Promise((resolve) => pending.push((rows) => resolve({ data: rows, error: null })));
    },
  };
  return { handlers, pending, state, client };
});
vi.mock("@/components/supabase/supabase-config", () => ({ useLoadedSupabase: () => fake.client }));

import { SharedNoteLive } from "@/components/share/shared-note-live";

const SLUG = "s".repeat(22);
const flush = () => act(async () => await new Promise((r) => setTimeout(r, 0)));
const hear = (event: string, times = 1) =>
  act(() => {
    for (let i = 0; i < times; i++) fake.handlers.get(event)!();
  });
async function answer(rows: Row[]) {
  fake.pending.shift()!(rows);
  await flush();
}

describe("a shared page's reader", () => {
  afterEach(cleanup);

  it("folds 2,000 updates into a bounded number of reads, and stays 'no longer shared' once revoked", async () => {
    render(
      <SharedNoteLive slug={SLUG} updatedAt="2026-11-25T10:00:00Z">
        <p>First words</p>
      </SharedNoteLive>,
    );
    expect(fake.state.channels).toEqual([{ topic: `share:${SLUG}`, private: true }]);

    hear("update", 2_000);
    expect(fake.state.rpcCalls).toBe(1);
    const row = { title: "T", body: "New words", updated_at: "2026-11-25T10:05:00Z" };
    await answer([row]);
    // All that was heard meanwhile is read once more, and the server renders the new text once.
    expect(fake.state.rpcCalls).toBe(2);
    await answer([row]);
    expect(fake.state.rpcCalls).toBe(2);
    expect(refresh).toHaveBeenCalledTimes(1);

    hear("revoked");
    expect(screen.getByRole("heading", { name: "This note is no longer shared" })).toBeTruthy();
    expect(screen.queryByText("First words")).toBeNull();
    // Nothing heard after a revoke is read, or shown.
    hear("update", 10);
    await flush();
    expect(fake.state.rpcCalls).toBe(2);
    expect(refresh).toHaveBeenCalledTimes(1);
    expect(screen.getByRole("heading", { name: "This note is no longer shared" })).toBeTruthy();
  });
});
