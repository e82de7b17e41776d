"use client";

import { useEffect, useRef, useState } from "react";
import type { SupabaseClient } from "@supabase/supabase-js";

import type { Awareness } from "y-protocols/awareness";

import { fromBase64, toBase64 } from "@/lib/notes/bytea";
import { clientsOf, presentIn } from "@/lib/notes/presence";
import { AwarenessRelay } from "@/lib/notes/sync/awareness-relay";
import { NoteBroadcast } from "@/lib/notes/sync/broadcast";
import type { NoteSync } from "@/lib/notes/sync/note-sync";
import { isRole, type Role } from "@/lib/sharing/roles";
import type { Database } from "@/lib/supabase/database.types";

const POLL_MS = 4000;

/** A person's access to the note changed: their new role, or null once it was taken away. */
export type AccessChange = { userId: string; role: Role | null };

/** Who this device is, as the note's other open devices see it. */
export type Me = { userId: string; name: string; avatarPath: string | null };

/**
 * Who else has the note open: other people's ids, first come first (their names and faces are
 * the server's, see `facesOf`), and how many of this person's other devices.
 */
export type Here = { present: string[]; elsewhere: number };

/**
 * Comments changed: `onChanged` runs when another device says so; `send` (set while joined) tells
 * the others, and sends nothing while nobody else has the note open.
 */
export type CommentsSignal = {
  onChanged: () => void;
  send: { current: (() => void) | null };
};

const nobody: Here = { present: [], elsewhere: 0 };

const same = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((id, i) => id === b[i]);

/**
 * The note's private Realtime channel: updates as broadcasts, this device in presence. Joining
 * (and rejoining after a drop) catches up from the database first. While the channel is down the
 * database is polled, so other devices' edits still arrive. Broadcasts go only while another
 * device is there, batched while typing (NoteBroadcast). Presence says who is here (each device
 * tracks its person's id; who that is, the page asks the server); carets travel as awareness broadcasts (AwarenessRelay)
 * from those who may send on the channel, and go when their device leaves.
 */
export function useNoteChannel(
  /** Null until the client library has loaded: the channel is joined once it has. */
  supabase: SupabaseClient<Database> | null,
  noteId: string,
  sync: NoteSync | null,
  onAccess?: (change: AccessChange) => void,
  me?: Me,
  awareness: Awareness | null = null,
  comments?: CommentsSignal,
): Here {
  const [here, setHere] = useState<Here>(nobody);
  const who = useRef(me);
  // Tracks this device again, once joined, when who it is becomes known or changes.
  const retrack = useRef<(() => void) | null>(null);
  useEffect(() => {
    who.current = me;
    retrack.current?.();
  }, [me]);
  const access = useRef(onAccess);
  useEffect(() => {
    access.current = onAccess;
  }, [onAccess]);

  const commentsRef = useRef(comments);
  useEffect(() => {
    commentsRef.current = comments;
  }, [comments]);

  useEffect(() => {
    if (!sync || !supabase) return;
    let peers = 0;
    const device = crypto.randomUUID();
    let poll: ReturnType<typeof setInterval> | null = null;
    const startPolling = () => {
      poll ??= setInterval(() => void sync.catchUp().catch(() => {}), POLL_MS);
    };
    const stopPolling = () => {
      if (poll) clearInterval(poll);
      poll = null;
    };
    startPolling();
    const channel = supabase.channel(`note:${noteId}`, {
      config: { private: true, broadcast: { self: false }, presence: { key: device } },
    });
    const broadcast = new NoteBroadcast(
      (u) => void channel.send({ type: "broadcast", event: "update", payload: { u: toBase64(u) } }),
    );
    const relay = awareness
      ? new AwarenessRelay(awareness, (a) => {
          // A viewer's broadcasts are refused by the channel's policy: their caret stays home.
          if (awareness.getLocalState()?.user)
            void channel.send({
              type: "broadcast",
              event: "awareness",
              payload: { a: toBase64(a) },
            });
        })
      : null;
    const setPeers = (count: number) => {
      peers = count;
      broadcast.setPeers(count);
      relay?.setPeers(count);
    };
    channel
      .on("broadcast", { event: "update" }, ({ payload }) => {
        if (typeof payload?.u === "string") sync.receive(fromBase64(payload.u));
      })
      // The database tells the note's channel when the owner removes someone or changes a role.
      .on("broadcast", { event: "access-removed" }, ({ payload }) => {
        if (typeof payload?.user_id === "string")
          access.current?.({ userId: payload.user_id, role: null });
      })
      .on("broadcast", { event: "access-changed" }, ({ payload }) => {
        const role = payload?.role;
        if (typeof payload?.user_id === "string" && isRole(role))
          access.current?.({ userId: payload.user_id, role });
      })
      // A folder this person has the note through changed: their role is read again, since it
      // may still come from the note itself or another folder.
      .on("broadcast", { event: "access-recheck" }, ({ payload }) => {
        const userId = payload?.user_id;
        if (typeof userId !== "string" || userId !== who.current?.userId) return;
        void supabase.rpc("note_role", { note_id: noteId }).then(({ data, error }) => {
          if (error) return;
          if (data === null || isRole(data)) access.current?.({ userId, role: data });
        });
      })
      .on("broadcast", { event: "comments" }, () => commentsRef.current?.onChanged())
      .on("broadcast", { event: "awareness" }, ({ payload }) => {
        if (typeof payload?.a === "string") relay?.receive(fromBase64(payload.a));
      })
      .on("presence", { event: "leave" }, ({ leftPresences }) => {
        relay?.forget(clientsOf(leftPresences));
      })
      .on("presence", { event: "sync" }, () => {
        const state = channel.presenceState() as Record<string, unknown[]>;
        const seen = presentIn(state, { userId: who.current?.userId ?? "", device });
        setPeers(seen.devices);
        setHere((was) =>
          was.elsewhere === seen.myOtherDevices && same(was.present, seen.userIds)
            ? was
            : { present: seen.userIds, elsewhere: seen.myOtherDevices },
        );
      })
      .subscribe((status) => {
        if (status === "SUBSCRIBED") {
          stopPolling();
          sync.setTransport(broadcast);
          const since = new Date().toISOString();
          retrack.current = () => {
            const m = who.current;
            void channel.track({
              user_id: m?.userId,
              name: m?.name,
              avatar: m?.avatarPath ?? null,
              client: awareness?.clientID ?? sync.doc.clientID,
              since,
            });
          };
          retrack.current();
          void sync.catchUp().catch(() => {});
          const signal = commentsRef.current;
          if (signal) {
            signal.send.current = () => {
              if (peers > 0)
                void channel.send({ type: "broadcast", event: "comments", payload: {} });
            };
            // What changed while this device was away.
            signal.onChanged();
          }
        } else {
          retrack.current = null;
          if (commentsRef.current) commentsRef.current.send.current = null;
          sync.setTransport(null);
          setPeers(0);
          setHere(nobody);
          startPolling();
        }
      });

    const onOnline = () => {
      sync.retry();
      void sync.catchUp().catch(() => {});
    };
    const onVisible = () => {
      if (document.visibilityState === "visible") void sync.catchUp().catch(() => {});
    };
    window.addEventListener("online", onOnline);
    document.addEventListener("visibilitychange", onVisible);
    return () => {
      retrack.current = null;
      stopPolling();
      window.removeEventListener("online", onOnline);
      document.removeEventListener("visibilitychange", onVisible);
      sync.setTransport(null);
      broadcast.close();
      relay?.close();
      relay?.setPeers(0);
      void supabase.removeChannel(channel);
    };
  }, [supabase, noteId, sync, awareness]);

  return here;
}
