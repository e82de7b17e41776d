import type { RealtimeChannel } from "@supabase/supabase-js";

type SystemMessage = { extension?: string; status?: string };

/**
 * Calls `flowing` each time the channel's Postgres changes start to arrive. After every join,
 * Realtime confirms the subscription with a system message that comes after the join's reply: a
 * change committed between the two is neither heard nor, for a read made on the reply, read. A
 * read made on the confirmation misses nothing. Add it before `subscribe`.
 */
export function onChangesFlowing<T extends RealtimeChannel>(channel: T, flowing: () => void): T {
  channel.on("system", {}, (message: SystemMessage) => {
    if (message?.extension === "postgres_changes" && message.status === "ok") flowing();
  });
  return channel;
}
