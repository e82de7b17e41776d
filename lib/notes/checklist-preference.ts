/*
 * Whether checked items move below the open ones: a preference of this device. Kept apart from
 * the editor's extension, so the note page's header can show the switch without loading the
 * editor.
 */

/** Where this device keeps the person's choice; a preference of the device, not of the note. */
export const CHECKED_DOWN_KEY = "groundwork:checked-items-down";

export function checkedItemsDown(storage: Pick<Storage, "getItem"> | null): boolean {
  try {
    return storage?.getItem(CHECKED_DOWN_KEY) === "1";
  } catch {
    return false;
  }
}

export function setCheckedItemsDown(storage: Pick<Storage, "setItem">, on: boolean) {
  try {
    storage.setItem(CHECKED_DOWN_KEY, on ? "1" : "0");
  } catch {
    // A browser that refuses storage keeps today's order; nothing is lost.
  }
}
