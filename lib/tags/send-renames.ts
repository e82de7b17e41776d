import { renameTag, type RenameTagResult } from "@/lib/tags/actions";
import {
  dropFirstRename,
  PENDING_RENAMES_EVENT,
  pendingRenames,
  type PendingRename,
} from "@/lib/tags/pending-renames";

export type SentRename = PendingRename & { result: RenameTagResult };

let sending: Promise<SentRename[]> | null = null;

/**
 * Carries out the renames kept on this device, oldest first, each by the server's rename. A rename
 * is checked before it is kept, so one the server does not carry out (unreachable, or its database
 * is) stays, with those after it, for the next time the network is back. One page at a time sends them (a
 * Web Lock where the browser has them), so two tabs never send one rename twice.
 */
export function sendPendingRenames(
  userId: string,
  /** Told of each rename carried out, by the call that sends them only. */
  onSent: (sent: SentRename) => void,
): Promise<SentRename[]> {
  if (sending) return sending;
  const run = async (): Promise<SentRename[]> => {
    const sent: SentRename[] = [];
    for (;;) {
      const [next] = pendingRenames(localStorage, userId);
      if (!next || !navigator.onLine) break;
      let result: RenameTagResult;
      try {
        result = await renameTag(next.from, next.to);
      } catch {
        break; // Unreachable: kept for the next time.
      }
      // Checked before it was kept, so a refusal is the server's trouble: tried again later.
      if (result.error) break;
      dropFirstRename(localStorage, userId, next);
      sent.push({ ...next, result });
      onSent({ ...next, result });
    }
    if (sent.length > 0) window.dispatchEvent(new Event(PENDING_RENAMES_EVENT));
    return sent;
  };
  const locked =
    typeof navigator !== "undefined" && navigator.locks
      ? navigator.locks.request(`groundwork:${userId}:tag-renames`, run)
      : run();
  sending = locked.finally(() => {
    sending = null;
  });
  return sending;
}
