"use client";

import { useCallback, useEffect, useLayoutEffect, useRef, useState } from "react";
import { useVirtualizer } from "@tanstack/react-virtual";

import {
  focusedRow,
  registerListStepper,
  rowPlace,
  stepTarget,
} from "@/components/notes/list-stepper";
import type { NoteListItem } from "@/lib/notes/list";

/** A row's height before it is measured: two lines of text and their padding. */
const ROW_HEIGHT = 58;
/** The list's padding above and below its rows, and the gap between rows (note-list.css). */
const LIST_PADDING = 8;
const ROW_GAP = 2;

/**
 * The notes list with only the rows near the view in the page (loaded after the first screen, which
 * the server rendered plainly): the rest are the list's padding until they scroll into view. It
 * scrolls in the pane around it, and walks its notes by keyboard for the shortcuts.
 */
export function VirtualNoteList({
  notes,
  open,
  setSize,
  row,
  takeFocus,
}: {
  notes: NoteListItem[];
  open: string | null;
  setSize: number;
  /** A note's row; `prefetch` says whether its link may fetch the note's page ahead. */
  row: (note: NoteListItem, prefetch?: boolean) => React.ReactNode;
  /** The row focused in the list this one replaces (read as this one mounts), focused again. */
  takeFocus?: () => number | null;
}) {
  const list = useRef<HTMLUListElement>(null);
  // The virtualizer's functions are read fresh each render; nothing here is memoized by a compiler.
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({
    count: notes.length,
    getScrollElement: () => list.current?.parentElement ?? null,
    estimateSize: () => ROW_HEIGHT,
    getItemKey: (index) => notes[index]?.id ?? index,
    // Until the pane is measured (before the first paint): as many rows as the server rendered.
    initialRect: { width: 0, height: 1300 },
    paddingStart: LIST_PADDING,
    paddingEnd: LIST_PADDING,
    gap: ROW_GAP,
    overscan: 4,
  });

  // A row the keyboard moved to is focused once it is rendered; keys pressed before then step on
  // from it, not from the row that still has focus.
  const focusing = useRef<number | null>(null);
  const [, rendered] = useState(0);
  const focusRow = useCallback((index: number, preventScroll = false) => {
    const link = list.current?.querySelector<HTMLElement>(`li[data-index="${index}"] > a`);
    link?.focus({ preventScroll });
    return !!link;
  }, []);
  // The note whose row has focus. A row the list takes out of the page while it has focus (scrolled
  // past, or rendered away by a scroll position not yet read, as when this list takes over) leaves
  // focus on the page itself: the keyboard then steps on from that note, and its row takes focus
  // back as it is rendered again.
  const held = useRef<{ id: string; link: Element } | null>(null);
  // Taking over, this list reads where the keyboard is in the one it replaces, after every key
  // pressed before the swap: a place read when its code loaded would undo the steps taken since.
  const [takeOver] = useState(() => takeFocus);
  useLayoutEffect(() => {
    focusing.current = takeOver?.() ?? null;
    // A place past the first screen (keys pressed while this list was loading) is scrolled to.
    if (focusing.current !== null) virtualizer.scrollToIndex(focusing.current, { align: "auto" });
    // Once, as this list takes over; the virtualizer is the same object for the list's life.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [takeOver]);
  useLayoutEffect(() => {
    const active = document.activeElement;
    const lost = held.current;
    if (lost && !lost.link.isConnected && (active === null || active === document.body)) {
      held.current = null;
      const index = notes.findIndex((note) => note.id === lost.id);
      if (focusing.current === null && index !== -1) focusing.current = index;
    }
    if (focusing.current === null) return;
    // Focus that went elsewhere meanwhile (the editor of the note the row opened) stays there.
    const elsewhere =
      active instanceof HTMLElement && active !== document.body && !list.current?.contains(active);
    // The steps that led here scrolled to the row; focusing it does not scroll again (a row
    // scrolled past by the pointer takes focus back without pulling the list to it).
    if (elsewhere || focusRow(focusing.current, true)) focusing.current = null;
  });

  const latest = useRef({ notes, open, virtualizer });
  useLayoutEffect(() => {
    latest.current = { notes, open, virtualizer };
  });
  const step = useCallback(
    (by: 1 | -1 | 0) => {
      const element = list.current;
      const { notes, open, virtualizer } = latest.current;
      if (!element || element.offsetParent === null || notes.length === 0) return false;
      const target = stepTarget(focusing.current ?? focusedRow(element), by, notes, open);
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
  // In the commit that shows this list, so no key pressed meanwhile finds the old one's stepper.
  useLayoutEffect(() => registerListStepper(step), [step]);

  // The open note's row is scrolled into view when another note opens (or the list first shows).
  useEffect(() => {
    const { notes, virtualizer } = latest.current;
    const index = notes.findIndex((n) => n.id === open);
    if (index !== -1) virtualizer.scrollToIndex(index, { align: "auto" });
  }, [open]);

  const rows = virtualizer.getVirtualItems();
  // While the list scrolls, the rows passing by do not fetch their notes' pages ahead: a flung list
  // would otherwise ask the server for hundreds, and the page would drop frames handling them.
  // Those in view when it stops do.
  const prefetch = !virtualizer.isScrolling;
  const total = virtualizer.getTotalSize();
  // The rows stay in the normal flow; the space of the rows not rendered is the list's padding.
  const above = rows[0]?.start ?? LIST_PADDING;
  const below = total - (rows.at(-1)?.end ?? total - LIST_PADDING);
  return (
    <ul
      ref={list}
      aria-label="All notes"
      className="note-list"
      data-note-list
      style={{ paddingTop: above, paddingBottom: below }}
      onFocus={(event) => {
        const index = rowPlace(event.target);
        const note = index === null ? undefined : latest.current.notes[index];
        held.current = note ? { id: note.id, link: event.target } : null;
      }}
      onBlur={(event) => {
        // Focus moved on, to another element or to the page itself: the list no longer holds it.
        // A row taken out of the page blurs while it is still in it, so this is decided after.
        const link = event.target;
        queueMicrotask(() => {
          if (link.isConnected && held.current?.link === link) held.current = null;
        });
      }}
    >
      {rows.map(({ index, key }) => (
        <li
          key={key}
          ref={virtualizer.measureElement}
          data-index={index}
          aria-posinset={index + 1}
          aria-setsize={setSize}
        >
          {row(notes[index], prefetch)}
        </li>
      ))}
    </ul>
  );
}
