/**
 * How many notes' documents this device keeps for opening with no network (Your data → This
 * device): a setting of the device, not of the person, so it is kept across sign-outs.
 */

type KeyValue = Pick<Storage, "getItem" | "setItem">;

/** Where the device keeps the choice. */
export const KEEP_NOTES_KEY = "groundwork:device-keeps-notes";

/** What the setting offers; null keeps every note opened here. */
export const KEEP_CHOICES = [100, 500, 1000, null] as const;
export type KeepChoice = (typeof KEEP_CHOICES)[number];

/** Until the person chooses: the thousand most recently opened notes. */
export const DEFAULT_KEEP: KeepChoice = 1000;

export function keptNotesLimit(storage: Pick<Storage, "getItem">): KeepChoice {
  try {
    const value = storage.getItem(KEEP_NOTES_KEY);
    if (value === "all") return null;
    const chosen = KEEP_CHOICES.find((choice) => choice !== null && String(choice) === value);
    return chosen ?? DEFAULT_KEEP;
  } catch {
    return DEFAULT_KEEP;
  }
}

export function setKeptNotesLimit(storage: KeyValue, limit: KeepChoice): void {
  try {
    storage.setItem(KEEP_NOTES_KEY, limit === null ? "all" : String(limit));
  } catch {
    // Storage refused: the default stays.
  }
}
