import { IDS_PER_REQUEST } from "@/lib/notes/limits";

/** What one round of emptying the Trash answers: how many notes went, and whether any are left. */
export type TrashRound = { error?: string; deleted?: number; done?: boolean };

/**
 * Whether a batch was the Trash's last: a short one held every note left, and one where nothing
 * went was restored meanwhile, so asking again would only go round in circles.
 */
export function lastBatch(listed: number, deleted: number): boolean {
  return listed < IDS_PER_REQUEST || deleted === 0;
}

/** Rounds that emptying the Trash takes at most (500,000 notes). */
export const MAX_ROUNDS = 5000;

const UNREACHABLE = "Couldn't empty the Trash. Check your connection and try again.";
const TOO_MANY = "Some notes are still in Trash. Empty it again to delete them.";

/**
 * Empties the Trash one bounded round at a time, each a request of its own, so no single request
 * runs into a host's time limit and the person sees how far it got. Stops at the first error:
 * what went stays gone, and every note left is whole in Trash.
 */
export async function emptyInRounds(
  round: () => Promise<TrashRound>,
  onProgress: (deleted: number) => void,
  maxRounds = MAX_ROUNDS,
): Promise<{ error?: string; deleted: number }> {
  let deleted = 0;
  for (let i = 0; i < maxRounds; i++) {
    let result: TrashRound;
    try {
      result = await round();
    } catch {
      return { error: UNREACHABLE, deleted };
    }
    if (result.error) return { error: result.error, deleted };
    deleted += result.deleted ?? 0;
    onProgress(deleted);
    if (result.done || !result.deleted) return { deleted };
  }
  return { error: TOO_MANY, deleted };
}

/** "Deleting notes… 300 of 1,049": never past the total, though notes trashed meanwhile go too. */
export function emptyingProgress(deleted: number, total: number): string {
  const shown = Math.min(deleted, total).toLocaleString("en");
  return `Deleting notes… ${shown} of ${total.toLocaleString("en")}`;
}
