import "server-only";

import { toBase64 } from "@/lib/notes/bytea";
import { createAdminClient } from "@/lib/supabase/admin";

/**
 * Sends an update the server stored itself (a restore, a tag rename) on the note's private channel, as a device
 * sends its own edits, so devices with the note open apply it at once instead of at their next
 * catch-up. Realtime's REST broadcast (supabase-js `httpSend`,
 * https://supabase.com/docs/guides/realtime/broadcast#broadcast-using-the-rest-api). A failure
 * is logged: the update is stored, and devices find it when they catch up.
 */
export async function broadcastStoredUpdate(noteId: string, update: Uint8Array): Promise<void> {
  const admin = createAdminClient();
  const channel = admin.channel(`note:${noteId}`, { config: { private: true } });
  try {
    const sent = await channel.httpSend("update", { u: toBase64(update) });
    if (!sent.success)
      console.error(`broadcasting a stored update failed: ${sent.status} ${sent.error}`);
  } catch (err) {
    console.error("broadcasting a stored update failed:", (err as Error).message);
  } finally {
    await admin.removeChannel(channel);
  }
}
