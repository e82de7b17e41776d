import { createNote } from "@/lib/notes/actions";

/**
 * "New note" from the button, the shortcut, the palette or the app's shortcut: made by the server
 * when it can be reached (which opens it), else on this device. The device's way is loaded only
 * then (the service worker holds it, as all of the build).
 */
export async function newNote(
  folder: string | null = null,
): Promise<{ error?: string } | undefined> {
  if (navigator.onLine === false) {
    const device = await import("@/lib/notes/offline/create-on-device").catch(() => null);
    if (!device) return { error: "Couldn't create a note: you're offline." };
    return device.createNoteOnDevice(folder);
  }
  // A request that got no answer may still have made the note: it is not made here a second time.
  return createNote(folder);
}
