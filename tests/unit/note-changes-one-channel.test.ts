// @vitest-environment node
import { describe, expect, it, vi } from "vitest";

import { listenToNoteChanges, type NoteChange } from "@/lib/notes/note-changes";

type Handler = (payload: unknown) => void;

/** A stand-in for supabase-js's channels: what was opened, with what, and what was left. */
function fakeClient() {
  type Entry = {
    topic: string;
    config: unknown;
    bindings: { type: string; filter: unknown }[];
    handlers: Map<string, Handler[]>;
    status?: (status: string) => void;
  };
  const opened: Entry[] = [];
  const removed: string[] = [];
  // As supabase-js does, a channel is handed out again for its topic until it is gone.
  const live = new Map<string, unknown>();
  let finishLeaving: (() => void)[] = [];
  const client = {
    channel(topic: string, options?: { config?: unknown }) {
      const existing = live.get(topic);
      if (existing) return existing;
      const entry: Entry = { topic, config: options?.config, bindings: [], handlers: new Map() };
      opened.push(entry);
      const channel = {
        topic,
        on(type: string, filter: unknown, handler: Handler) {
          entry.bindings.push({ type, filter });
          entry.handlers.set(type, [...(entry.handlers.get(type) ?? []), handler]);
          return channel;
        },
        subscribe(callback: (status: string) => void) {
          entry.status = callback;
          return channel;
        },
      };
      live.set(topic, channel);
      return channel;
    },
    removeChannel: (channel: { topic: string }) =>
      new Promise<string>((resolve) => {
        removed.push(channel.topic);
        finishLeaving.push(() => {
          live.delete(channel.topic);
          resolve("ok");
        });
      }),
  };
  const left = async () => {
    for (const done of finishLeaving) done();
    finishLeaving = [];
    await new Promise((r) => setTimeout(r, 0));
  };
  const send = (entry: Entry, type: string, payload: unknown) =>
    entry.handlers.get(type)?.forEach((h) => h(payload));
  return { client: client as never, opened, removed, send, left };
}

const idOf = (change: NoteChange) => (change.event === "delete" ? change.id : change.note.id);
const NOTE = {
  title: "Trip",
  body_start: "Pack light",
  folder_id: null,
  pinned: false,
  updated_at: "2026-11-27T04:00:00.000000+00:00",
  deleted_at: null,
};
const update = (id: string) => ({ event: "update", payload: { id, ...NOTE } });

describe("a page's listeners to a person's note changes share one channel", () => {
  it("opens one private channel on the person's topic and hands each change to every listener", () => {
    const { client, opened, send } = fakeClient();
    const heard: string[] = [];
    listenToNoteChanges(client, "u1", { change: (c) => heard.push(`list ${idOf(c)}`) });
    listenToNoteChanges(client, "u1", { change: (c) => heard.push(`tags ${idOf(c)}`) });
    listenToNoteChanges(client, "u1", { change: (c) => heard.push(`folders ${idOf(c)}`) });
    expect(opened).toHaveLength(1);
    expect(opened[0].topic).toBe("notes:u1");
    expect(opened[0].config).toEqual({ private: true });
    expect(opened[0].bindings).toEqual([{ type: "broadcast", filter: { event: "*" } }]);
    send(opened[0], "broadcast", update("n1"));
    expect(heard).toEqual(["list n1", "tags n1", "folders n1"]);
  });

  it("hands on the list's fields of a change, a delete's id, and nothing of a message it cannot read", () => {
    const { client, opened, send } = fakeClient();
    const heard: NoteChange[] = [];
    listenToNoteChanges(client, "u1", { change: (c) => heard.push(c) });
    send(opened[0], "broadcast", { event: "insert", payload: { id: "n1", ...NOTE, extra: 1 } });
    send(opened[0], "broadcast", { event: "delete", payload: { id: "n1" } });
    send(opened[0], "broadcast", { event: "update", payload: { title: "no id" } });
    send(opened[0], "broadcast", { event: "hello", payload: { id: "n2", ...NOTE } });
    expect(heard).toEqual([
      { event: "insert", note: { id: "n1", ...NOTE } },
      { event: "delete", id: "n1" },
    ]);
  });

  it("tells each listener when changes flow, a late one at once, and leaves when the last goes", async () => {
    const { client, opened, removed, left } = fakeClient();
    const first = vi.fn();
    const stopFirst = listenToNoteChanges(client, "u1", { change: () => {}, flowing: first });
    expect(first).not.toHaveBeenCalled();
    opened[0].status?.("SUBSCRIBED");
    expect(first).toHaveBeenCalledTimes(1);

    const late = vi.fn();
    const stopLate = listenToNoteChanges(client, "u1", { change: () => {}, flowing: late });
    await Promise.resolve();
    expect(late).toHaveBeenCalledTimes(1);

    // The connection dropped: a listener added now waits for the next join.
    opened[0].status?.("CHANNEL_ERROR");
    const later = vi.fn();
    const stopLater = listenToNoteChanges(client, "u1", { change: () => {}, flowing: later });
    await Promise.resolve();
    expect(later).not.toHaveBeenCalled();
    opened[0].status?.("SUBSCRIBED");
    expect([first, late, later].map((f) => f.mock.calls.length)).toEqual([2, 2, 1]);

    stopFirst();
    stopLater();
    expect(removed).toEqual([]);
    stopLate();
    expect(removed).toEqual(["notes:u1"]);

    // A listener while the channel is being left opens a new one once it is gone, not the old one.
    const heard = vi.fn();
    listenToNoteChanges(client, "u1", { change: heard });
    expect(opened).toHaveLength(1);
    await left();
    expect(opened).toHaveLength(2);
    expect(opened[1].topic).toBe("notes:u1");
    expect(opened[1].status).toBeTypeOf("function");
  });

  it("keeps people apart: another person's listener has a channel of its own", () => {
    const { client, opened, send } = fakeClient();
    const mine = vi.fn();
    listenToNoteChanges(client, "u1", { change: mine });
    listenToNoteChanges(client, "u2", { change: () => {} });
    expect(opened.map((o) => o.topic)).toEqual(["notes:u1", "notes:u2"]);
    send(opened[1], "broadcast", update("n2"));
    expect(mine).not.toHaveBeenCalled();
  });
});
