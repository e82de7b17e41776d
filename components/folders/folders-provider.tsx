"use client";

import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
} from "react";
import { usePathname, useSearchParams } from "next/navigation";
import { toast } from "sonner";

import { useLoadedSupabase } from "@/components/supabase/supabase-config";
import { moveNoteToFolder } from "@/lib/folders/actions";
import { countChangeFilter } from "@/lib/folders/count-changes";
import { listenToNoteChanges } from "@/lib/notes/note-changes";
import { flushMoves, queueMove } from "@/lib/folders/move-queue";
import {
  buildTree,
  FOLDER_LIST_COLUMNS,
  toFolderRow,
  type FolderNode,
  type FolderRow,
} from "@/lib/folders/tree";
import {
  EXPANDED_COOKIE,
  FOLDER_COOKIE,
  parseFolder,
  saveCookie,
  serializeExpanded,
} from "@/lib/notes/pane-layout";
import { onChangesFlowing } from "@/lib/supabase/changes-flowing";

type Folders = {
  rows: FolderRow[];
  tree: FolderNode[];
  /** The folder the list shows, or null for "All notes". */
  current: string | null;
  expanded: ReadonlySet<string>;
  setExpanded: (id: string, open: boolean) => void;
  /** Files a note; kept on the device until the server has it (offline, or a failed request). */
  moveNote: (noteId: string, folder: string | null) => Promise<void>;
  /** Reads the folders and their counts again (after a write this tab made). */
  refresh: () => void;
  /** Whose folders these are: the signed-in person. */
  userId: string;
};

const FoldersContext = createContext<Folders | null>(null);

export function useFolders(): Folders {
  const folders = useContext(FoldersContext);
  if (!folders) throw new Error("useFolders needs a FoldersProvider above it.");
  return folders;
}

/** The folders context, or null outside the notes frame (a note page rendered alone). */
export function useMaybeFolders(): Folders | null {
  return useContext(FoldersContext);
}

/**
 * The person's folders, kept current by Postgres changes on folders and the notes' own changes
 * (a folder made, renamed or moved, or a note filed, on another device), which folders are open
 * on this device, and which one the list shows: the URL's `?folder=` on /notes, and the last one
 * chosen while a note is open, so a note's own URL stays /notes/<id>.
 */
export function FoldersProvider({
  userId,
  initialRows,
  initialExpanded,
  initialFolder,
  children,
}: {
  userId: string;
  initialRows: FolderRow[];
  initialExpanded: string[];
  initialFolder: string | null;
  children: React.ReactNode;
}) {
  const supabase = useLoadedSupabase();
  const [from, setFrom] = useState(initialRows);
  const [rows, setRows] = useState(initialRows);
  if (from !== initialRows) {
    setFrom(initialRows);
    setRows(initialRows);
  }
  const [expanded, setExpandedState] = useState<ReadonlySet<string>>(
    () => new Set(initialExpanded),
  );
  const pathname = usePathname();
  const params = useSearchParams();
  const onList = pathname === "/notes";
  const [sticky, setSticky] = useState(initialFolder);
  const current = onList ? parseFolder(params.get("folder")) : sticky;
  if (onList && current !== sticky) setSticky(current);
  useEffect(() => saveCookie(FOLDER_COOKIE, current ?? ""), [current]);

  const setExpanded = useCallback((id: string, open: boolean) => {
    setExpandedState((previous) => {
      const next = new Set(previous);
      if (open) next.add(id);
      else next.delete(id);
      saveCookie(EXPANDED_COOKIE, serializeExpanded(next));
      return next;
    });
  }, []);

  const reread = useRef<() => void>(() => {});
  const refresh = useCallback(() => reread.current(), []);

  useEffect(() => {
    if (!supabase) return;
    const client = supabase;
    let live = true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const countsMayChange = countChangeFilter();
    const read = async () => {
      const { data, error } = await client
        .from("folder_list")
        .select(FOLDER_LIST_COLUMNS)
        .order("position");
      if (!error && live) setRows(data.map(toFolderRow));
    };
    // Several changes at once (a folder deleted with its notes) make one read.
    reread.current = () => {
      clearTimeout(timer);
      timer = setTimeout(() => void read(), 150);
    };
    const channel = client
      .channel(`folders:${userId}`)
      .on(
        "postgres_changes",
        { event: "*", schema: "public", table: "folders", filter: `owner_id=eq.${userId}` },
        () => reread.current(),
      );
    // What changed while the connection was down was never heard: read once on each join, once
    // its changes flow.
    onChangesFlowing(channel, () => reread.current()).subscribe();
    // Counts change when a note is filed, trashed, restored or made in a folder; a note deleted
    // for good was already out of every count (Trash holds it), so deletes are not heard here.
    // The notes' changes come on the page's one channel for them (a note being typed in is saved
    // every few keys, and each save is told again with the note's folder).
    const stop = listenToNoteChanges(client, userId, {
      change: (change) => {
        if (change.event === "insert") reread.current();
        else if (change.event === "update" && countsMayChange(change.note)) reread.current();
      },
      flowing: () => reread.current(),
    });
    return () => {
      live = false;
      clearTimeout(timer);
      stop();
      void client.removeChannel(channel);
    };
  }, [supabase, userId]);

  const flushing = useRef(false);
  const flush = useCallback(async () => {
    if (flushing.current) return;
    flushing.current = true;
    try {
      const sent = await flushMoves(moveNoteToFolder, (message) => toast.error(message));
      if (sent > 0) reread.current();
    } finally {
      flushing.current = false;
    }
  }, []);

  useEffect(() => {
    void flush();
    const online = () => void flush();
    window.addEventListener("online", online);
    return () => window.removeEventListener("online", online);
  }, [flush]);

  const moveNote = useCallback(
    async (noteId: string, folder: string | null) => {
      queueMove(noteId, folder);
      if (!navigator.onLine) {
        toast("Moved on this device; it will sync when you're back online.");
        return;
      }
      await flush();
    },
    [flush],
  );

  const value = useMemo(
    () => ({
      rows,
      tree: buildTree(rows),
      current,
      expanded,
      setExpanded,
      moveNote,
      refresh,
      userId,
    }),
    [rows, current, expanded, setExpanded, moveNote, refresh, userId],
  );
  return <FoldersContext.Provider value={value}>{children}</FoldersContext.Provider>;
}
