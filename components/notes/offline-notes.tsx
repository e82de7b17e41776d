"use client";

import { startTransition, useCallback, useEffect, useMemo, useRef, useState } from "react";
import { CloudOffIcon, FolderIcon, RotateCcwIcon } from "lucide-react";
import { ArrowLeftIcon, PinIcon, PinOffIcon, PlusIcon, Trash2Icon } from "@/components/ui/icons";
import { toast } from "sonner";

import "@/components/notes/back-to-notes.css";
import "@/components/notes/note-list.css";
import "@/components/notes/note-view.css";

import { moveInList, notesKeyAction } from "@/components/notes/list-stepper";
import { OwnEditorIsland, preloadEditor } from "@/components/notes/own-editor-island";
import { SearchField } from "@/components/notes/search-field";
import { useLoadedSupabase } from "@/components/supabase/supabase-config";
import { Button } from "@/components/ui/button";
import { cn } from "@/lib/utils";
import { pendingMoves } from "@/lib/folders/move-queue";
import { displayTitle } from "@/lib/notes/derive";
import { editedAgo } from "@/lib/notes/list";
import { onNoteChange } from "@/lib/notes/local-changes";
import {
  deviceUser,
  listFromEntries,
  notesAmong,
  notesOnDevice,
  readOfflineList,
  type OfflineFolder,
} from "@/lib/notes/offline/list-store";
import {
  moveOffline,
  pinOffline,
  restoreOffline,
  trashOffline,
} from "@/lib/notes/offline/organize-offline";
import { makeNoteOnDevice } from "@/lib/notes/offline/create-on-device";
import { queuedChanges, withWaitingChanges } from "@/lib/notes/offline/organize-queue";
import { keepShownText, shownTexts, shownTextKey } from "@/lib/notes/offline/shown-text";
import {
  addressOfScope,
  foldersInOrder,
  notesInScope,
  scopeFromAddress,
  searchShellNotes,
  keptShellList,
  shellTags,
  withLocalNotes,
  waitingLine,
  type ShellNote,
  type ShellScope,
} from "@/lib/notes/offline/shell-list";
import { localCopyName, readDeviceCopy } from "@/lib/notes/sync/device-copy";
import { notesMadeHere } from "@/lib/notes/sync/pending-creates";
import { pendingNotes } from "@/lib/notes/sync/pending-notes";
import { noteIdFromPath } from "@/lib/pwa/offline-shell";
import { copyReadAhead, takeShellReads, type ShellReads } from "@/lib/notes/offline/read-ahead";
import type { DeviceTitle } from "@/lib/search/title-index";
import { ROLE_LABEL } from "@/lib/sharing/roles";

type Loaded =
  | {
      userId: string;
      pages: Awaited<ReturnType<typeof readOfflineList>>["pages"];
      folders: OfflineFolder[];
      onDevice: Set<string>;
    }
  | "nobody"
  | null;

/** Everything this device keeps about changes waiting to sync, to see when any of it changed. */
const waitingKeys = (userId: string) =>
  [
    `groundwork:${userId}:unsaved-notes`,
    `groundwork:${userId}:new-notes`,
    `groundwork:${userId}:note-changes`,
    "groundwork:pending-note-moves",
    shownTextKey(userId),
  ]
    .map((key) => localStorage.getItem(key) ?? "")
    .join("\n");

/** How many times what still waits after a reconnect is tried again (5, 10, 20, 40 s later). */
const RETRIES = 4;

/** Whether anything made, written or changed on this device has not reached the server yet. */
function somethingWaits(userId: string): boolean {
  return (
    pendingNotes(localStorage, userId).length > 0 ||
    notesMadeHere(localStorage, userId).length > 0 ||
    queuedChanges(localStorage, userId).length > 0 ||
    Object.keys(pendingMoves()).length > 0
  );
}

/**
 * What the device holds: its person, their kept list and which notes' documents are here. The
 * reads the shell's inline script started are used when there are some (what they could not read
 * is read again here).
 */
async function readDevice(early: ShellReads | null = null): Promise<Loaded> {
  const userId = deviceUser();
  if (!userId) return "nobody";
  try {
    const [{ pages, folders }, onDevice] = await Promise.all([
      early?.list?.then((kept) =>
        kept ? listFromEntries(kept.keys, kept.values) : readOfflineList(userId),
      ) ?? readOfflineList(userId),
      early?.databases?.then((all) => notesAmong(all, userId)) ?? notesOnDevice(userId),
    ]);
    return { userId, pages, folders, onDevice };
  } catch {
    return { userId, pages: [], folders: [], onDevice: new Set<string>() };
  }
}

/**
 * The shell's first read, started as its code is evaluated (React asks for the page's client code
 * as it starts hydrating, so this runs then, not after the shell's first commit): the device's
 * list and, for a note's address, the editor's code, at once. Taken once; a shell mounted again
 * reads afresh.
 */
let firstRead: Promise<Loaded> | null = null;
/** The open note's own copy, read beside the list (one read each, at once), for its editor. */
let firstCopy: { noteId: string; copy: Promise<Uint8Array[] | null> } | null = null;
if (typeof window !== "undefined") {
  const noteId = noteIdFromPath(window.location.pathname);
  const userId = deviceUser();
  if (noteId) preloadEditor();
  const early = userId ? takeShellReads(userId, noteId) : null;
  if (noteId && userId) {
    const copy = copyReadAhead(early);
    firstCopy = { noteId, copy: copy ?? readDeviceCopy(localCopyName(userId, noteId)) };
  }
  firstRead = readDevice(early);
}

/**
 * The installed app's shortcuts (/notes?action=new or ?action=search) opened with no network: the
 * action, taken off the address so a reload does not make a second note. A share's address
 * (?action=share) is left as it is, for the notes page once the network is back.
 */
function takeLaunchAction(): "new" | "search" | null {
  const url = new URL(window.location.href);
  const action = url.searchParams.get("action");
  if (action !== "new" && action !== "search") return null;
  url.searchParams.delete("action");
  window.history.replaceState(window.history.state, "", url.pathname + url.search + url.hash);
  return action;
}

/**
 * How many list rows the first frame draws: those a window's height can show (rows take about
 * 60 px), at most 40; the rest follow without holding up the open note. Read only once the device's
 * list is in hand, in the browser (the viewport's size forces no layout).
 */
const firstRows = () => Math.min(40, Math.ceil(window.innerHeight / 60) + 1);

/** Rows drawn at a time once the list is drawn whole: "Show more" draws as many again. */
const MORE_ROWS = 200;

/** The list's name: All notes, a folder's name, or a tag. */
function scopeName(scope: ShellScope, folders: OfflineFolder[]): string {
  if (!scope) return "All notes";
  if ("shared" in scope) return "Shared with me";
  if ("tag" in scope) return `#${scope.tag}`;
  return folders.find((f) => f.id === scope.folder)?.name ?? "Folder";
}

/** A scope as the "Show" menu's value. */
const scopeValue = (scope: ShellScope) =>
  !scope
    ? ""
    : "shared" in scope
      ? "shared"
      : "folder" in scope
        ? `folder:${scope.folder}`
        : `tag:${scope.tag}`;

function scopeOfValue(value: string): ShellScope {
  if (value === "shared") return { shared: true };
  if (value.startsWith("folder:")) return { folder: value.slice("folder:".length) };
  if (value.startsWith("tag:")) return { tag: value.slice("tag:".length) };
  return null;
}

/**
 * The notes as this device has them, when the server cannot be reached: the kept list, and every
 * note whose document is on the device, open and editable. Changes wait in the note's IndexedDB
 * copy and are stored as soon as the server answers again.
 */
export function OfflineNotes() {
  const [loaded, setLoaded] = useState<Loaded>(null);
  const [openId, setOpenId] = useState<string | null>(null);
  // Handed to the note the page opened with, once: a note opened later reads its own copy.
  const [startCopy, setStartCopy] = useState(() => {
    const taken = firstCopy;
    firstCopy = null;
    return taken;
  });
  const [online, setOnline] = useState(false);
  // Tries since the last reconnect to send what waits on this device (see below).
  const [attempt, setAttempt] = useState(0);
  // Files shared into the app while offline wait on this device (sw/share-target.ts): the notes
  // page makes the note of them, so the page is loaded again as soon as the network is back.
  const [shareWaits, setShareWaits] = useState(false);
  // Bumped whenever what waits on this device changes (here, in another tab, or once sent).
  const [kept, setKept] = useState("");
  // Only for sending what waited once the network is back: offline, the library and its client are
  // not built while the note is being opened.
  const supabase = useLoadedSupabase(online);

  // The list beyond its first rows is drawn once the first frame is up and the open note's editor
  // is shown, as work that yields to typing: committing a thousand rows would otherwise land
  // between the editor's code arriving and the editor being made.
  const [allRows, setAllRows] = useState(false);
  // Every note of the person the device keeps (title, folder, pin, tags), read once the list's
  // first rows and the open note are drawn: the notes no kept page holds, and every note's folder
  // and tags.
  // Null until read: an empty list (a folder's, a tag's) is not yet known to be empty.
  const [every, setEvery] = useState<DeviceTitle[] | null>(null);
  // What the list shows: every note, a folder's or a tag's, as the address says.
  const [scope, setScope] = useState<ShellScope>(null);
  const [rowLimit, setRowLimit] = useState(MORE_ROWS);
  // A search of the notes on this device, over their titles, previews and folders.
  const [query, setQuery] = useState("");
  const searchField = useRef<HTMLInputElement>(null);
  const [searchOnOpen, setSearchOnOpen] = useState(false);
  const [noteShown, setNoteShown] = useState(false);
  const shown = useCallback(() => setNoteShown(true), []);

  useEffect(() => {
    const read = firstRead ?? readDevice();
    firstRead = null;
    void read.then((result) => {
      const action = takeLaunchAction();
      if (action === "new" && result !== "nobody") {
        const made = makeNoteOnDevice(null);
        if ("error" in made) toast.error(made.error);
        else window.history.pushState(null, "", `/notes/${made.id}`);
      }
      setSearchOnOpen(action === "search");
      setScope(scopeFromAddress(window.location.pathname, window.location.search));
      setOpenId(noteIdFromPath(window.location.pathname));
      setOnline(navigator.onLine);
      setShareWaits(new URLSearchParams(window.location.search).has("shared"));
      setLoaded(result);
    });
  }, []);

  useEffect(() => {
    if (online && shareWaits) window.location.reload();
  }, [online, shareWaits]);

  // The count follows the notes' own save state (kept in localStorage by each open note) and the
  // notes made, moved, pinned and trashed here.
  useEffect(() => {
    if (!loaded || loaded === "nobody") return;
    const count = () => setKept(waitingKeys(loaded.userId));
    count();
    const timer = setInterval(count, 1000);
    window.addEventListener("storage", count);
    return () => {
      clearInterval(timer);
      window.removeEventListener("storage", count);
    };
  }, [loaded]);

  // What is written in a note here shows in the list (and is found by search) as it is written,
  // and after a reload.
  useEffect(() => {
    if (!loaded || loaded === "nobody") return;
    const { userId } = loaded;
    return onNoteChange((change) => {
      keepShownText(localStorage, userId, change);
      setKept(waitingKeys(userId));
    });
  }, [loaded]);

  useEffect(() => {
    const onLine = () => {
      setOnline(navigator.onLine);
      setAttempt(0);
    };
    const onPop = () => {
      setStartCopy(null);
      const id = noteIdFromPath(window.location.pathname);
      setOpenId(id);
      if (!id) setScope(scopeFromAddress(window.location.pathname, window.location.search));
    };
    window.addEventListener("online", onLine);
    window.addEventListener("offline", onLine);
    window.addEventListener("popstate", onPop);
    return () => {
      window.removeEventListener("online", onLine);
      window.removeEventListener("offline", onLine);
      window.removeEventListener("popstate", onPop);
    };
  }, []);

  // A note, or none: the list alone, where a phone shows one pane at a time.
  const open = useCallback(
    (id: string | null) => {
      window.history.pushState(null, "", id ? `/notes/${id}` : addressOfScope(scope));
      setStartCopy(null);
      setOpenId(id);
    },
    [scope],
  );

  // Another list: every note, a folder's or a tag's, at its own address.
  const show = useCallback((next: ShellScope) => {
    window.history.pushState(null, "", addressOfScope(next));
    setScope(next);
    setRowLimit(MORE_ROWS);
  }, []);

  // "New note", its key (N) and the launcher's shortcut: the note is made on this device, listed
  // first and opened, with the caret in it; it syncs as any change made here does.
  const create = useCallback(() => {
    if (!loaded || loaded === "nobody") return;
    const made = makeNoteOnDevice(null);
    if ("error" in made) {
      toast.error(made.error);
      return;
    }
    setQuery("");
    setKept(waitingKeys(loaded.userId));
    open(made.id);
  }, [loaded, open]);

  // The keys of the notes screens that need no server: a new note, search, and moving through the
  // list (help, history and the palette are the app's, online).
  useEffect(() => {
    if (!loaded || loaded === "nobody") return;
    function onKeyDown(event: KeyboardEvent) {
      const action = notesKeyAction(event);
      const step = { "next-note": 1, "previous-note": -1, list: 0 } as const;
      if (action === "new-note") create();
      else if (action === "search") searchField.current?.focus();
      else if (action === "next-note" || action === "previous-note" || action === "list")
        moveInList(step[action]);
      else return;
      event.preventDefault();
    }
    // Capture: Escape must reach here before the editor handles it.
    window.addEventListener("keydown", onKeyDown, true);
    return () => window.removeEventListener("keydown", onKeyDown, true);
  }, [loaded, create]);

  // Opened by the launcher's Search shortcut: the search field takes the caret once shown.
  useEffect(() => {
    if (loaded && searchOnOpen) searchField.current?.focus();
  }, [loaded, searchOnOpen]);

  // The list as kept, laid out when it is read; what was written here is laid over it at each
  // pause in typing, without laying out 10,000 notes again.
  const keptList = useMemo(
    () =>
      loaded && loaded !== "nobody"
        ? keptShellList(loaded.pages, loaded.folders, loaded.onDevice, every ?? [])
        : null,
    [loaded, every],
  );
  const view = useMemo(() => {
    if (!loaded || loaded === "nobody" || !keptList) return null;
    const { userId, pages, folders } = loaded;
    const notes = withLocalNotes(
      keptList,
      pages,
      folders,
      notesMadeHere(localStorage, userId),
      shownTexts(localStorage, userId),
    );
    const names = new Map(folders.map((f) => [f.id, f.name]));
    const shown = withWaitingChanges(
      notes,
      queuedChanges(localStorage, userId),
      pendingMoves(),
      names,
    );
    // A note made here waits until the server has it, marked or not.
    const count = new Set([
      ...pendingNotes(localStorage, userId),
      ...shown.waiting,
      ...notes.filter((n) => n.madeHere).map((n) => n.id),
    ]).size;
    return { ...shown, count, tags: shellTags(shown.notes) };
    // `kept` changes with what waits on this device, which this reads.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [loaded, kept, keptList]);

  const waitsForNote =
    !noteShown && !!view?.notes.concat(view.trash).some((n) => n.id === openId && n.onDevice);
  useEffect(() => {
    if (!loaded || allRows) return;
    const draw = () => startTransition(() => setAllRows(true));
    // An editor that never shows (its code unreachable) holds the rest of the list back no longer.
    if (waitsForNote) {
      const late = setTimeout(draw, 3_000);
      return () => clearTimeout(late);
    }
    const frame = requestAnimationFrame(() => setTimeout(draw));
    return () => cancelAnimationFrame(frame);
  }, [loaded, allRows, waitsForNote]);

  useEffect(() => {
    if (!allRows || !loaded || loaded === "nobody") return;
    let live = true;
    void import("@/lib/search/device-titles")
      .then(({ readKeptTitles }) => readKeptTitles(loaded.userId))
      // Nothing more than the kept pages to list when it cannot be read.
      .catch((): DeviceTitle[] => [])
      .then((kept) => {
        if (live) startTransition(() => setEvery(kept));
      });
    return () => {
      live = false;
    };
  }, [allRows, loaded]);

  // Back online: the text of every note edited here is stored (not only the open one's, as a
  // notes page does), then what was moved, pinned and trashed here is carried out, in order; a
  // refusal (a folder or note deleted elsewhere meanwhile) is said, never dropped unsaid. What is
  // still waiting afterwards (the server unreachable after all) is tried again while online, a
  // little later each time, a few times (`attempt`); every reconnect starts again.
  useEffect(() => {
    if (!online || !supabase || !loaded || loaded === "nobody") return;
    let live = true;
    let again: ReturnType<typeof setTimeout> | undefined;
    const { userId } = loaded;
    const titleOf = (id: string) =>
      displayTitle(view?.notes.concat(view.trash).find((n) => n.id === id)?.title ?? "");
    void Promise.all([
      import("@/lib/notes/sync/push-pending"),
      import("@/lib/notes/sync/local-copy"),
      import("@/lib/notes/offline/send-organize"),
    ])
      .then(async ([{ pushPendingNotes }, { openLocalCopy }, { sendWaitingChanges }]) => {
        await pushPendingNotes(
          localStorage,
          userId,
          (noteId) => openLocalCopy(supabase, userId, noteId),
          (id, message) => toast.error(`${titleOf(id)}: ${message}`),
        );
        if (live) setKept(waitingKeys(userId));
        await sendWaitingChanges(supabase, userId, (id, message) =>
          toast.error(`${titleOf(id)}: ${message}`),
        );
      })
      .catch(() => {
        // Unreachable after all: the changes stay on the device, for the next try.
      })
      .then(() => {
        if (!live) return;
        setKept(waitingKeys(userId));
        if (attempt < RETRIES && somethingWaits(userId))
          again = setTimeout(() => setAttempt((n) => n + 1), 5_000 * 2 ** attempt);
      });
    return () => {
      live = false;
      clearTimeout(again);
    };
    // Sent once per reconnect (and each try after it), not again as the list redraws.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [online, supabase, loaded, attempt]);

  const changed = () => {
    if (loaded && loaded !== "nobody") setKept(waitingKeys(loaded.userId));
  };

  if (loaded === null) {
    return <div data-offline-shell role="status" aria-label="Loading your notes" />;
  }
  if (loaded === "nobody" || !view) {
    return (
      <div data-offline-shell className="mx-auto grid max-w-md gap-3 px-4 py-20 text-center">
        <CloudOffIcon aria-hidden="true" className="mx-auto size-10 text-muted-foreground" />
        <h1 className="text-2xl font-semibold tracking-tight">You&rsquo;re offline</h1>
        <p className="text-muted-foreground">
          No notes are kept on this device yet. Sign in while online and they will be here next
          time.
        </p>
      </div>
    );
  }

  const userId = loaded.userId;
  const note = view.notes.concat(view.trash).find((n) => n.id === openId) ?? null;
  const inTrash = !!note && view.trash.includes(note);
  const waiting = view.count;
  const listName = scopeName(scope, loaded.folders);
  // Searching every note finds those shared with the person too, as the app's search does.
  const listed = searchShellNotes(
    !scope && query.trim() ? view.notes : notesInScope(view.notes, scope),
    query,
  );
  const trashed = scope ? [] : searchShellNotes(view.trash, query);
  const tags = view.tags;
  const folderTree = foldersInOrder(loaded.folders);
  const sharedCount = view.notes.filter((n) => n.shared).length;
  const scopeKnown =
    !scope ||
    "shared" in scope ||
    ("folder" in scope
      ? folderTree.some(({ folder }) => folder.id === scope.folder)
      : tags.some(({ tag }) => tag === scope.tag));
  const toolbar = note && (
    // The note's bar as the app draws it (note-view.css): the way back, the status, then the
    // actions, their names shown where the bar has room and their icons alone where it has not.
    <div className="note-bar">
      {/* The shell is not a page of the router: a Link would ask the server for /notes, which the
          shell stands in for because it cannot be reached. The shell keeps the history itself. */}
      {/* eslint-disable-next-line @next/next/no-html-link-for-pages */}
      <a
        href="/notes"
        className="note-back"
        onClick={(e) => {
          if (e.metaKey || e.ctrlKey || e.shiftKey) return;
          e.preventDefault();
          open(null);
        }}
      >
        <ArrowLeftIcon aria-hidden="true" className="size-4" />
        <span className="max-[400px]:sr-only">All notes</span>
      </a>
      <div id="note-status-slot" data-note-status-slot className="shell-note-status mr-auto" />
      {note.shared ? (
        // Someone else's note: what it is to this person, and nothing of the owner's to change.
        <span className="truncate text-sm text-muted-foreground">
          {note.shared.owner ? `${note.shared.owner} · ` : ""}
          {note.shared.role ? ROLE_LABEL[note.shared.role] : ROLE_LABEL.viewer}
        </span>
      ) : inTrash ? (
        <Button
          variant="ghost"
          size="sm"
          onClick={() => {
            restoreOffline(userId, note);
            changed();
            toast("Restored on this device; it will sync when you're back online.");
          }}
        >
          <RotateCcwIcon aria-hidden="true" />
          <span className="note-bar-label">Restore</span>
        </Button>
      ) : (
        <>
          {loaded.folders.length > 0 && (
            <select
              aria-label="Folder"
              className="h-8 max-w-40 rounded-md border bg-background px-2 text-sm"
              value={note.folder_id ?? ""}
              onChange={(e) => {
                moveOffline(userId, note, e.target.value || null);
                changed();
              }}
            >
              <option value="">No folder</option>
              {folderTree.map(({ folder: f, depth }) => (
                <option key={f.id} value={f.id}>
                  {"\u2003".repeat(depth) + f.name}
                </option>
              ))}
            </select>
          )}
          <Button
            variant="ghost"
            size="sm"
            aria-pressed={note.pinned}
            onClick={() => {
              pinOffline(userId, note, !note.pinned);
              changed();
            }}
          >
            {note.pinned ? <PinOffIcon aria-hidden="true" /> : <PinIcon aria-hidden="true" />}
            <span className="note-bar-label">{note.pinned ? "Unpin" : "Pin"}</span>
          </Button>
          <Button
            variant="ghost"
            size="sm"
            onClick={() => {
              trashOffline(userId, note);
              changed();
              toast(
                note.madeHere
                  ? "Deleted; it never left this device."
                  : "Moved to Trash on this device; it will sync when you're back online.",
              );
            }}
          >
            <Trash2Icon aria-hidden="true" />
            <span className="note-bar-label">Delete</span>
          </Button>
        </>
      )}
    </div>
  );
  const item = (n: ShellNote) => (
    <li key={n.id}>
      <a
        href={`/notes/${n.id}`}
        aria-current={n.id === openId ? "page" : undefined}
        data-note-link
        // The editor's code is fetched as the pointer or focus reaches a note, before the click.
        onPointerEnter={n.onDevice ? preloadEditor : undefined}
        onFocus={n.onDevice ? preloadEditor : undefined}
        onClick={(e) => {
          if (e.metaKey || e.ctrlKey || e.shiftKey) return;
          e.preventDefault();
          open(n.id);
        }}
      >
        <b>
          {n.pinned && <i role="img" aria-label="Pinned" />}
          <span>{displayTitle(n.title)}</span>
        </b>
        <small>
          {n.shared?.owner && `${n.shared.owner} · `}
          {n.folder && (
            <>
              <FolderIcon aria-hidden="true" className="inline size-3" /> {n.folder}
              {" · "}
            </>
          )}
          {editedAgo(n.updated_at)}
          {n.madeHere || view.waiting.has(n.id) ? " · Waiting to sync" : ""}
          {n.onDevice ? "" : " · Needs a connection"}
          {n.preview && ` · ${n.preview}`}
        </small>
      </a>
    </li>
  );
  return (
    // On a phone, one pane at a time, as in the app: the open note, or the list when none is.
    <div data-offline-shell className="flex min-h-0 flex-1 flex-col md:flex-row">
      <section
        aria-labelledby="offline-notes-heading"
        className={cn(
          "flex min-h-0 flex-1 flex-col md:w-80 md:flex-none md:shrink-0 md:border-r",
          note && "max-md:hidden",
        )}
      >
        <div className="grid gap-1 border-b p-3">
          <div className="flex items-center justify-between gap-2">
            <h1
              id="offline-notes-heading"
              className="min-w-0 truncate text-lg font-semibold tracking-tight"
            >
              {listName}
            </h1>
            <Button variant="outline" aria-keyshortcuts="N" onClick={create}>
              <PlusIcon aria-hidden="true" />
              New note
            </Button>
          </div>
          <p role="status" className="flex items-center gap-1.5 text-sm text-muted-foreground">
            <CloudOffIcon aria-hidden="true" className="size-4 shrink-0" />
            {online ? (
              <span>
                Back online —{" "}
                <a className="underline underline-offset-2" href={window.location.pathname}>
                  reload
                </a>{" "}
                to see what changed elsewhere
              </span>
            ) : (
              "Offline — changes are kept on this device"
            )}
          </p>
          <p className="text-sm text-muted-foreground" data-waiting-count={waiting}>
            {waitingLine(waiting)}
          </p>
          {shareWaits && (
            <p role="status" className="text-sm text-muted-foreground">
              What you shared is kept on this device. It becomes a note once you’re back online.
            </p>
          )}
          {(folderTree.length > 0 || tags.length > 0 || sharedCount > 0) && (
            <select
              aria-label="Show"
              className="mt-2 h-9 w-full rounded-md border bg-background px-2 text-sm"
              value={scopeValue(scope)}
              onChange={(e) => show(scopeOfValue(e.target.value))}
            >
              <option value="">All notes</option>
              {sharedCount > 0 && <option value="shared">Shared with me</option>}
              {folderTree.length > 0 && (
                <optgroup label="Folders">
                  {folderTree.map(({ folder, depth }) => (
                    <option key={folder.id} value={`folder:${folder.id}`}>
                      {"\u2003".repeat(depth) + folder.name}
                    </option>
                  ))}
                </optgroup>
              )}
              {tags.length > 0 && (
                <optgroup label="Tags">
                  {tags.map(({ tag, count }) => (
                    <option key={tag} value={`tag:${tag}`}>
                      {`#${tag} (${count})`}
                    </option>
                  ))}
                </optgroup>
              )}
              {/* An address for a folder or tag this device does not know: kept, and named. */}
              {!scopeKnown && <option value={scopeValue(scope)}>{listName}</option>}
            </select>
          )}
          <SearchField
            ref={searchField}
            className="mt-2"
            label="Search notes on this device"
            value={query}
            onValue={setQuery}
          />
        </div>
        <div className="min-h-0 flex-1 overflow-y-auto">
          {listed.length === 0 && !query.trim() && every === null ? (
            <div role="status" aria-label="Loading your notes" className="h-24" />
          ) : view.notes.length === 0 ? (
            <p className="px-4 py-8 text-center text-sm text-muted-foreground">
              No notes are kept on this device.
            </p>
          ) : listed.length === 0 ? (
            <p role="status" className="px-4 py-8 text-center text-sm text-muted-foreground">
              {query.trim()
                ? `No notes on this device match \u201c${query.trim()}\u201d.`
                : scope
                  ? "shared" in scope
                    ? "No notes shared with you are kept on this device."
                    : `No notes in ${listName} are kept on this device.`
                  : "No notes are kept on this device."}
            </p>
          ) : (
            <>
              <ul aria-label={listName} className="note-list" data-note-list>
                {listed.slice(0, allRows || query ? rowLimit : firstRows()).map(item)}
              </ul>
              {allRows && listed.length > rowLimit && (
                <div className="p-3">
                  <Button
                    variant="outline"
                    className="w-full"
                    onClick={() => setRowLimit((n) => n + MORE_ROWS)}
                  >
                    Show more notes ({listed.length - rowLimit} more)
                  </Button>
                </div>
              )}
            </>
          )}
          {trashed.length > 0 && (
            <>
              <h2 id="offline-trash-heading" className="px-3 pt-4 text-sm font-medium">
                Trash
              </h2>
              <ul aria-labelledby="offline-trash-heading" className="note-list">
                {trashed.map(item)}
              </ul>
            </>
          )}
        </div>
      </section>
      <section
        aria-label="Note"
        className={cn("flex min-h-0 flex-1 flex-col overflow-y-auto", !note && "max-md:hidden")}
      >
        {toolbar}
        {note?.onDevice ? (
          <>
            <OwnEditorIsland
              key={note.id}
              noteId={note.id}
              userId={loaded.userId}
              // A shared note opens as the person's role on it lets them, to read when unknown.
              {...(note.shared && {
                ownerId: note.shared.ownerId ?? undefined,
                readOnly: note.shared.role !== "editor",
                canComment: note.shared.role === "editor" || note.shared.role === "commenter",
              })}
              text={{ title: note.title, body: note.preview }}
              preview={null}
              deviceCopy={startCopy?.noteId === note.id ? startCopy.copy : undefined}
              onShown={shown}
            />
          </>
        ) : (
          <div className="grid gap-2 px-4 py-20 text-center">
            <p className="text-lg font-medium">{note ? displayTitle(note.title) : "Pick a note"}</p>
            <p className="text-sm text-muted-foreground">
              {note
                ? "This note has not been opened on this device yet: it needs a connection."
                : "Notes you have opened on this device open here without a connection."}
            </p>
          </div>
        )}
      </section>
    </div>
  );
}
