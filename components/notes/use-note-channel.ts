"use client";

import { useEffect, useState } from "react";
import type { SupabaseClient } from "@supabase/supabase-js";

import { fromBase64, toBase64 } from "@/lib/notes/bytea";
import type { NoteSync } from "@/lib/notes/sync/note-sync";
import type { Database } from "@/lib/supabase/database.types";

const POLL_MS = 4000;

/**
 * The note's private Realtime channel: updates as broadcasts, this device in presence. Joining
 * (and rejoining after a drop) catches up from the database first. While the channel is down the
 * database is polled, so other devices' edits still arrive.
 */
export function useNoteChannel(
  supabase: SupabaseClient<Database>,
  noteId: string,
  sync: NoteSync | null,
): number {
  const [elsewhere, setElsewhere] = useState(0);

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
    channel
      .on("broadcast", { event: "update" }, ({ payload }) => {
        if (typeof payload?.u === "string") sync.receive(fromBase64(payload.u));
      })
      .on("presence", { event: "sync" }, () => {
        setElsewhere(Object.keys(channel.presenceState()).filter((k) => k !== device).length);
      })
      .subscribe((status) => {
        if (status === "SUBSCRIBED") {
          stopPolling();
          sync.setTransport({
            send: (u) =>
              void channel.send({
                type: "broadcast",
                event: "update",
                payload: { u: toBase64(u) },
              }),
          });
          void channel.track({ since: new Date().toISOString() });
          void sync.catchUp().catch(() => {});
        } else {
          sync.setTransport(null);
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
      void supabase.removeChannel(channel);
    };
  }, [supabase, noteId, sync]);

  return elsewhere;
}
