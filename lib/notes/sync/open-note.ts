import { TransientError, type SaveState } from "@/lib/notes/sync/types";
import type { NoteSync } from "@/lib/notes/sync/note-sync";

type Text = { title: string; body: string };

export interface OpenNoteOptions {
  sync: Pick<NoteSync, "catchUp" | "seed" | "deriveText">;
  /** The text the server rendered the page with. */
  text: Text;
  /** Whether this device already holds a copy of the note's document (IndexedDB). */
  hadLocalCopy: boolean;
  /** The note's first document, made from its text, for a note written outside the editor. */
  buildSeed: () => Uint8Array;
  /** The editor may be shown: what is typed in it can no longer replace the stored text. */
  onReady: () => void;
  onCaughtUp: () => void;
  /** Whether the note waits, unshown, for a server it cannot reach. */
  onUnreachable: (unreachable: boolean) => void;
  onState: (state: SaveState) => void;
  retryMs?: (attempt: number) => number;
}

export interface OpenedNote {
  /** The first attempt, and its retries until one succeeds or fails for good. */
  opened: Promise<void>;
  /** Tries again now instead of at the next retry (the browser came back online). */
  retryNow: () => void;
  stop: () => void;
}

/**
 * Opening a note: catches up with what is stored, retrying while the server is unreachable; then
 * gives a note written outside the editor its first document, and asks the server once to bring
 * the note's text up to its stored document. Without a copy on this device, an editor shown before
 * the stored state is known would be empty, and whatever were typed in it would replace the
 * stored text once it syncs: so a note with text is ready only once the state has loaded. A note
 * with no text (one just made) has nothing to replace: it is ready at once, even offline.
 */
export function openNote(options: OpenNoteOptions): OpenedNote {
  const { sync, text } = options;
  const retryMs = options.retryMs ?? ((n) => Math.min(8_000, 1000 * 2 ** n));
  const readyNow = options.hadLocalCopy || (!text.title && !text.body);
  if (readyNow) options.onReady();
  let live = true;
  let attempt = 0;
  let timer: ReturnType<typeof setTimeout> | null = null;
  let settle = () => {};
  const opened = new Promise<void>((resolve) => (settle = resolve));

  const attemptOpen = async (): Promise<void> => {
    timer = null;
    try {
      await sync.catchUp();
      if (!live) return settle();
      options.onCaughtUp();
      options.onUnreachable(false);
      // Notes written outside the editor (an import, the seed script) have text but no document.
      if (text.title || text.body) await sync.seed(options.buildSeed, text);
      if (!live) return settle();
      if (!readyNow) options.onReady();
      void sync.deriveText();
      settle();
    } catch (err) {
      if (!live) return settle();
      const transient = err instanceof TransientError;
      options.onState(transient ? "offline" : "error");
      if (!transient) return settle();
      options.onUnreachable(!readyNow);
      timer = setTimeout(() => void attemptOpen(), retryMs(attempt++));
    }
  };
  void attemptOpen();

  return {
    opened,
    retryNow() {
      if (!timer || !live) return;
      clearTimeout(timer);
      void attemptOpen();
    },
    stop() {
      live = false;
      if (timer) clearTimeout(timer);
      timer = null;
      settle();
    },
  };
}
