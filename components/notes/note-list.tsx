"use client";

import { memo, useEffect, useLayoutEffect, useRef, useState } from "react";
import Link from "next/link";
import { useSelectedLayoutSegment } from "next/navigation";

import "@/components/notes/note-list.css";

import {
  focusedRow,
  registerListStepper,
  rowPlace,
  stepTarget,
} from "@/components/notes/list-stepper";
import { MoreNotes } from "@/components/notes/more-notes";
import { useMinute } from "@/components/notes/use-minute";
import type { VirtualNoteList } from "@/components/notes/virtual-note-list";
import { displayTitle } from "@/lib/notes/derive";
import { editedAgo, type NoteListItem } from "@/lib/notes/list";

/**
 * The rows the server renders: a tall desktop window's list pane (about 1,300 px of 60 px rows). The rest of the page's notes travel once, in the page's data, and are rendered
 * by the virtual list (its code loaded after the first screen) as they scroll into view.
 */
const FIRST_ROWS = 22;
/** A row's height and the gap below it, for the space the rows not yet rendered take. */
const ROW_SPACE = 60;

/**
 * A note's row. It renders again only when its note, or whether it is open, changes, and as each
 * minute begins (its "edited 3 minutes ago"): a change to one note (each stored keystroke of the
 * open note comes back as one) or a scroll of the virtual list leaves the other rows as they were.
 */
const NoteRow = memo(function NoteRow({
  note,
  current,
  prefetch,
}: {
  note: NoteListItem;
  current: boolean;
  prefetch: boolean;
}) {
  const now = useMinute();
  return (
    <Link
      href={`/notes/${note.id}`}
      prefetch={prefetch ? null : false}
      aria-current={current ? "page" : undefined}
      data-note-link
    >
      <b>
        {note.pinned && <i role="img" aria-label="Pinned" />}
        <span>{displayTitle(note.title)}</span>
      </b>
      <small>
        <span suppressHydrationWarning>{editedAgo(note.updated_at, now)}</span>
        {note.preview && ` · ${note.preview}`}
      </small>
    </Link>
  );
});

export function NoteList({
  notes,
  more = false,
  loading = false,
  onMore = () => {},
}: {
  notes: NoteListItem[];
  /** Older notes follow: a button loads them, and so does scrolling down to it. */
  more?: boolean;
  loading?: boolean;
  onMore?: () => void;
}) {
  const open = useSelectedLayoutSegment();
  const [Virtual, setVirtual] = useState<typeof VirtualNoteList | null>(null);
  // Where the keyboard is in the first screen's rows, or past them (a row only the virtual list
  // will render): the virtual list focuses it as it takes over. It is read then, not when its
  // code loaded, as keys pressed until React swaps the lists still move through these rows.
  const place = useRef<number | null>(null);
  const swapping = useRef(false);
  const failed = useRef(false);
  const [takeFocus] = useState(() => () => place.current);
  const plain = useRef<HTMLUListElement>(null);
  const latest = useRef({ notes, open });
  useLayoutEffect(() => {
    latest.current = { notes, open };
  });
  // The keyboard's steps through the first screen's rows, and on past them while the virtual list
  // is still on its way (a key pressed then is not lost). Registered as the lists swap, in the same
  // commit: a key pressed before effects ran would find no list and start again from the top.
  useLayoutEffect(() => {
    if (Virtual) return;
    return registerListStepper((by) => {
      const list = plain.current;
      const { notes, open } = latest.current;
      if (!list || list.offsetParent === null || notes.length === 0) return false;
      // Focus moved before this list was hydrated went unseen by its focus handler: the focused
      // row says where the keyboard is then.
      const target = stepTarget(place.current ?? focusedRow(list), by, notes, open);
      const link = list.querySelector<HTMLElement>(`li[aria-posinset="${target + 1}"] > a`);
      // Past the drawn rows, the place moves on alone (unless the virtual list will never come).
      if (link || !failed.current) place.current = target;
      link?.focus();
      return true;
    });
  }, [Virtual]);
  useEffect(() => {
    let live = true;
    let loaded: typeof VirtualNoteList | null = null;
    // The virtual list replaces the rows, so it waits while a row may be under a pressed pointer
    // or being dragged: a row taken out of the page mid-drag ends the drag (the drop is lost).
    let pressed = false;
    let dragging = false;
    const takeOver = () => {
      if (!live || !loaded || pressed || dragging) return;
      const list = loaded;
      loaded = null;
      // The virtual list focuses this row as it takes over; the rows leave the page with focus.
      place.current ??= focusedRow(plain.current);
      swapping.current = true;
      setVirtual(() => list);
      detach();
    };
    // The click comes after the button is released, in the same task: the rows stay until then,
    // as a click whose row was replaced under it goes nowhere.
    const released = () => {
      pressed = false;
      setTimeout(takeOver, 0);
    };
    const dropped = () => {
      dragging = false;
      takeOver();
    };
    const listeners: [string, () => void][] = [
      ["pointerdown", () => void (pressed = true)],
      ["pointerup", released],
      // A drag that starts cancels the pointer; the drag's own start may come just after.
      ["pointercancel", released],
      ["dragstart", () => void (dragging = true)],
      ["dragend", dropped],
      ["drop", dropped],
    ];
    // Once the virtual list is in, the document's pointer and drag events are no longer watched.
    const detach = () => {
      for (const [type, listener] of listeners) document.removeEventListener(type, listener, true);
    };
    for (const [type, listener] of listeners) document.addEventListener(type, listener, true);
    void import("@/components/notes/virtual-note-list").then(
      (module) => {
        loaded = module.VirtualNoteList;
        takeOver();
      },
      () => {
        // The first screen's rows stay, and the keyboard walks those.
        failed.current = true;
      },
    );
    return () => {
      live = false;
      detach();
    };
  }, []);

  if (notes.length === 0) {
    return (
      <p className="px-4 py-8 text-center text-sm text-muted-foreground">
        No notes yet. Your first one is a click (or the N key) away, or{" "}
        <Link href="/account/import" className="underline underline-offset-2">
          import notes from another app
        </Link>
        .
      </p>
    );
  }
  // Screen readers hear each row's place in the whole list; -1 while older notes are to come.
  const setSize = more ? -1 : notes.length;
  const row = (note: NoteListItem, prefetch = true) => (
    <NoteRow note={note} current={open === note.id} prefetch={prefetch} />
  );
  const first = notes.slice(0, FIRST_ROWS);
  return (
    <>
      {Virtual ? (
        <Virtual notes={notes} open={open} setSize={setSize} row={row} takeFocus={takeFocus} />
      ) : (
        <ul
          ref={plain}
          aria-label="All notes"
          className="note-list"
          data-note-list
          style={{ paddingBottom: 8 + (notes.length - first.length) * ROW_SPACE }}
          onFocus={(event) => {
            place.current = rowPlace(event.target);
          }}
          onBlur={(event) => {
            // Focus left the list; a row taken out of the page as the lists swap is not that.
            if (swapping.current) return;
            if (!event.currentTarget.contains(event.relatedTarget)) place.current = null;
          }}
        >
          {first.map((note, index) => (
            <li key={note.id} aria-posinset={index + 1} aria-setsize={setSize}>
              {row(note)}
            </li>
          ))}
        </ul>
      )}
      {more && <MoreNotes loading={loading} onMore={onMore} />}
    </>
  );
}
