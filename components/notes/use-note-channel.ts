"use client";

import { useEffect, useRef, useState } from "react";
import type { SupabaseClient } from "@supabase/supabase-js";

import { fromBase64, toBase64 } from "@/lib/notes/bytea";
import { NoteBroadcast } from "@/lib/notes/sync/broadcast";
import type { NoteSync } from "@/lib/notes/sync/note-sync";
import type { Database } from "@/lib/supabase/database.types";

const POLL_MS = 4000;

/** A person's access to the note changed: their new role, or null once it was taken away. */
export type AccessChange = { userId: string; role: "editor" | "viewer" | null };

/**
 * The note's private Realtime channel: updates as broadcasts, this device in presence. Joining
 * (and rejoining after a drop) catches up from the database first. While the channel is down the
 * database is polled, so other devices' edits still arrive. Broadcasts go only while another
 * device is there, batched while typing (NoteBroadcast).
 */
export function useNoteChannel(
  supabase: SupabaseClient<Database>,
  noteId: string,
  sync: NoteSync | null,
  onAccess?: (change: AccessChange) => void,
): number {
  const [elsewhere, setElsewhere] = useState(0);
  const access = useRef(onAccess);
  useEffect(() => {
    access.current = onAccess;
  }, [onAccess]);

  useEffect(() => {
    if (!sync) return;
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
        if (typeof payload?.user_id === "string" && (role === "editor" || role === "viewer"))
          access.current?.({ userId: payload.user_id, role });
      })
      .on("presence", { event: "sync" }, () => {
        const others = Object.keys(channel.presenceState()).filter((k) => k !== device).length;
        broadcast.setPeers(others);
        setElsewhere(others);
      })
      .subscribe((status) => {
        if (status === "SUBSCRIBED") {
          stopPolling();
          sync.setTransport(broadcast);
          void channel.track({ since: new Date().toISOString() });
          void sync.catchUp().catch(() => {});
        } else {
          sync.setTransport(null);
          broadcast.setPeers(0);
          setElsewhere(0);
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
      stopPolling();
      window.removeEventListener("online", onOnline);
      document.removeEventListener("visibilitychange", onVisible);
      sync.setTransport(null);
      broadcast.close();
      void supabase.removeChannel(channel);
    };
  }, [supabase, noteId, sync]);

  return elsewhere;
}
