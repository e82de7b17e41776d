"use client";

import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
} from "react";
import { createPortal } from "react-dom";

import type * as LaterModule from "@/components/notes/note-from-device";
import { NoteColumn } from "@/components/notes/note-column";
import { NoteEditor, loadEditor } from "@/components/notes/note-editor-code";
import { editorsToKeep } from "@/lib/notes/kept-editors";
import { copyReadAhead, takeShellReads } from "@/lib/notes/offline/read-ahead";
import type { Role } from "@/lib/sharing/roles";

// A note's own address shows its editor as soon as the page is up: the editor's code is asked for
// as this module is evaluated, before hydration, not once the hydrated page first renders it.
// (A failed load is tried again by the editor's own, when it renders.)
if (typeof window !== "undefined" && /^\/notes\/[\da-f-]{36}$/.test(location.pathname)) {
  loadEditor().catch(() => {});
}

/** What a page says about the note it shows, for its editor. */
export type HostedNote = {
  noteId: string;
  userId: string;
  ownerId: string;
  readOnly: boolean;
  canComment: boolean;
  text: { title: string; body: string };
};

type Kept = HostedNote & {
  /** Where the editor is rendered; moved into whichever pane shows the note. */
  container: HTMLDivElement;
  statusSlot: HTMLElement | null;
  ready: boolean;
  changedTo: Role | null;
  /** Opened from the list: the caret goes into it once it shows. */
  focus: boolean;
  /** How many times it was opened from the list: each time, the caret goes back into it. */
  opens: number;
  /** Opened from the device's copy, before any page gave its text. */
  fromDevice: boolean;
  /** The device's copy, read ahead by the page's own script while it loaded (its first note). */
  deviceCopy?: Promise<Uint8Array[] | null>;
  /**
   * Its page has gone, and it waits out of the page to be shown again at once: off the note's
   * channel meanwhile, so nobody sees this person in a note they left.
   */
  parked: boolean;
};

type Later = typeof LaterModule;

export type Host = {
  /** The note opened from the device while its page is on its way, or null. */
  opening: Opening | null;
  kept: readonly Kept[];
  /** Puts the note's editor in `slot` (kept across panes: it is moved, never made again). */
  attach: (note: HostedNote, slot: HTMLElement, focus?: boolean) => () => void;
  /** A click in the list: opens a note this device holds at once; true when it did. */
  openFromList: (event: React.MouseEvent) => boolean;
  /** The page the note was opened for has answered otherwise (not found): show it. */
  settle: () => void;
  /** The pane of a note opened from the device (loaded after the first screen). */
  Pane: React.ComponentType<{ host: Host; userId: string }> | null;
};

type Opening = {
  id: string;
  title: string;
  /** The note the pages showed when it was opened. */
  over: string | null;
};

const HostContext = createContext<Host | null>(null);

export function useNoteHost(): Host | null {
  return useContext(HostContext);
}

/**
 * Moves the editor's container keeping its state (focus, selection) where the browser can; says
 * whether the caret was in it.
 */
function moveInto(slot: HTMLElement, container: HTMLElement): boolean {
  if (container.parentNode === slot) return false;
  const focused = container.contains(document.activeElement);
  try {
    // Where the browser can, a move that keeps the editor's focus and selection; else a plain one.
    (slot as unknown as { moveBefore: (node: Node, child: null) => void }).moveBefore(
      container,
      null,
    );
  } catch {
    slot.appendChild(container);
  }
  refocus(container, focused);
  return focused;
}

/**
 * Gives the moved editor its caret back. A move, even one that keeps the focus, takes the page's
 * selection out of the editor: through the editor, the caret goes back where it was (Tiptap keeps
 * itself on its element), before another key is handled.
 */
function refocus(container: HTMLElement, focused: boolean) {
  if (!focused) return;
  const field = container.querySelector<HTMLElement & { editor?: { view: { focus(): void } } }>(
    "[contenteditable]",
  );
  if (field?.editor) field.editor.view.focus();
  else field?.focus();
}

const statusSlotOf = (slot: HTMLElement) =>
  slot.closest("[data-note-pane]")?.querySelector<HTMLElement>("[data-note-status-slot]") ?? null;

/**
 * Keeps the open note's editor above the pages that show it. A click on a note this device holds
 * opens it from the device at once, while the page comes from the server; when the page arrives
 * the same editor moves into it, with its caret and what was typed meanwhile. The editor of the
 * note left behind is let go only once the next one is on screen.
 */
export function useEditorHost({
  userId,
  shown,
}: {
  userId: string;
  /** The note the pages show now (the notes layout's open segment). */
  shown: string | null;
}): { host: Host; editors: React.ReactNode } {
  const [kept, setKept] = useState<Kept[]>([]);
  // One set of callbacks per note, the same on every render: the editor's channel depends on them.
  const [callbacks] = useState(
    () =>
      new Map<
        string,
        {
          onReady: () => void;
          onRoleChange: (role: Role) => void;
          onNoCopy: () => void;
        }
      >(),
  );
  const [opening, setOpening] = useState<Opening | null>(null);
  const [containers] = useState(() => new Map<string, HTMLDivElement>());
  const [onDevice] = useState(() => new Set<string>());
  const hadFocus = useRef<HTMLElement | null>(null);
  useLayoutEffect(() => {
    if (!hadFocus.current || opening) return;
    refocus(hadFocus.current, true);
    hadFocus.current = null;
  });

  // The notes this device holds, read once; each note opened here is added as it opens.
  useEffect(() => {
    let live = true;
    // Loaded after the page: the first screen has no use for it.
    void import("@/lib/notes/offline/list-store")
      .then(({ notesOnDevice }) => notesOnDevice(userId))
      .then((ids) => {
        if (live) for (const id of ids) onDevice.add(id);
      });
    return () => {
      live = false;
    };
  }, [userId, onDevice]);

  const update = useCallback((noteId: string, change: Partial<Kept>) => {
    setKept((all) => all.map((k) => (k.noteId === noteId ? { ...k, ...change } : k)));
  }, []);

  const prune = useCallback(() => {
    setKept((all) => {
      const keep = editorsToKeep(all.map((k) => ({ ...k, connected: k.container.isConnected })));
      const ids = new Set(keep.map((k) => k.noteId));
      for (const id of containers.keys())
        if (!ids.has(id)) {
          containers.delete(id);
          callbacks.delete(id);
        }
      const parked = new Set(keep.filter((k) => !k.connected).map((k) => k.noteId));
      const unchanged =
        keep.length === all.length && all.every((k) => k.parked === parked.has(k.noteId));
      if (unchanged) return all;
      return all
        .filter((k) => ids.has(k.noteId))
        .map((k) => (k.parked === parked.has(k.noteId) ? k : { ...k, parked: !k.parked }));
    });
  }, [callbacks, containers]);

  // Editors whose page has gone are parked, or let go, once the browser is idle after the newest
  // one shows.
  const newest = kept.at(-1);
  const newestReady = newest?.ready ?? true;
  const gone = kept.some((k) => k !== newest && !k.parked && !k.container.isConnected);
  useEffect(() => {
    if (!newestReady) return;
    const idle = window.requestIdleCallback ?? ((run: () => void) => setTimeout(run, 200));
    const cancel = window.cancelIdleCallback ?? clearTimeout;
    const handle = idle(prune, { timeout: 2_000 });
    return () => cancel(handle);
  }, [newestReady, gone, newest?.noteId, prune]);

  const attach = useCallback(
    (note: HostedNote, slot: HTMLElement, asked = false) => {
      // Opened from the list, whichever way it opened (from the device, or by its page when the
      // device had no copy ready): the list's row for it still has the focus.
      // (Only when it comes to this place: a page refreshed around it asks nothing.)
      const fromRow =
        document.activeElement instanceof HTMLElement &&
        document.activeElement.matches(`a[data-note-link][href="/notes/${note.noteId}"]`);
      let container = containers.get(note.noteId);
      const focus = asked || (fromRow && container?.parentNode !== slot);
      // The page's inline script read ahead the copy of the note it was loaded for: taken by that
      // note's first editor (once; any other note finds nothing and reads for itself).
      let deviceCopy: Promise<Uint8Array[] | null> | undefined;
      if (!container) {
        container = document.createElement("div");
        containers.set(note.noteId, container);
        deviceCopy = copyReadAhead(takeShellReads(note.userId, note.noteId));
      }
      // Moved into a page still out of sight, the caret comes back once it is shown (above).
      if (moveInto(slot, container)) hadFocus.current = container;
      // Opened from the list while its editor was still kept (shown already): the caret goes in now.
      else if (focus && container.querySelector("[contenteditable]")?.checkVisibility())
        refocus(container, true);
      const statusSlot = statusSlotOf(slot);
      const made = container;
      setKept((all) => {
        const before = all.find((k) => k.noteId === note.noteId);
        const next: Kept = before
          ? {
              ...before,
              ...note,
              statusSlot,
              focus: before.focus || focus,
              opens: before.opens + (focus ? 1 : 0),
              parked: false,
            }
          : {
              ...note,
              container: made,
              statusSlot,
              ready: false,
              changedTo: null,
              focus,
              opens: focus ? 1 : 0,
              fromDevice: slot.closest("[data-opened-here]") !== null,
              parked: false,
              deviceCopy,
            };
        // The note attached last is the one shown: it goes last.
        return [...all.filter((k) => k.noteId !== note.noteId), next];
      });
      // The page the note was opened for has come: the page shows it now.
      setOpening((o) =>
        o?.id === note.noteId && slot.closest("[data-opened-here]") === null ? null : o,
      );
      return () => {
        // Let go once its page is gone and the next note shows (see above); a pane that takes
        // it over meanwhile keeps it.
        setKept((all) => [...all]);
      };
    },
    [containers],
  );

  // What a click in the list needs, and the pane it opens, come after the first screen.
  const [later, setLater] = useState<Later | null>(null);
  useEffect(() => {
    let live = true;
    void import("@/components/notes/note-from-device").then(
      (m) => live && setLater(m),
      () => {}, // Notes then open through their pages, as before.
    );
    return () => {
      live = false;
    };
  }, []);

  const openFromList = useCallback(
    (event: React.MouseEvent) => {
      const target = later?.clickedNote(event, onDevice, opening?.id ?? shown);
      // Back to the note the pages show: they show it again.
      if (opening && target?.href === `/notes/${shown}`) {
        setOpening(null);
        return false;
      }
      if (!target?.id) return false;
      const { id, title } = target;
      setOpening((o) => ({ id, title, over: o ? o.over : shown }));
      if (!navigator.onLine) {
        // No page can come: the address says which note is open, and the device shows it.
        event.preventDefault();
        event.stopPropagation();
        window.history.pushState(null, "", `/notes/${id}`);
      }
      return true;
    },
    [later, opening, shown, onDevice],
  );

  // The page came for the opened note but is not a note (a 404): it shows.
  const settle = useCallback(() => setOpening(null), []);
  // The pages moved on elsewhere meanwhile (another link, the nav, Back): they show what they show.
  if (opening && shown !== opening.over && shown !== opening.id) setOpening(null);
  useEffect(() => {
    if (!opening) return;
    window.addEventListener("popstate", settle);
    return () => window.removeEventListener("popstate", settle);
  }, [opening, settle]);

  const host = useMemo<Host>(
    () => ({ opening, kept, attach, openFromList, settle, Pane: later?.NoteFromDevice ?? null }),
    [opening, kept, attach, openFromList, settle, later],
  );

  const callbacksOf = (noteId: string) => {
    let made = callbacks.get(noteId);
    if (!made) {
      made = {
        onReady: () => {
          onDevice.add(noteId);
          update(noteId, { ready: true });
        },
        onRoleChange: (role) => update(noteId, { changedTo: role }),
        // The device had no copy to show after all: the note waits for its page, as any other.
        onNoCopy: () => {
          onDevice.delete(noteId);
          callbacks.delete(noteId);
          containers.delete(noteId);
          setKept((all) => all.filter((k) => k.noteId !== noteId));
          setOpening((o) => (o?.id === noteId ? null : o));
        },
      };
      callbacks.set(noteId, made);
    }
    return made;
  };
  const editors = kept.map((k) =>
    createPortal(
      <NoteEditor
        key={k.noteId}
        noteId={k.noteId}
        userId={k.userId}
        ownerId={k.ownerId}
        text={k.text}
        readOnly={k.readOnly}
        canComment={k.canComment}
        hidden={!k.ready}
        statusSlot={k === newest ? k.statusSlot : null}
        focusOnShow={k.focus}
        focusRequest={k.opens}
        parked={k.parked}
        onRoleChange={callbacksOf(k.noteId).onRoleChange}
        onReady={callbacksOf(k.noteId).onReady}
        onNoDeviceCopy={k.fromDevice ? callbacksOf(k.noteId).onNoCopy : undefined}
        deviceCopy={k.deviceCopy}
      />,
      k.container,
      k.noteId,
    ),
  );
  return { host, editors };
}

/** The notes screens' editor host, for the panes below it. */
export const NoteHostProvider = HostContext.Provider;

/**
 * The editor's place in a pane: the server's text (or a skeleton) until the editor is ready, then
 * the editor, kept by the host.
 */
export function HostedIsland({
  host,
  note,
  preview,
  focus = false,
}: {
  host: Host;
  note: HostedNote;
  preview: React.ReactNode;
  focus?: boolean;
}) {
  const slot = useRef<HTMLDivElement>(null);
  const { attach } = host;
  const { noteId, userId, ownerId, readOnly, canComment, text } = note;
  useLayoutEffect(
    () => attach({ noteId, userId, ownerId, readOnly, canComment, text }, slot.current!, focus),
    // The text only seeds a new document: a new object with the same words changes nothing.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [attach, noteId, userId, ownerId, readOnly, canComment, text.title, text.body, focus],
  );
  const mine = host.kept.find((k) => k.noteId === noteId);
  const ready = mine?.ready ?? false;
  const changedTo = mine?.changedTo ?? null;
  return (
    <NoteColumn
      readOnly={readOnly}
      canComment={canComment}
      changedTo={changedTo}
      ready={ready}
      preview={preview}
    >
      <div ref={slot} />
    </NoteColumn>
  );
}

/** On a page that answers for a note with something else (not found): that page shows. */
export function SettleOpening() {
  const host = useNoteHost();
  const settle = host?.settle;
  useEffect(() => settle?.(), [settle]);
  return null;
}
