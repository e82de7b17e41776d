"use client";

import { useCallback, useEffect, useLayoutEffect, useRef, useState } from "react";
import Link from "next/link";
import { useSelectedLayoutSegment } from "next/navigation";
import { PinIcon } from "lucide-react";
import { useVirtualizer } from "@tanstack/react-virtual";

import "@/components/notes/note-list.css";

import { registerListStepper } from "@/components/notes/list-stepper";
import { MoreNotes } from "@/components/notes/more-notes";
import { displayTitle } from "@/lib/notes/derive";
import { editedAgo, type NoteListItem } from "@/lib/notes/list";

/** A row's height before it is measured: two lines of text and their padding. */
const ROW_HEIGHT = 58;
/**
 * The list's height the server renders rows for: a tall desktop window's list pane. The rest of
 * the page's notes travel once, in the page's data, and are rendered as they scroll into view.
 */
const SERVER_HEIGHT = 1300;
/** The list's padding above and below its rows, and the gap between rows (note-list.css). */
const LIST_PADDING = 8;
const ROW_GAP = 2;

const useBrowserLayoutEffect = typeof window === "undefined" ? useEffect : useLayoutEffect;

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
  const list = useRef<HTMLUListElement>(null);
  // Only the rows near the view are in the page; the list scrolls in the pane around it. (The
  // virtualizer's functions are read fresh each render; nothing here is memoized by a compiler.)
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({
    count: notes.length,
    getScrollElement: () => list.current?.parentElement ?? null,
    estimateSize: () => ROW_HEIGHT,
    getItemKey: (index) => notes[index]?.id ?? index,
    initialRect: { width: 0, height: SERVER_HEIGHT },
    paddingStart: LIST_PADDING,
    paddingEnd: LIST_PADDING,
    gap: ROW_GAP,
    overscan: 4,
  });

  // A row the keyboard moved to is focused once it is rendered; keys pressed before then step on
  // from it, not from the row that still has focus.
  const focusing = useRef<number | null>(null);
  const [, rendered] = useState(0);
  const focusRow = useCallback((index: number) => {
    const link = list.current?.querySelector<HTMLElement>(`li[data-index="${index}"] > a`);
    link?.focus();
    return !!link;
  }, []);
  useBrowserLayoutEffect(() => {
    if (focusing.current !== null && focusRow(focusing.current)) focusing.current = null;
  });

  const latest = useRef({ notes, open, virtualizer });
  useBrowserLayoutEffect(() => {
    latest.current = { notes, open, virtualizer };
  });
  const step = useCallback(
    (by: 1 | -1 | 0) => {
      const element = list.current;
      const { notes, open, virtualizer } = latest.current;
      if (!element || element.offsetParent === null || notes.length === 0) return false;
      const active = document.activeElement;
      const row =
        active instanceof HTMLElement && element.contains(active) ? active.closest("li") : null;
      let index = focusing.current ?? (row ? Number(row.dataset.index) : -1);
      if (index === -1) index = notes.findIndex((n) => n.id === open);
      const target = Math.min(notes.length - 1, Math.max(0, index === -1 ? 0 : index + by));
      virtualizer.scrollToIndex(target, { align: "auto" });
      if (focusRow(target)) {
        focusing.current = null;
      } else {
        focusing.current = target;
        rendered((n) => n + 1);
      }
      return true;
    },
    [focusRow],
  );
  useEffect(() => registerListStepper(step), [step]);

  // The open note's row is scrolled into view when another note opens (or the list first shows).
  useEffect(() => {
    const { notes, virtualizer } = latest.current;
    const index = notes.findIndex((n) => n.id === open);
    if (index !== -1) virtualizer.scrollToIndex(index, { align: "auto" });
  }, [open]);

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
  const rows = virtualizer.getVirtualItems();
  const total = virtualizer.getTotalSize();
  // The rows stay in the normal flow; the space of the rows not rendered is the list's padding.
  const above = rows[0]?.start ?? LIST_PADDING;
  const below = total - (rows.at(-1)?.end ?? total - LIST_PADDING);
  return (
    <>
      <ul
        ref={list}
        aria-label="All notes"
        className="note-list"
        data-note-list
        style={{ paddingTop: above, paddingBottom: below }}
      >
        {rows.map(({ index, key }) => {
          const note = notes[index];
          return (
            <li
              key={key}
              ref={virtualizer.measureElement}
              data-index={index}
              aria-posinset={index + 1}
              aria-setsize={more ? -1 : notes.length}
            >
              <Link
                href={`/notes/${note.id}`}
                aria-current={open === note.id ? "page" : undefined}
                data-note-link
              >
                <b>
                  {note.pinned && <PinIcon aria-label="Pinned" />}
                  <span>{displayTitle(note.title)}</span>
                </b>
                <small>
                  <span suppressHydrationWarning>{editedAgo(note.updated_at)}</span>
                  {note.preview && ` · ${note.preview}`}
                </small>
              </Link>
            </li>
          );
        })}
      </ul>
      {more && <MoreNotes loading={loading} onMore={onMore} />}
    </>
  );
}
