import { deviceUser } from "@/lib/notes/offline/list-store";
import { keepShownText } from "@/lib/notes/offline/shown-text";
import { keepNoteMadeHere } from "@/lib/notes/sync/pending-creates";
import { markPending } from "@/lib/notes/sync/pending-notes";

/** Said when there is no network and nobody's notes are kept on this device to add one to. */
export const CANNOT_CREATE_OFFLINE =
  "Couldn't create a note: you're offline, and no notes are kept on this device yet.";

/**
 * Makes a note on this device, with an id made here. The offline shell lists it first and opens it
 * editable; it counts among the notes waiting to sync until the server has it.
 */
export function makeNoteOnDevice(folder: string | null): { id: string } | { error: string } {
  const userId = deviceUser();
  if (!userId) return { error: CANNOT_CREATE_OFFLINE };
  const id = crypto.randomUUID();
  const created_at = new Date().toISOString();
  try {
    keepNoteMadeHere(localStorage, userId, { id, folder, created_at });
  } catch (err) {
    return { error: (err as Error).message };
  }
  markPending(localStorage, userId, id, true);
  // Listed from now on, even once the server has it and before the list kept on the device does.
  keepShownText(localStorage, userId, { id, title: "", body: "", updated_at: created_at });
  return { id };
}

/** Makes a note on this device from a notes page, and opens it in the offline shell. */
export function createNoteOnDevice(folder: string | null): { error: string } | undefined {
  const made = makeNoteOnDevice(folder);
  if ("error" in made) return made;
  // A whole page load, which the service worker answers with the shell: the router would ask the
  // server for the page, and with no network it has no answer.
  // eslint-disable-next-line @next/next/no-location-assign-relative-destination
  window.location.assign(`/notes/${made.id}`);
  return undefined;
}
