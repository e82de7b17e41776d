"use client";

import { useEffect, useMemo, useState } from "react";
import { PanelLeftOpenIcon } from "@/components/ui/icons";

import "@/components/notes/notes-frame.css";

import { NOTE_DRAG_TYPE } from "@/components/folders/folder-tree";
import { useFolders } from "@/components/folders/folders-provider";
import { NewNoteButton } from "@/components/notes/new-note-button";
import { NoteList } from "@/components/notes/note-list";
import { NoteSearch, type SearchHit } from "@/components/notes/note-search";
import { NoteListSkeleton } from "@/components/notes/note-skeleton";
import { usePanes } from "@/components/notes/notes-shell";
import { SearchResults } from "@/components/notes/search-results";
import { useLiveNotes } from "@/components/notes/use-live-notes";
import { loadSupabase, useSupabaseConfig } from "@/components/supabase/supabase-config";
import {
  fetchNotesPage,
  unpackNotesPage,
  type NoteListItem,
  type NotesPage,
  type PackedNotesPage,
} from "@/lib/notes/list";
import { cn } from "@/lib/utils";

/**
 * The note list pane: the chosen folder's notes (or all of them), search, and a new note. The
 * server sends the list of the folder this device showed last; another folder's list is read
 * here when it is chosen.
 */
export function NotesSidebar({
  firstPage,
  firstFolder,
  userId,
}: {
  firstPage: PackedNotesPage;
  firstFolder: string | null;
  userId: string;
}) {
  // The server's first page arrives packed; one page object per server page, so the list knows
  // when the server sent a new one.
  const serverPage = useMemo(() => unpackNotesPage(firstPage), [firstPage]);
  const { current, rows } = useFolders();
  const panes = usePanes();
  const [search, setSearch] = useState<{ query: string; hits: SearchHit[] | null }>({
    query: "",
    hits: null,
  });
  const searching = search.query.trim() !== "";
  const folderName = current ? (rows.find((r) => r.id === current)?.name ?? "Folder") : null;
  // The folders go with the kept list, for the app opened with no network.
  useEffect(() => {
    const folders = rows.map(({ id, name, parent_id }) => ({ id, name, parent_id }));
    const timer = setTimeout(() => {
      void import("@/lib/notes/offline/list-store")
        .then((store) => store.saveFolders(userId, folders))
        .catch(() => {});
    }, 500);
    return () => clearTimeout(timer);
  }, [rows, userId]);

  return (
    <>
      <div className="grid gap-3 border-b p-3">
        <div className="flex items-center justify-between gap-2">
          <div className="flex min-w-0 items-center gap-1">
            <button
              type="button"
              aria-label="Show folders"
              title="Show folders"
              onClick={() => panes?.showNav()}
              className={cn("pane-button grid size-8 shrink-0", panes?.layout.nav && "lg:hidden")}
            >
              <PanelLeftOpenIcon aria-hidden="true" className="size-4" />
            </button>
            <h2 className="truncate text-lg font-semibold tracking-tight">
              {folderName ?? "All notes"}
            </h2>
          </div>
          <NewNoteButton variant="outline" />
        </div>
        <NoteSearch onResults={setSearch} />
      </div>
      <div
        className="min-h-0 flex-1 overflow-y-auto"
        onDragStart={(e) => {
          // A note dragged from the list carries its id, for the folders to take.
          const link = (e.target as HTMLElement).closest?.("[data-note-link]");
          const id = link?.getAttribute("href")?.split("/").pop();
          if (id) e.dataTransfer.setData(NOTE_DRAG_TYPE, id);
        }}
      >
        {searching ? (
          <SearchResults query={search.query} hits={search.hits} />
        ) : (
          <FolderNotes
            key={current ?? "all"}
            folder={current}
            initial={current === firstFolder ? serverPage : null}
            userId={userId}
          />
        )}
      </div>
    </>
  );
}

/** One folder's list: the server's page when it sent this folder's, else read on arrival. */
function FolderNotes({
  folder,
  initial,
  userId,
}: {
  folder: string | null;
  initial: NotesPage | null;
  userId: string;
}) {
  const config = useSupabaseConfig();
  const [page, setPage] = useState(initial);
  const [from, setFrom] = useState(initial);
  if (initial !== from) {
    setFrom(initial);
    if (initial) setPage(initial);
  }
  useEffect(() => {
    if (page) return;
    let live = true;
    void loadSupabase(config)
      .then((client) => fetchNotesPage(client, userId, null, folder))
      .then(
        (read) => live && setPage(read),
        () => live && setPage({ notes: [], more: false }),
      );
    return () => {
      live = false;
    };
  }, [config, folder, page, userId]);
  if (!page) return <NoteListSkeleton />;
  return <LiveList page={page} folder={folder} userId={userId} />;
}

function LiveList({
  page,
  folder,
  userId,
}: {
  page: NotesPage;
  folder: string | null;
  userId: string;
}) {
  const list = useLiveNotes(page, userId, folder);
  useKeptOnDevice(userId, folder, list.notes, list.more);
  return (
    <NoteList notes={list.notes} more={list.more} loading={list.loading} onMore={list.loadMore} />
  );
}

/**
 * Keeps the list as shown on this device (IndexedDB, per person), for the app opened with no
 * network; at most every half second, its code fetched when first needed. Writing it copies the
 * whole list (a few milliseconds at a thousand notes), so it waits for a moment the browser has
 * nothing to draw: a page of older notes arrives while the list scrolls, and a copy made just
 * before a frame would cost that frame.
 */
function useKeptOnDevice(
  userId: string,
  folder: string | null,
  notes: NoteListItem[],
  more: boolean,
) {
  useEffect(() => {
    let idle: number | undefined;
    const timer = setTimeout(() => {
      const save = () =>
        void import("@/lib/notes/offline/list-store")
          .then((store) => store.saveListPage(userId, folder, { notes, more }))
          .catch(() => {});
      if (typeof window.requestIdleCallback !== "function") return save();
      idle = window.requestIdleCallback(save, { timeout: 2_000 });
    }, 500);
    return () => {
      clearTimeout(timer);
      if (idle !== undefined) window.cancelIdleCallback(idle);
    };
  }, [userId, folder, notes, more]);
}
