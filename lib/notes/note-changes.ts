import type {
  RealtimePostgresChangesPayload,
  SupabaseClient,
  RealtimeChannel,
} from "@supabase/supabase-js";

import type { Tables } from "@/lib/supabase/database.types";
import { onChangesFlowing } from "@/lib/supabase/changes-flowing";

export type NoteChange = RealtimePostgresChangesPayload<Tables<"notes">>;

export type NoteChangeListener = {
  /** A change to one of the person's notes. */
  change: (change: NoteChange) => void;
  /**
   * The changes flow (after each join, and at once for a listener added while they do): what
   * changed before was never heard, so a listener reads what it shows again here.
   */
  flowing?: () => void;
};

type Hub = {
  channel: RealtimeChannel;
  listeners: Set<NoteChangeListener>;
  flows: boolean;
};

type Client = Pick<SupabaseClient, "channel" | "removeChannel">;

const hubs = new WeakMap<Client, Map<string, Hub>>();
let made = 0;

/**
 * Every change to a person's notes, from one channel shared by all who listen in the page (the
 * list, the folders' counts, the tags). Each change carries the whole row, a long note's text
 * and document with it, and the note being typed in changes every few keys: one channel has the
 * page receive and decode each change once, not once per listener. Returns the unsubscribe.
 */
export function listenToNoteChanges(
  client: Client,
  userId: string,
  listener: NoteChangeListener,
): () => void {
  const byUser = hubs.get(client) ?? new Map<string, Hub>();
  hubs.set(client, byUser);
  let hub = byUser.get(userId);
  if (!hub) {
    const listeners = new Set<NoteChangeListener>();
    // A topic of its own each time: a channel being left still holds the last one's topic.
    const channel = client
      .channel(`note-changes:${userId}:${++made}`)
      .on(
        "postgres_changes",
        { event: "*", schema: "public", table: "notes", filter: `owner_id=eq.${userId}` },
        (change: NoteChange) => {
          for (const l of [...listeners]) l.change(change);
        },
      );
    const created: Hub = { channel, listeners, flows: false };
    onChangesFlowing(channel, () => {
      created.flows = true;
      for (const l of [...listeners]) l.flowing?.();
    });
    // The connection's drop stops the flow until the next join confirms it again.
    channel.subscribe((status) => {
      if (status !== "SUBSCRIBED") created.flows = false;
    });
    hub = created;
    byUser.set(userId, hub);
  } else if (hub.flows && listener.flowing) {
    const late = listener.flowing;
    queueMicrotask(() => {
      if (hub?.listeners.has(listener)) late();
    });
  }
  const joined = hub;
  joined.listeners.add(listener);
  return () => {
    joined.listeners.delete(listener);
    if (joined.listeners.size > 0 || byUser.get(userId) !== joined) return;
    byUser.delete(userId);
    void client.removeChannel(joined.channel);
  };
}
