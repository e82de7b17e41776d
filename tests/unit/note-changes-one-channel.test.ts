import { describe, expect, it, vi } from "vitest";

import { listenToNoteChanges, type NoteChange } from "@/lib/notes/note-changes";

type Handler = (payload: unknown) => void;

/** A stand-in for supabase-js's channels: what was opened, with what, and what was left. */
function fakeClient() {
  const opened: { topic: string; bindings: { type: string; filter: unknown }[] }[] = [];
  const removed: string[] = [];
  const handlers = new Map<string, Handler[]>();
  const client = {
    channel(topic: string) {
      const entry = { topic, bindings: [] as { type: string; filter: unknown }[] };
      opened.push(entry);
      const channel = {
        topic,
        on(type: string, filter: unknown, handler: Handler) {
          entry.bindings.push({ type, filter });
          handlers.set(`${topic} ${type}`, [...(handlers.get(`${topic} ${type}`) ?? []), handler]);
          return channel;
        },
        subscribe() {
          return channel;
        },
      };
      return channel;
    },
    removeChannel: async (channel: { topic: string }) => {
      removed.push(channel.topic);
      return "ok";
    },
  };
  const send = (topic: string, type: string, payload: unknown) =>
    handlers.get(`${topic} ${type}`)?.forEach((h) => h(payload));
  return { client: client as never, opened, removed, send };
}

const idOf = (change: NoteChange) => (change.new as { id?: string }).id;
const update = (id: string) =>
  ({ eventType: "UPDATE", new: { id, title: "t" }, old: { id } }) as unknown as NoteChange;

describe("a page's listeners to a person's note changes share one channel", () => {
  it("opens one channel for all listeners and hands each change to every one of them", () => {
    const { client, opened, send } = fakeClient();
    const heard: string[] = [];
    listenToNoteChanges(client, "u1", { change: (c) => heard.push(`list ${idOf(c)}`) });
    listenToNoteChanges(client, "u1", { change: (c) => heard.push(`tags ${idOf(c)}`) });
    listenToNoteChanges(client, "u1", { change: (c) => heard.push(`folders ${idOf(c)}`) });
    expect(opened).toHaveLength(1);
    expect(opened[0].bindings).toContainEqual({
      type: "postgres_changes",
      filter: { event: "*", schema: "public", table: "notes", filter: "owner_id=eq.u1" },
    });
    send(opened[0].topic, "postgres_changes", update("n1"));
    expect(heard).toEqual(["list n1", "tags n1", "folders n1"]);
  });

  it("tells each listener when changes flow, a late one at once, and leaves when the last goes", async () => {
    const { client, opened, removed, send } = fakeClient();
    const first = vi.fn();
    const stopFirst = listenToNoteChanges(client, "u1", { change: () => {}, flowing: first });
    expect(first).not.toHaveBeenCalled();
    send(opened[0].topic, "system", { extension: "postgres_changes", status: "ok" });
    expect(first).toHaveBeenCalledTimes(1);

    const late = vi.fn();
    const stopLate = listenToNoteChanges(client, "u1", { change: () => {}, flowing: late });
    await Promise.resolve();
    expect(late).toHaveBeenCalledTimes(1);

    stopFirst();
    expect(removed).toEqual([]);
    stopLate();
    expect(removed).toEqual([opened[0].topic]);

    // A listener after that has a channel of its own again, under a topic not being left.
    listenToNoteChanges(client, "u1", { change: () => {} });
    expect(opened).toHaveLength(2);
    expect(opened[1].topic).not.toBe(opened[0].topic);
  });

  it("keeps people apart: another person's listener has a channel of its own", () => {
    const { client, opened, send } = fakeClient();
    const mine = vi.fn();
    listenToNoteChanges(client, "u1", { change: mine });
    listenToNoteChanges(client, "u2", { change: () => {} });
    expect(opened.map((o) => o.topic.split(":")[1])).toEqual(["u1", "u2"]);
    send(opened[1].topic, "postgres_changes", update("n2"));
    expect(mine).not.toHaveBeenCalled();
  });
});
