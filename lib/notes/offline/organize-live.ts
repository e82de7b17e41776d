import { toast } from "sonner";

import { deviceUser } from "@/lib/notes/offline/list-store";
import { queueChange } from "@/lib/notes/offline/organize-queue";

/**
 * A pin or a Trash asked for on a note's page while the browser is offline: kept on this device
 * and carried out on reconnect, as from the offline list (a pin says so). False when this device
 * keeps nobody's notes (then nothing can wait, and the action is refused as before).
 */
export function keepWhileOffline(
  id: string,
  change: { pinned: boolean } | { trashed: boolean },
): boolean {
  const userId = deviceUser();
  if (!userId) return false;
  const at = new Date().toISOString();
  queueChange(
    localStorage,
    userId,
    "pinned" in change
      ? { id, kind: "pin", pinned: change.pinned, at }
      : { id, kind: "trash", trashed: change.trashed, at },
  );
  if ("pinned" in change) {
    toast(
      `${change.pinned ? "Pinned" : "Unpinned"} on this device; it will sync when you're back online.`,
    );
  }
  return true;
}
