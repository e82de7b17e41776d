import type { RealtimeChannel, SupabaseClient } from "@supabase/supabase-js";

/** What a person's lists show of a note, as the database tells each change of it. */
export type ListedNote = {
  id: string;
  title: string;
  /** The body's first LIST_BODY_CHARS characters, cut as the list's view cuts them. */
  body_start: string;
  folder_id: string | null;
  pinned: boolean;
  updated_at: string;
  deleted_at: string | null;
};

export type NoteChange =
  { event: "insert" | "update"; note: ListedNote } | { event: "delete"; id: string };

export type NoteChangeListener = {
  /** A change to one of the person's notes. */
  change?: (change: NoteChange) => void;
  /** The person's tag tree changed: a tag gained or lost, renamed, a tagged note trashed or back. */
  tags?: () => void;
  /**
   * The changes flow (after each join, and at once for a listener added while they do): what
   * changed before was never heard, so a listener reads what it shows again here.
   */
  flowing?: () => void;
};

type Hub = {
  listeners: Set<NoteChangeListener>;
  flows: boolean;
  channel: RealtimeChannel | null;
  /** Every listener left before the channel was opened. */
  closed: boolean;
};

type Client = Pick<SupabaseClient, "channel" | "removeChannel">;

const hubs = new WeakMap<Client, Map<string, Hub>>();
/** The channel of a person's topic being left: supabase-js hands it out again until it is gone. */
const leaving = new WeakMap<Client, Map<string, Promise<unknown>>>();

/** The change a broadcast on the topic tells, or null for a message this page does not read. */
export function toNoteChange(event: unknown, payload: unknown): NoteChange | null {
  if (!payload || typeof payload !== "object") return null;
  const note = payload as Partial<ListedNote>;
  if (typeof note.id !== "string") return null;
  if (event === "delete") return { event, id: note.id };
  if (event !== "insert" && event !== "update") return null;
  if (typeof note.title !== "string" || typeof note.updated_at !== "string") return null;
  return {
    event,
    note: {
      id: note.id,
      title: note.title,
      body_start: typeof note.body_start === "string" ? note.body_start : "",
      folder_id: typeof note.folder_id === "string" ? note.folder_id : null,
      pinned: note.pinned === true,
      updated_at: note.updated_at,
      deleted_at: typeof note.deleted_at === "string" ? note.deleted_at : null,
    },
  };
}

/**
 * Every change to a person's notes, from one channel shared by all who listen in the page (the
 * list, the folders' counts, the tags). The database tells each change on the person's private
 * topic `notes:<id>` with what the lists show of the note (never its body or document), and only
 * when one of those fields changed. Returns the unsubscribe.
 */
export function listenToNoteChanges(
  client: Client,
  userId: string,
  listener: NoteChangeListener,
): () => void {
  const byUser = hubs.get(client) ?? new Map<string, Hub>();
  hubs.set(client, byUser);
  const leftByUser = leaving.get(client) ?? new Map<string, Promise<unknown>>();
  leaving.set(client, leftByUser);
  let hub = byUser.get(userId);
  if (!hub) {
    const created: Hub = { listeners: new Set(), flows: false, channel: null, closed: false };
    const open = () => {
      if (created.closed) return;
      const channel = client
        .channel(`notes:${userId}`, { config: { private: true } })
        .on("broadcast", { event: "*" }, (message: { event?: unknown; payload?: unknown }) => {
          if (message.event === "tags") {
            for (const l of [...created.listeners]) l.tags?.();
            return;
          }
          const change = toNoteChange(message.event, message.payload);
          if (!change) return;
          for (const l of [...created.listeners]) l.change?.(change);
        });
      created.channel = channel;
      // A private channel's broadcasts flow once its join is accepted: each SUBSCRIBED (the first
      // join and every join after the connection dropped) means every change from then on is heard.
      channel.subscribe((status) => {
        created.flows = status === "SUBSCRIBED";
        if (created.flows) for (const l of [...created.listeners]) l.flowing?.();
      });
    };
    const left = leftByUser.get(userId);
    if (left) void left.then(open);
    else open();
    hub = created;
    byUser.set(userId, hub);
  } else if (hub.flows && listener.flowing) {
    const late = listener.flowing;
    const joined = hub;
    queueMicrotask(() => {
      if (joined.listeners.has(listener)) late();
    });
  }
  const joined = hub;
  joined.listeners.add(listener);
  return () => {
    joined.listeners.delete(listener);
    if (joined.listeners.size > 0 || byUser.get(userId) !== joined) return;
    byUser.delete(userId);
    joined.closed = true;
    const channel = joined.channel;
    if (!channel) return;
    const gone: Promise<unknown> = client
      .removeChannel(channel)
      .catch(() => {})
      .finally(() => {
        if (leftByUser.get(userId) === gone) leftByUser.delete(userId);
      });
    leftByUser.set(userId, gone);
  };
}
