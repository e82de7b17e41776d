"use client";

import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import Link from "next/link";
import { usePathname, useRouter } from "next/navigation";
import { ChevronRightIcon, HashIcon } from "lucide-react";
import { toast } from "sonner";

import { useLoadedSupabase } from "@/components/supabase/supabase-config";
import { tagHref } from "@/lib/notes/editor/refs-source";
import {
  PENDING_RENAMES_EVENT,
  pendingRenames,
  withRenames,
  type PendingRename,
} from "@/lib/tags/pending-renames";
import { sendPendingRenames } from "@/lib/tags/send-renames";
import { buildTagTree, tagAncestors, type TagNode } from "@/lib/tags/tree";
import { cn } from "@/lib/utils";
import { listenToNoteChanges } from "@/lib/notes/note-changes";

/** Several notes changed at once (typing elsewhere, a rename across notes) make one read. */
const AFTER_CHANGE_MS = 400;

/** The open tag's path from the address (/notes/tags/a/b → "a/b"), or null. */
function openTag(pathname: string): string | null {
  if (!pathname.startsWith("/notes/tags/")) return null;
  return pathname
    .slice("/notes/tags/".length)
    .split("/")
    .map((part) => decodeURIComponent(part))
    .join("/");
}

type Visible = { node: TagNode; level: number; parent: string | null };

function visibleItems(nodes: TagNode[], expanded: Set<string>): Visible[] {
  const out: Visible[] = [];
  const walk = (list: TagNode[], level: number, parent: string | null) => {
    for (const node of list) {
      out.push({ node, level, parent });
      if (node.children.length > 0 && expanded.has(node.path))
        walk(node.children, level + 1, node.path);
    }
  };
  walk(nodes, 1, null);
  return out;
}

/**
 * The person's tags as a tree with counts (a tag counts the notes of its sub-tags too). An ARIA
 * tree: one stop in the Tab order; arrows move, Right and Left open and close a tag's sub-tags,
 * Home and End go to the ends, Enter opens the tag's view.
 */
export function TagTree({ userId }: { userId: string }) {
  // The client library loads after the page is shown, as everywhere in the frame.
  const supabase = useLoadedSupabase();
  const pathname = usePathname();
  const current = openTag(pathname);
  const [rows, setRows] = useState<{ tag: string; note_count: number }[] | null>(null);
  const [expanded, setExpanded] = useState<Set<string>>(() => new Set());
  const [focused, setFocused] = useState<string | null>(null);
  const items = useRef(new Map<string, HTMLAnchorElement>());

  const load = useCallback(async () => {
    if (!supabase) return;
    const { data } = await supabase.rpc("tag_tree");
    if (data) setRows(data);
  }, [supabase]);

  useEffect(() => {
    // Loaded when the page changes (a tag renamed, a note saved elsewhere) and after edits here.
    // eslint-disable-next-line react-hooks/set-state-in-effect
    void load();
  }, [load, pathname]);
  useEffect(() => {
    const onFocus = () => void load();
    window.addEventListener("focus", onFocus);
    return () => window.removeEventListener("focus", onFocus);
  }, [load]);

  // The server tells the person's pages when their tag counts change (a tag typed or removed here
  // or on another device, renamed, a tagged note trashed or restored), in the transaction that
  // changed them; a note saved with the same tags tells nothing.
  useEffect(() => {
    if (!supabase) return;
    const client = supabase;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const reread = () => {
      clearTimeout(timer);
      timer = setTimeout(() => void load(), AFTER_CHANGE_MS);
    };
    // What changed while the connection was down was never heard: read once on each join, once
    // its changes flow.
    const stop = listenToNoteChanges(client, userId, { tags: reread, flowing: reread });
    return () => {
      clearTimeout(timer);
      stop();
    };
  }, [load, supabase, userId]);

  // Renames made offline on this device: shown at once, carried out when the network is back.
  const router = useRouter();
  const [renames, setRenames] = useState<PendingRename[]>([]);
  useEffect(() => {
    const send = () => {
      if (!navigator.onLine) return;
      void sendPendingRenames(userId, ({ from, to, result }) => {
        const count = result.notes ?? 0;
        toast(
          `Renamed #${from} to #${to} in ${count} ${count === 1 ? "note" : "notes"}.` +
            (result.skipped ? ` ${result.skipped} could not be changed.` : ""),
        );
      }).then((sent) => {
        if (sent.length === 0) return;
        void load();
        router.refresh();
      });
    };
    const read = () => setRenames(pendingRenames(localStorage, userId));
    const changed = () => {
      read();
      send();
    };
    read();
    send();
    window.addEventListener(PENDING_RENAMES_EVENT, changed);
    window.addEventListener("storage", read);
    window.addEventListener("online", send);
    window.addEventListener("focus", send);
    return () => {
      window.removeEventListener("focus", send);
      window.removeEventListener(PENDING_RENAMES_EVENT, changed);
      window.removeEventListener("storage", read);
      window.removeEventListener("online", send);
    };
  }, [load, router, userId]);

  // The open tag's parents are shown open.
  useEffect(() => {
    if (!current) return;
    // eslint-disable-next-line react-hooks/set-state-in-effect
    setExpanded((old) => {
      const wanted = tagAncestors(current).filter((p) => !old.has(p));
      return wanted.length === 0 ? old : new Set([...old, ...wanted]);
    });
  }, [current]);

  const tree = useMemo(() => buildTagTree(withRenames(rows ?? [], renames)), [rows, renames]);
  const visible = useMemo(() => visibleItems(tree, expanded), [tree, expanded]);
  const tabStop =
    visible.find((v) => v.node.path === focused)?.node.path ??
    visible.find((v) => v.node.path === current)?.node.path ??
    visible[0]?.node.path;

  if (rows === null || rows.length === 0) return null;

  const toggle = (path: string, open: boolean) =>
    setExpanded((old) => {
      const next = new Set(old);
      if (open) next.add(path);
      else next.delete(path);
      return next;
    });
  const focus = (path: string | undefined) => {
    if (!path) return;
    setFocused(path);
    items.current.get(path)?.focus();
  };

  const onKeyDown = (event: React.KeyboardEvent, item: Visible, index: number) => {
    const { node } = item;
    const hasChildren = node.children.length > 0;
    const open = expanded.has(node.path);
    let handled = true;
    switch (event.key) {
      case "ArrowDown":
        focus(visible[index + 1]?.node.path);
        break;
      case "ArrowUp":
        focus(visible[index - 1]?.node.path);
        break;
      case "Home":
        focus(visible[0]?.node.path);
        break;
      case "End":
        focus(visible.at(-1)?.node.path);
        break;
      case "ArrowRight":
        if (hasChildren && !open) toggle(node.path, true);
        else if (hasChildren) focus(node.children[0].path);
        break;
      case "ArrowLeft":
        if (hasChildren && open) toggle(node.path, false);
        else focus(item.parent ?? undefined);
        break;
      default:
        handled = false;
    }
    if (handled) event.preventDefault();
  };

  return (
    <nav aria-label="Tags" className="grid grid-cols-1 gap-1 pb-2">
      <h2 className="px-3 pt-1 text-xs font-medium tracking-wide text-muted-foreground uppercase">
        Tags
      </h2>
      <ul
        role="tree"
        aria-label="Tags"
        className="grid max-h-64 grid-cols-1 gap-px overflow-y-auto"
      >
        {visible.map((item, index) => {
          const { node, level } = item;
          const hasChildren = node.children.length > 0;
          const open = expanded.has(node.path);
          return (
            <li
              key={node.path}
              role="none"
              className="flex items-center"
              style={{ paddingLeft: `${(level - 1) * 0.75}rem` }}
            >
              {hasChildren ? (
                <button
                  type="button"
                  tabIndex={-1}
                  aria-hidden="true"
                  onClick={() => toggle(node.path, !open)}
                  className="grid size-6 shrink-0 place-items-center rounded text-muted-foreground hover:bg-accent"
                >
                  <ChevronRightIcon
                    className={cn("size-3.5 transition-transform", open && "rotate-90")}
                  />
                </button>
              ) : (
                <span className="size-6 shrink-0" />
              )}
              <Link
                ref={(el) => {
                  if (el) items.current.set(node.path, el);
                  else items.current.delete(node.path);
                }}
                href={tagHref(node.path)}
                role="treeitem"
                aria-level={level}
                aria-expanded={hasChildren ? open : undefined}
                aria-selected={node.path === current}
                aria-current={node.path === current ? "page" : undefined}
                tabIndex={node.path === tabStop ? 0 : -1}
                onFocus={() => setFocused(node.path)}
                onKeyDown={(event) => onKeyDown(event, item, index)}
                data-tag-path={node.path}
                className="flex min-w-0 flex-1 items-center gap-1.5 rounded-md px-2 py-1 text-sm text-muted-foreground outline-none hover:bg-accent hover:text-accent-foreground focus-visible:ring-[3px] focus-visible:ring-ring/50 aria-[current=page]:bg-accent aria-[current=page]:font-medium aria-[current=page]:text-accent-foreground"
              >
                <HashIcon aria-hidden="true" className="size-3.5 shrink-0" />
                <span className="truncate">{node.name}</span>
                <span aria-hidden="true" className="ml-auto text-xs tabular-nums">
                  {node.count}
                </span>
                <span className="sr-only">
                  , {node.count} {node.count === 1 ? "note" : "notes"}
                </span>
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
