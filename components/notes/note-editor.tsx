"use client";

import {
  useCallback,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  useSyncExternalStore,
} from "react";
import { createPortal } from "react-dom";
import dynamic from "next/dynamic";
import { MessageSquareIcon } from "lucide-react";
import { Selection, TextSelection } from "@tiptap/pm/state";
import { EditorContent, ReactNodeViewRenderer, useEditor, type EditorOptions } from "@tiptap/react";
import { IndexeddbPersistence } from "y-indexeddb";
import { toast } from "sonner";
import { Awareness } from "y-protocols/awareness";
import * as Y from "yjs";

import { AttachmentUploads, type FilePicker } from "@/components/attachments/attachment-uploads";
import { AttachmentView } from "@/components/attachments/attachment-view";
import { useAttachmentSweep } from "@/components/attachments/use-attachment-sweep";
import { useAttachmentUploads } from "@/components/attachments/use-attachment-uploads";
import { useSharedFiles } from "@/components/attachments/use-shared-files";
import type { Draft } from "@/components/comments/comments-panel";
import { PlacedThreads } from "@/components/comments/placed-threads";
import { useNoteComments } from "@/components/comments/use-note-comments";
import { loadSupabase, useSupabaseConfig } from "@/components/supabase/supabase-config";
import { PeopleHere } from "@/components/notes/people-here";
import { LiveSaveStatus, StatusStore } from "@/components/notes/live-save-status";
import { Button } from "@/components/ui/button";
import { SelectionToolbar } from "@/components/notes/selection-toolbar";
import { slashMenuRender } from "@/components/notes/slash-menu";
import { useNoteChannel, type AccessChange, type Me } from "@/components/notes/use-note-channel";
import { useNotePeople } from "@/components/notes/use-note-people";
import { readCaret, writeCaret } from "@/lib/notes/caret-memory";
import { useNoteRefs } from "@/components/tags/use-note-refs";
import { CommentHighlights } from "@/lib/comments/highlight";
import { editorExtensions } from "@/lib/notes/editor-extensions";
import { ChecklistOrder, checkedItemsDown } from "@/lib/notes/editor/checklist-order";
import {
  caretAwareness,
  CollaboratorCarets,
  relabelCarets,
  type CaretPersonOf,
  type CaretUser,
} from "@/lib/notes/editor/collaborator-carets";
import { LinkTitles } from "@/lib/notes/editor/link-titles";
import { SlashCommands } from "@/lib/notes/editor/slash-commands";
import { documentFromMarkdown } from "@/lib/notes/markdown-document";
import { deriveTitleAndBody } from "@/lib/notes/derive";
import { markdownStart } from "@/lib/notes/editor/markdown-start";
import { documentRefs, type DocJSON } from "@/lib/tags/parse";
import { announceNoteChange } from "@/lib/notes/local-changes";
import { batchDeviceWrites } from "@/lib/notes/sync/device-writes";
import { localCopyName } from "@/lib/notes/sync/device-copy";
import {
  holdNoteOpen,
  keepNotesWithinLimitSoon,
  noteOpenedHere,
} from "@/lib/notes/offline/device-limit";
import { NoteSync, STORE_EVERY_MS } from "@/lib/notes/sync/note-sync";
import { openNote, type OpenedNote } from "@/lib/notes/sync/open-note";
import { markPending } from "@/lib/notes/sync/pending-notes";
import { supabaseNoteStore } from "@/lib/notes/sync/supabase-store";
import { NO_PEOPLE } from "@/lib/notes/note-people";
import { facesOf, unknownIn } from "@/lib/notes/presence";
import { avatarUrl, profileFromClaims, shownName } from "@/lib/profile/session-profile";
import { canCommentWith, type Role } from "@/lib/sharing/roles";
import { importWhenOnline } from "@/lib/when-online";

type Props = {
  noteId: string;
  userId: string;
  /** Whose note it is; another person's when it is shared with `userId`. */
  ownerId: string;
  text: { title: string; body: string };
  hidden: boolean;
  onReady: () => void;
  /** A viewer's or commenter's editor: shows the note live, takes no typing. */
  readOnly?: boolean;
  /** Writes comments on the note (by default, whoever may edit it: a commenter too). */
  canComment?: boolean;
  /** The owner made this person an editor, a commenter or a viewer while the note is open. */
  onRoleChange?: (role: Role) => void;
  /**
   * Where the save status goes, when the pane says (null: nowhere, the note is not on screen);
   * otherwise the page's `#note-status-slot`.
   */
  statusSlot?: HTMLElement | null;
  /** Opened from the list: the caret goes into the note as soon as it shows. */
  focusOnShow?: boolean;
  /**
   * Counts the times the note was opened from the list: an editor kept while another note showed
   * takes the caret again each time (it is already shown, so showing it gives no cue).
   */
  focusRequest?: number;
  /**
   * Opened from this device's copy alone, with no text from the server: called instead of opening
   * when the device holds no document after all (a note with no copy must wait for its text, or
   * the title alone would become its first document).
   */
  onNoDeviceCopy?: () => void;
  /**
   * This device's copy, already being read (lib/notes/sync/device-copy.ts): applied as soon as it
   * is here, so the note opens without waiting for its database to open again.
   */
  deviceCopy?: Promise<Uint8Array[] | null>;
  /** Kept out of the page to be shown again at once: off the note's channel meanwhile. */
  parked?: boolean;
};

// The comments panel is loaded when it is first opened.
const CommentsPanel = dynamic(
  () =>
    importWhenOnline(() => import("@/components/comments/comments-panel")).then(
      (m) => m.CommentsPanel,
    ),
  { ssr: false, loading: () => null },
);

const noSubscription = () => () => {};
const findStatusSlot = () => document.getElementById("note-status-slot");
const noSlot = () => null;

/** The page title behind a pasted link, from this app's server; none when it can't be had. */
async function fetchTitle(url: string): Promise<string | null> {
  try {
    const response = await fetch(`/notes/link-title?url=${encodeURIComponent(url)}`);
    if (!response.ok) return null;
    const { title } = (await response.json()) as { title?: unknown };
    return typeof title === "string" && title ? title : null;
  } catch {
    return null;
  }
}

type BrowserClient = Awaited<ReturnType<typeof loadSupabase>>;

/** Tiptap bound to the note's Y.Doc: the CRDT owns the document, the editor shows it. */
export function NoteEditor({
  noteId,
  userId,
  ownerId,
  text,
  hidden,
  onReady,
  readOnly = false,
  canComment: canCommentServed = !readOnly,
  onRoleChange,
  statusSlot,
  focusOnShow = false,
  focusRequest = 0,
  onNoDeviceCopy,
  deviceCopy,
  parked = false,
}: Props) {
  // The client library is fetched once the note shows, or once catching up asks for it (a note
  // with no copy on this device): a note opened from the device's copy waits for nothing but the
  // editor. Until then, who is here, the comments and the note's channel wait.
  const config = useSupabaseConfig();
  const [supabase, setSupabase] = useState<BrowserClient | null>(null);
  const [connect] = useState(
    () => () =>
      loadSupabase(config).then((client) => {
        setSupabase(client);
        return client;
      }),
  );
  useEffect(() => {
    if (!hidden) connect().catch(() => {}); // Offline: the note's store asks again as it retries.
  }, [hidden, connect]);
  const [doc] = useState(() => new Y.Doc());
  // Who is where in this note, shared with the others who have it open (their carets).
  const [awareness] = useState(() => new Awareness(doc));
  useEffect(() => () => awareness.destroy(), [awareness]);
  const [carets] = useState(() => caretAwareness(awareness));
  const [sync, setSync] = useState<NoteSync | null>(null);
  // Saving and saved change with every keystroke: only the status reads them, not the whole editor.
  const [status] = useState(() => new StatusStore());
  const setStatus = status.set;
  // The toolbar's slot is looked up once this editor is in the page: when the editor's code is
  // already loaded it renders together with the toolbar, before the slot is in the document.
  // React reads the store again once mounted, and then finds the slot.
  const foundSlot = useSyncExternalStore(noSubscription, findStatusSlot, noSlot);
  const slot = statusSlot === undefined ? foundSlot : statusSlot;
  const takeFocus = useRef(focusOnShow);
  useEffect(() => {
    takeFocus.current = focusOnShow;
  }, [focusOnShow]);
  const [caughtUp, setCaughtUp] = useState(false);
  const [unreachable, setUnreachable] = useState(false);
  // Drop and paste handlers are fixed when the editor is made; they reach the uploads through this.
  const addFiles = useRef<(files: File[]) => void>(() => {});
  const picker = useRef<FilePicker>(null);
  // The `/` menu's Image and File open the uploads' picker; made once, like the editor.
  const [pickFiles] = useState(() => (kind: "image" | "file") => picker.current?.pick(kind));
  // Mod-Alt-M is fixed when the editor is made; it reaches the comments through this.
  const commentNow = useRef<() => void>(() => {});
  const [onCommentKey] = useState(() => () => commentNow.current());
  // Names and faces of those here, on carets and on comments: the server's, never what a device
  // says of itself. The carets are made with the editor; they read the latest list through this.
  const { url } = config;
  const notePeople = useNotePeople(supabase, noteId);
  const known = useRef(notePeople.people);
  const [personOf] = useState<CaretPersonOf>(() => (id: string) => {
    const person = known.current.get(id);
    if (!person) return null;
    const face = person.avatarPath ? avatarUrl(url, person.avatarPath, 14) : null;
    return { name: person.name, avatarUrl: face };
  });

  const refs = useNoteRefs();
  // Made once: options that differ from the last render's make Tiptap set them again, which
  // redraws the whole note (on every keystroke, for a page that renders on each one).
  const [made] = useState(() => ({
    extensions: [
      ...editorExtensions(doc, ReactNodeViewRenderer(AttachmentView), refs),
      SlashCommands.configure({
        pickFiles,
        render: slashMenuRender,
      }),
      ChecklistOrder.configure({ enabled: () => checkedItemsDown(window.localStorage) }),
      LinkTitles.configure({ fetchTitle }),
      CollaboratorCarets.configure({
        awareness: carets.awareness,
        selfId: userId,
        personOf,
        alone: carets.isAlone,
      }),
      CommentHighlights.configure({ onComment: onCommentKey }),
    ],
    editorProps: {
      attributes: {
        class: "note-prose min-h-[50vh] outline-none",
        "aria-label": "Note",
      },
      handleDrop(view, event, _slice, moved) {
        const files = Array.from(event.dataTransfer?.files ?? []);
        if (moved || files.length === 0) return false;
        event.preventDefault();
        // The files land where they were dropped: the cursor goes there first.
        const at = view.posAtCoords({ left: event.clientX, top: event.clientY });
        if (at) {
          const cursor = TextSelection.near(view.state.doc.resolve(at.pos));
          view.dispatch(view.state.tr.setSelection(cursor));
        }
        addFiles.current(files);
        return true;
      },
      handlePaste(_view, event) {
        const files = Array.from(event.clipboardData?.files ?? []);
        if (files.length === 0) return false;
        event.preventDefault();
        addFiles.current(files);
        return true;
      },
    } satisfies EditorOptions["editorProps"],
  }));
  const editor = useEditor({ immediatelyRender: false, editable: !readOnly, ...made });
  // The role the page was served with, until the owner changes it while the note is open.
  const [access, setAccess] = useState<"served" | Role | "removed">("served");
  const [leftOver, setLeftOver] = useState("");
  const canEdit = access === "served" ? !readOnly : access === "editor";
  const canComment =
    access === "served" ? canCommentServed : access !== "removed" && canCommentWith(access);
  // The sync is made once; it reads whether this person may change the note through this.
  const canEditNow = useRef(canEdit);
  useEffect(() => {
    editor?.setEditable(canEdit);
  }, [editor, canEdit]);
  useEffect(() => {
    canEditNow.current = canEdit;
    sync?.setReadOnly(!canEdit);
  }, [sync, canEdit]);
  // A shared note's files go in its owner's folder, where the editors' storage policy lets them add.
  const uploads = useAttachmentUploads(editor, ownerId, noteId);
  useEffect(() => {
    addFiles.current = uploads.addFiles;
  }, [uploads.addFiles]);
  // Files shared into the installed app for this note go in once its stored state is here.
  useSharedFiles(editor, userId, noteId, caughtUp && canEdit, uploads.addFiles);
  // Only the owner may remove files, so only the owner's devices sweep the ones no longer in it.
  useAttachmentSweep(editor, supabase, ownerId, noteId, caughtUp && ownerId === userId);
  useEffect(() => {
    if (!editor) return;
    const local = new IndexeddbPersistence(localCopyName(userId, noteId), doc);
    // Kept on this device while open in any tab; the least recently opened go past the limit.
    const release = holdNoteOpen(userId, noteId);
    noteOpenedHere(localStorage, userId, noteId);
    keepNotesWithinLimitSoon(userId);
    // Keystrokes reach this device's copy a few at a time, not in a write each.
    const writes = batchDeviceWrites(doc, local);
    let live = true;
    let opened: OpenedNote | null = null;
    let sync: NoteSync | null = null;
    // The copy read ahead holds what y-indexeddb is about to read: applied as coming from it, so
    // it is not stored again, and the note opens without waiting for the database's second read.
    const loadedHere = deviceCopy
      ? deviceCopy.then((updates) => {
          if (!updates) return local.whenSynced;
          doc.transact(() => {
            for (const update of updates) Y.applyUpdate(doc, update);
          }, local);
        })
      : local.whenSynced;
    // Attached once this device's own copy is loaded: that copy is not a new edit to send.
    void loadedHere.then(() => {
      if (!live) return;
      if (onNoDeviceCopy && doc.getXmlFragment("default").length === 0) return onNoDeviceCopy();
      sync = new NoteSync(doc, supabaseNoteStore(connect, noteId, userId), null, {
        readOnly: !canEditNow.current,
        storeEveryMs: STORE_EVERY_MS,
        // Tags as the server reads them, so the offline list can show a tag typed anywhere.
        derive: () => ({
          ...deriveTitleAndBody(markdownStart(editor)),
          tags: documentRefs(editor.getJSON() as DocJSON).tags,
        }),
        onText: (shown) =>
          announceNoteChange({ id: noteId, ...shown, updated_at: new Date().toISOString() }),
        onState: (state, message) => {
          setStatus({ state, message });
          // Until stored, a later tab on any notes page stores it should this one close.
          if (state !== "error") markPending(localStorage, userId, noteId, state !== "saved");
        },
      });
      sync.assumeShownText(text);
      setSync(sync);
      opened = openNote({
        sync,
        text,
        hadLocalCopy: doc.getXmlFragment("default").length > 0,
        buildSeed: () => documentFromMarkdown(editor, `${text.title}\n\n${text.body}`),
        onReady,
        onCaughtUp: () => setCaughtUp(true),
        onUnreachable: setUnreachable,
        onState: (state) => setStatus({ state }),
      });
    });
    const onOffline = () => setStatus({ state: "offline" });
    const onOnline = () => opened?.retryNow();
    // A page going to the background may not run again: what the store window holds goes now,
    // and the text typed last is told to the list (which keeps it on the device offline).
    const onHidden = (event: Event) => {
      if (event.type !== "pagehide" && document.visibilityState !== "hidden") return;
      sync?.storeNow();
      sync?.tellTextNow();
    };
    window.addEventListener("offline", onOffline);
    window.addEventListener("online", onOnline);
    document.addEventListener("visibilitychange", onHidden);
    window.addEventListener("pagehide", onHidden);
    return () => {
      live = false;
      opened?.stop();
      window.removeEventListener("offline", onOffline);
      window.removeEventListener("online", onOnline);
      document.removeEventListener("visibilitychange", onHidden);
      window.removeEventListener("pagehide", onHidden);
      sync?.destroy();
      writes.stop();
      void local.destroy().finally(release);
    };
    // The server's text only seeds a new document; later renders must not restart the sync.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [editor, doc, connect, noteId, userId]);

  const reloadPeople = notePeople.reload;
  const onAccess = useCallback(
    (change: AccessChange) => {
      void reloadPeople().catch(() => {});
      if (change.userId !== userId) return;
      if (change.role) {
        setAccess(change.role);
        onRoleChange?.(change.role);
        return;
      }
      // Access taken away: what this person had is kept for them to copy; nothing more is sent.
      setLeftOver(editor?.getMarkdown() ?? "");
      sync?.setTransport(null);
      setAccess("removed");
    },
    [editor, sync, userId, onRoleChange, reloadPeople],
  );
  // This person's profile, as their session carries it: sent in presence and on the caret for
  // devices on an earlier version; others now show the name and face the server has for the id.
  const [me, setMe] = useState<Me | undefined>(undefined);
  useEffect(() => {
    if (!supabase) return;
    let live = true;
    void supabase.auth.getSession().then(({ data }) => {
      const user = data.session?.user;
      const profile = user
        ? profileFromClaims({ sub: user.id, email: user.email, user_metadata: user.user_metadata })
        : null;
      if (live && profile?.userId === userId)
        setMe({ userId, name: shownName(profile), avatarPath: profile.avatarPath });
    });
    return () => {
      live = false;
    };
  }, [supabase, userId]);
  // Only those who may change the note show their caret (a viewer's broadcasts are refused).
  useEffect(() => {
    const user: CaretUser | null = me && canEdit ? { id: me.userId, name: me.name } : null;
    if (user) awareness.setLocalStateField("user", user);
    else if (awareness.getLocalState()?.user) awareness.setLocalStateField("user", null);
  }, [awareness, me, canEdit]);
  // Tracked at once, before the session is read, as the note's other devices need to know it is
  // there to send it their changes; its id alone says who it is.
  const self = useMemo<Me>(() => me ?? { userId, name: "", avatarPath: null }, [me, userId]);
  const comments = useNoteComments(supabase, noteId, editor, reloadPeople);
  const [commentsOpen, setCommentsOpen] = useState(false);
  const [draft, setDraft] = useState<Draft | null>(null);
  const startComment = useCallback(() => {
    if (!canComment) return;
    const next = comments.draftFromSelection();
    if (!next) return;
    setDraft(next);
    setCommentsOpen(true);
  }, [canComment, comments]);
  useEffect(() => {
    commentNow.current = startComment;
  }, [startComment]);
  const openThreads =
    comments.rows?.filter((c) => c.parent_id === null && c.resolved_at === null).length ?? 0;
  // Parked, the note's channel is left (others see this person go); shown again, it is joined
  // again, and joining catches up with what others wrote meanwhile.
  const here = useNoteChannel(
    supabase,
    noteId,
    parked ? null : sync,
    onAccess,
    self,
    awareness,
    comments.signal,
  );
  const faces = useMemo(
    () => facesOf(here.present, notePeople.people),
    [here.present, notePeople.people],
  );
  // Someone here whom the list, once read, does not name (given access since): read it again, once
  // for each new set of such ids.
  const read = notePeople.people !== NO_PEOPLE;
  const missing = read ? unknownIn(here.present, notePeople.people).join(" ") : "";
  const askedFor = useRef("");
  useEffect(() => {
    if (!missing || missing === askedFor.current) return;
    askedFor.current = missing;
    void reloadPeople().catch(() => {});
  }, [missing, reloadPeople]);
  useEffect(() => {
    known.current = notePeople.people;
    if (editor && !editor.isDestroyed) relabelCarets(editor.view.dom, personOf);
  }, [notePeople.people, editor, personOf]);
  // Another person has the note open: this device's caret is written again, where it is now. (This
  // person's own other devices do not show their own caret.)
  const alone = here.present.length === 0;
  useEffect(() => {
    carets.setAlone(alone);
    if (!alone && editor && !editor.isDestroyed)
      editor.view.dispatch(editor.state.tr.setMeta("addToHistory", false));
  }, [alone, carets, editor]);

  // A new note is for writing in at once: the caret is in it in the same frame the editor is
  // shown, so the first keys typed go into the note. (Tiptap's `focus` command waits a frame, and
  // keys pressed in that frame reach the page instead, where "n" makes another note.)
  useLayoutEffect(() => {
    if (hidden || !editor || !editor.isEmpty) return;
    editor.view.dispatch(editor.state.tr.setSelection(Selection.atEnd(editor.state.doc)));
    editor.view.focus();
  }, [hidden, editor]);

  // The caret goes back where it was when this note was last open on this device, and where it
  // is now is kept as it moves.
  useEffect(() => {
    if (hidden || !editor || editor.isEmpty) return;
    const caret = readCaret(window.localStorage, noteId);
    if (!caret && takeFocus.current) {
      // Opened from the list by keyboard or pointer: writing starts where the note starts.
      editor.view.dispatch(editor.state.tr.setSelection(Selection.atStart(editor.state.doc)));
      editor.view.focus();
    }
    if (caret) {
      const { doc: pmDoc } = editor.state;
      const clamp = (pos: number) => Math.max(0, Math.min(pos, pmDoc.content.size));
      const selection = TextSelection.between(
        pmDoc.resolve(clamp(caret.anchor)),
        pmDoc.resolve(clamp(caret.head)),
      );
      editor.view.dispatch(editor.state.tr.setSelection(selection).scrollIntoView());
      editor.view.focus();
    }
    let timer: ReturnType<typeof setTimeout> | undefined;
    const keep = () => {
      clearTimeout(timer);
      timer = setTimeout(() => {
        const { anchor, head } = editor.state.selection;
        writeCaret(window.localStorage, noteId, { anchor, head });
      }, 250);
    };
    editor.on("selectionUpdate", keep);
    return () => {
      editor.off("selectionUpdate", keep);
      clearTimeout(timer);
      if (editor.isDestroyed) return;
      const { anchor, head } = editor.state.selection;
      if (editor.isFocused) writeCaret(window.localStorage, noteId, { anchor, head });
    };
  }, [hidden, editor, noteId, focusRequest]);

  if (access === "removed") return <AccessRemoved text={leftOver} />;

  return (
    <>
      {slot &&
        createPortal(
          <div className="flex flex-wrap items-center gap-x-2">
            <PeopleHere people={faces} />
            <Button
              type="button"
              variant="ghost"
              size="sm"
              aria-expanded={commentsOpen}
              aria-label={`Comments${openThreads ? `, ${openThreads} open` : ""}`}
              onClick={() => setCommentsOpen((o) => !o)}
            >
              <MessageSquareIcon aria-hidden="true" className="size-4" />
              {openThreads > 0 && <span aria-hidden="true">{openThreads}</span>}
            </Button>
            <LiveSaveStatus
              status={status}
              elsewhere={here.elsewhere}
              onRetry={() => sync?.retry()}
            />
          </div>,
          slot,
        )}
      {hidden && unreachable && (
        <p role="status" className="mt-6 rounded-md border px-3 py-2 text-sm">
          Can&rsquo;t reach the server — this note will open when you&rsquo;re back online.
        </p>
      )}
      {!hidden && (
        <AttachmentUploads
          entries={uploads.entries}
          unfinished={uploads.unfinished}
          onFiles={uploads.addFiles}
          onForget={(key) => void uploads.forget(key)}
          onDismiss={(id) => void uploads.dismiss(id)}
          onRetry={uploads.retry}
          picker={picker}
        />
      )}
      {editor && !hidden && (
        <SelectionToolbar
          editor={editor}
          onAttach={() => pickFiles("file")}
          onComment={canComment ? startComment : undefined}
        />
      )}
      <PlacedThreads editor={editor} rows={comments.rows}>
        {(threads) =>
          !hidden &&
          commentsOpen && (
            <CommentsPanel
              open
              onOpenChange={setCommentsOpen}
              threads={threads}
              people={notePeople.people}
              userId={userId}
              canComment={canComment}
              draft={draft}
              onDraftDone={() => setDraft(null)}
              actions={comments.actions}
            />
          )
        }
      </PlacedThreads>
      <EditorContent editor={editor} hidden={hidden} />
    </>
  );
}

/** What a person sees once the owner takes their access away, with their text to keep. */
function AccessRemoved({ text }: { text: string }) {
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      toast.success("Copied");
    } catch {
      toast.error("Couldn't copy. Select the text and copy it yourself.");
    }
  };
  return (
    <div role="alert" className="flex flex-col gap-3 rounded-md border p-4">
      <h2 className="text-lg font-semibold">You no longer have access</h2>
      <p className="text-sm text-muted-foreground">
        The owner stopped sharing this note with you. What you had open is below, to copy and keep.
      </p>
      <textarea
        aria-label="Your copy of the note"
        readOnly
        value={text}
        className="min-h-40 w-full rounded-md border bg-background p-2 font-mono text-sm"
      />
      <div>
        <Button type="button" onClick={copy}>
          Copy the text
        </Button>
      </div>
    </div>
  );
}
