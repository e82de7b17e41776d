"use client";

import { useCallback, useEffect, useState } from "react";
import { CloudOffIcon, FolderIcon, PinIcon } from "lucide-react";

import "@/components/notes/note-list.css";

import { NoteEditorIsland } from "@/components/notes/note-editor-island";
import { displayTitle } from "@/lib/notes/derive";
import { editedAgo } from "@/lib/notes/list";
import { deviceUser, notesOnDevice, readOfflineList } from "@/lib/notes/offline/list-store";
import { shellList, waitingLine, type ShellNote } from "@/lib/notes/offline/shell-list";
import { notesMadeHere } from "@/lib/notes/sync/pending-creates";
import { pendingNotes } from "@/lib/notes/sync/pending-notes";
import { noteIdFromPath } from "@/lib/pwa/offline-shell";

type Loaded = { userId: string; notes: ShellNote[] } | "nobody" | null;

/**
 * The notes as this device has them, when the server cannot be reached: the kept list, and every
 * note whose document is on the device, open and editable. Changes wait in the note's IndexedDB
 * copy and are stored as soon as the server answers again.
 */
export function OfflineNotes() {
  const [loaded, setLoaded] = useState<Loaded>(null);
  const [openId, setOpenId] = useState<string | null>(null);
  const [online, setOnline] = useState(false);
  const [waiting, setWaiting] = useState(0);

  useEffect(() => {
    // What the device holds is read once; the page's address says which note is open.
    const read = async (): Promise<Loaded> => {
      const userId = deviceUser();
      if (!userId) return "nobody";
      try {
        const [{ pages, folders }, onDevice] = await Promise.all([
          readOfflineList(userId),
          notesOnDevice(userId),
        ]);
        const made = notesMadeHere(localStorage, userId);
        return { userId, notes: shellList(pages, folders, onDevice, made) };
      } catch {
        return { userId, notes: shellList([], [], new Set(), notesMadeHere(localStorage, userId)) };
      }
    };
    void read().then((result) => {
      setOpenId(noteIdFromPath(window.location.pathname));
      setOnline(navigator.onLine);
      setLoaded(result);
    });
  }, []);

  // The count follows the notes' own save state (kept in localStorage by each open note).
  useEffect(() => {
    if (!loaded || loaded === "nobody") return;
    const count = () => setWaiting(pendingNotes(localStorage, loaded.userId).length);
    count();
    const timer = setInterval(count, 1000);
    window.addEventListener("storage", count);
    return () => {
      clearInterval(timer);
      window.removeEventListener("storage", count);
    };
  }, [loaded]);

  useEffect(() => {
    const onLine = () => setOnline(navigator.onLine);
    const onPop = () => setOpenId(noteIdFromPath(window.location.pathname));
    window.addEventListener("online", onLine);
    window.addEventListener("offline", onLine);
    window.addEventListener("popstate", onPop);
    return () => {
      window.removeEventListener("online", onLine);
      window.removeEventListener("offline", onLine);
      window.removeEventListener("popstate", onPop);
    };
  }, []);

  const open = useCallback((id: string) => {
    window.history.pushState(null, "", `/notes/${id}`);
    setOpenId(id);
  }, []);

  if (loaded === null) {
    return <div data-offline-shell role="status" aria-label="Loading your notes" />;
  }
  if (loaded === "nobody") {
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

  const note = loaded.notes.find((n) => n.id === openId) ?? null;
  return (
    <div data-offline-shell className="flex min-h-0 flex-1 flex-col md:flex-row">
      <section
        aria-labelledby="offline-notes-heading"
        className="flex min-h-0 flex-col border-b md:w-80 md:shrink-0 md:border-r md:border-b-0"
      >
        <div className="grid gap-1 border-b p-3">
          <h1 id="offline-notes-heading" className="text-lg font-semibold tracking-tight">
            All notes
          </h1>
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
        </div>
        <div className="min-h-0 flex-1 overflow-y-auto">
          {loaded.notes.length === 0 ? (
            <p className="px-4 py-8 text-center text-sm text-muted-foreground">
              No notes are kept on this device.
            </p>
          ) : (
            <ul aria-label="All notes" className="note-list" data-note-list>
              {loaded.notes.map((n) => (
                <li key={n.id}>
                  <a
                    href={`/notes/${n.id}`}
                    aria-current={n.id === openId ? "page" : undefined}
                    data-note-link
                    onClick={(e) => {
                      if (e.metaKey || e.ctrlKey || e.shiftKey) return;
                      e.preventDefault();
                      open(n.id);
                    }}
                  >
                    <b>
                      {n.pinned && <PinIcon aria-label="Pinned" />}
                      <span>{displayTitle(n.title)}</span>
                    </b>
                    <small>
                      {n.folder && (
                        <>
                          <FolderIcon aria-hidden="true" className="inline size-3" /> {n.folder}
                          {" · "}
                        </>
                      )}
                      {editedAgo(n.updated_at)}
                      {n.madeHere ? " · Waiting to sync" : ""}
                      {n.onDevice ? "" : " · Needs a connection"}
                    </small>
                  </a>
                </li>
              ))}
            </ul>
          )}
        </div>
      </section>
      <section aria-label="Note" className="flex min-h-0 flex-1 flex-col overflow-y-auto">
        {note?.onDevice ? (
          <>
            <div className="flex items-center justify-end border-b px-4 py-2 text-sm">
              <div id="note-status-slot" />
            </div>
            <NoteEditorIsland
              key={note.id}
              noteId={note.id}
              userId={loaded.userId}
              text={{ title: note.title, body: note.preview }}
              preview={null}
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
