"use client";

import { useRef, useState, useTransition } from "react";
import dynamic from "next/dynamic";
import { useRouter } from "next/navigation";
import {
  ChevronRightIcon,
  FileCodeIcon,
  FolderIcon,
  MoreHorizontalIcon,
  PencilIcon,
  PrinterIcon,
  Share2Icon,
} from "lucide-react";
import { DownloadIcon, FolderPlusIcon, Trash2Icon, UsersIcon } from "@/components/ui/icons";
import { toast } from "sonner";

import "@/components/notes/notes-frame.css";

import { useFolders } from "@/components/folders/folders-provider";
import { loadSupabase, useSupabaseConfig } from "@/components/supabase/supabase-config";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from "@/components/ui/dropdown-menu";
import { exportFolder, type FolderExportKind } from "@/lib/export/run";
import { createFolder, moveFolder, renameFolder } from "@/lib/folders/actions";
import { selfAndBelow, visibleFolders, type FolderNode } from "@/lib/folders/tree";
import { cn } from "@/lib/utils";
import { importWhenOnline } from "@/lib/when-online";

// Asked only when a folder is deleted: its code comes then, not with every notes page.
const DeleteFolderDialog = dynamic(
  () =>
    importWhenOnline(() => import("@/components/folders/delete-folder-dialog")).then(
      (m) => m.DeleteFolderDialog,
    ),
  { ssr: false },
);

// Asked only when a folder is shared: the dialog and its People part load then.
const ShareFolderDialog = dynamic(
  () =>
    importWhenOnline(() => import("@/components/folders/share-folder-dialog")).then(
      (m) => m.ShareFolderDialog,
    ),
  { ssr: false },
);

export const NOTE_DRAG_TYPE = "application/x-groundwork-note";
const FOLDER_DRAG_TYPE = "application/x-groundwork-folder";
const NOTE_PATH = /\/notes\/([0-9a-f-]{36})(?:[?#]|$)/i;

/** The note a drag carries: its own type from the list, or a note link dragged from anywhere. */
export function draggedNote(data: DataTransfer): string | null {
  const own = data.getData(NOTE_DRAG_TYPE);
  if (own) return own;
  const uri = data.getData("text/uri-list") || data.getData("text/plain");
  return NOTE_PATH.exec(uri.trim())?.[1] ?? null;
}

export function carriesNote(data: DataTransfer): boolean {
  return data.types.includes(NOTE_DRAG_TYPE) || data.types.includes("text/uri-list");
}

type Editing = { kind: "rename"; id: string } | { kind: "create"; parent: string | null } | null;
type DropAt = { id: string; where: "into" | "before" } | null;

/**
 * The folder tree as an ARIA tree: arrows move and open, Enter shows a folder's notes, F2 renames,
 * Delete asks what becomes of its notes, Alt+arrows reorder and nest. Notes dropped on a folder
 * are filed there; a folder dropped on another goes inside it (or before it, near its top edge).
 */
export function FolderTree({ onNavigate }: { onNavigate?: () => void }) {
  const { tree, current, expanded, setExpanded, moveNote, refresh } = useFolders();
  const router = useRouter();
  const [focused, setFocused] = useState<string | null>(null);
  const [editing, setEditing] = useState<Editing>(null);
  const [menuFor, setMenuFor] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<FolderNode | null>(null);
  // Once asked, the dialog stays, so it can close with its animation.
  const [askedToDelete, setAskedToDelete] = useState(false);
  if (deleting && !askedToDelete) setAskedToDelete(true);
  const [sharing, setSharing] = useState<FolderNode | null>(null);
  const [askedToShare, setAskedToShare] = useState(false);
  if (sharing && !askedToShare) setAskedToShare(true);
  const [dropAt, setDropAt] = useState<DropAt>(null);
  const [, startTransition] = useTransition();
  const list = useRef<HTMLUListElement>(null);
  const config = useSupabaseConfig();

  // One toast per export: how many notes are done while a big folder goes, then the outcome.
  const exportAs = (node: FolderNode, kind: FolderExportKind) =>
    startTransition(async () => {
      const id = `folder-export-${node.id}`;
      const going = kind === "print" ? "Getting ready to print" : "Exporting";
      const progress = (done: number, total: number) =>
        toast.loading(`${going} ${node.name}: ${done} of ${total} notes`, { id });
      const done = await loadSupabase(config).then(
        (supabase) => exportFolder(supabase, node.id, kind, progress),
        (e: Error) => ({ message: e.message, error: true as const, empty: undefined }),
      );
      if (done.error) toast.error(done.message, { id });
      else if (done.empty) toast.info(done.message, { id });
      else toast.success(done.message, { id });
    });

  const shown = visibleFolders(tree, expanded);
  const tabStop =
    shown.find((n) => n.id === focused) ?? shown.find((n) => n.id === current) ?? shown[0];
  const parentOf = (node: FolderNode) =>
    shown.find((n) => n.children.some((c) => c.id === node.id));
  const siblingsOf = (node: FolderNode) => parentOf(node)?.children ?? tree;

  const focus = (id: string) => {
    setFocused(id);
    list.current?.querySelector<HTMLElement>(`[data-folder-id="${id}"]`)?.focus();
  };

  const open = (node: FolderNode) => {
    router.push(`/notes?folder=${node.id}`);
    onNavigate?.();
  };

  const run = (what: Promise<{ error?: string }>, after?: () => void) =>
    startTransition(async () => {
      const result = await what;
      if (result.error) toast.error(result.error);
      else {
        after?.();
        refresh();
      }
    });

  const move = (node: FolderNode, parent: string | null, before: string | null) =>
    run(moveFolder(node.id, parent, before), () => {
      if (parent) setExpanded(parent, true);
      requestAnimationFrame(() => focus(node.id));
    });

  function onKeyDown(event: React.KeyboardEvent, node: FolderNode) {
    const index = shown.findIndex((n) => n.id === node.id);
    const siblings = siblingsOf(node);
    const at = siblings.findIndex((s) => s.id === node.id);
    const key = event.key;
    let handled = true;
    if (event.altKey && key === "ArrowUp") {
      if (at > 0) move(node, node.parent_id, siblings[at - 1].id);
    } else if (event.altKey && key === "ArrowDown") {
      if (at < siblings.length - 1) move(node, node.parent_id, siblings[at + 2]?.id ?? null);
    } else if (event.altKey && key === "ArrowRight") {
      if (at > 0) move(node, siblings[at - 1].id, null);
    } else if (event.altKey && key === "ArrowLeft") {
      const parent = parentOf(node);
      if (parent) {
        const outer = siblingsOf(parent);
        move(
          node,
          parent.parent_id,
          outer[outer.findIndex((s) => s.id === parent.id) + 1]?.id ?? null,
        );
      }
    } else if (key === "ArrowDown") {
      if (shown[index + 1]) focus(shown[index + 1].id);
    } else if (key === "ArrowUp") {
      if (shown[index - 1]) focus(shown[index - 1].id);
    } else if (key === "Home") {
      if (shown[0]) focus(shown[0].id);
    } else if (key === "End") {
      if (shown.at(-1)) focus(shown.at(-1)!.id);
    } else if (key === "ArrowRight") {
      if (node.children.length > 0 && !expanded.has(node.id)) setExpanded(node.id, true);
      else if (node.children[0] && expanded.has(node.id)) focus(node.children[0].id);
    } else if (key === "ArrowLeft") {
      if (expanded.has(node.id) && node.children.length > 0) setExpanded(node.id, false);
      else {
        const parent = parentOf(node);
        if (parent) focus(parent.id);
      }
    } else if (key === "Enter" || key === " ") {
      open(node);
    } else if (key === "F2") {
      setEditing({ kind: "rename", id: node.id });
    } else if (key === "Delete" || key === "Backspace") {
      setDeleting(node);
    } else if (key === "ContextMenu" || (event.shiftKey && key === "F10")) {
      setMenuFor(node.id);
    } else handled = false;
    if (handled) event.preventDefault();
  }

  function onDragOver(event: React.DragEvent, node: FolderNode) {
    const folder = event.dataTransfer.types.includes(FOLDER_DRAG_TYPE);
    if (!folder && !carriesNote(event.dataTransfer)) return;
    event.preventDefault();
    event.dataTransfer.dropEffect = "move";
    const box = event.currentTarget.getBoundingClientRect();
    const where = folder && event.clientY - box.top < box.height / 4 ? "before" : "into";
    if (dropAt?.id !== node.id || dropAt.where !== where) setDropAt({ id: node.id, where });
  }

  function onDrop(event: React.DragEvent, node: FolderNode) {
    event.preventDefault();
    const where = dropAt?.where ?? "into";
    setDropAt(null);
    const folderId = event.dataTransfer.getData(FOLDER_DRAG_TYPE);
    if (folderId) {
      const moving = shown.find((n) => n.id === folderId);
      if (!moving || selfAndBelow(tree, folderId).has(node.id)) {
        if (moving && folderId !== node.id)
          toast.error("A folder can't go inside itself or one of its own folders.");
        return;
      }
      if (where === "before") move(moving, node.parent_id, node.id);
      else move(moving, node.id, null);
      return;
    }
    const noteId = draggedNote(event.dataTransfer);
    if (noteId) {
      void moveNote(noteId, node.id).then(() => toast(`Moved to ${node.name}`));
    }
  }

  const commitName = (value: string) => {
    const name = value.trim();
    const was = editing;
    setEditing(null);
    if (!was || !name) return;
    if (was.kind === "rename") {
      const node = shown.find((n) => n.id === was.id);
      if (node && node.name !== name) run(renameFolder(was.id, name), () => focus(was.id));
    } else {
      run(createFolder(name, was.parent), () => {
        if (was.parent) setExpanded(was.parent, true);
      });
    }
  };

  const nameInput = (key: string, initial: string, label: string, depth: number) => (
    <li
      key={key}
      role="none"
      className="py-0.5"
      style={{ paddingLeft: `${(depth - 1) * 0.875 + 1.75}rem` }}
    >
      <input
        autoFocus
        aria-label={label}
        defaultValue={initial}
        maxLength={100}
        className="h-7 w-full rounded-md border bg-background px-2 text-sm outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50"
        onKeyDown={(e) => {
          if (e.key === "Enter") commitName(e.currentTarget.value);
          if (e.key === "Escape") {
            e.preventDefault();
            e.stopPropagation();
            setEditing(null);
          }
        }}
        onBlur={(e) => commitName(e.currentTarget.value)}
      />
    </li>
  );

  return (
    <div className="grid grid-cols-1 gap-1">
      <div
        className={cn(
          "flex items-center justify-between rounded-md pr-1 pl-3",
          dropAt?.id === "top" && "bg-accent",
        )}
        onDragOver={(e) => {
          if (!e.dataTransfer.types.includes(FOLDER_DRAG_TYPE)) return;
          e.preventDefault();
          setDropAt({ id: "top", where: "into" });
        }}
        onDragLeave={() => setDropAt(null)}
        onDrop={(e) => {
          e.preventDefault();
          setDropAt(null);
          const moving = shown.find((n) => n.id === e.dataTransfer.getData(FOLDER_DRAG_TYPE));
          if (moving) move(moving, null, null);
        }}
      >
        <h3
          id="folders-heading"
          className="text-xs font-medium tracking-wide text-muted-foreground uppercase"
        >
          Folders
        </h3>
        <button
          type="button"
          aria-label="New folder"
          title="New folder"
          className="pane-button grid size-7"
          onClick={() => setEditing({ kind: "create", parent: null })}
        >
          <FolderPlusIcon aria-hidden="true" className="size-4" />
        </button>
      </div>
      <ul ref={list} role="tree" aria-labelledby="folders-heading" className="grid grid-cols-1">
        {editing?.kind === "create" && editing.parent === null
          ? nameInput("new", "", "New folder name", 1)
          : null}
        {shown.map((node) => {
          const isOpen = expanded.has(node.id);
          const siblings = siblingsOf(node);
          const selected = node.id === current;
          const renaming = editing?.kind === "rename" && editing.id === node.id;
          return [
            renaming ? (
              nameInput(node.id, node.name, `Rename ${node.name}`, node.depth)
            ) : (
              <li
                key={node.id}
                role="treeitem"
                data-folder-id={node.id}
                aria-level={node.depth}
                aria-setsize={siblings.length}
                aria-posinset={siblings.findIndex((s) => s.id === node.id) + 1}
                aria-expanded={node.children.length > 0 ? isOpen : undefined}
                aria-selected={selected}
                tabIndex={node.id === tabStop?.id ? 0 : -1}
                draggable
                onDragStart={(e) => {
                  e.dataTransfer.setData(FOLDER_DRAG_TYPE, node.id);
                  e.dataTransfer.effectAllowed = "move";
                }}
                onDragOver={(e) => onDragOver(e, node)}
                onDragLeave={() => setDropAt(null)}
                onDrop={(e) => onDrop(e, node)}
                onFocus={() => setFocused(node.id)}
                onKeyDown={(e) => onKeyDown(e, node)}
                onClick={() => open(node)}
                className={cn(
                  "group relative flex h-8 cursor-pointer items-center gap-1 rounded-md pr-1 text-sm outline-none select-none hover:bg-accent/60 focus-visible:ring-[3px] focus-visible:ring-ring/50",
                  selected && "bg-accent font-medium text-accent-foreground",
                  dropAt?.id === node.id &&
                    dropAt.where === "into" &&
                    "bg-primary/15 ring-2 ring-primary/60",
                  dropAt?.id === node.id &&
                    dropAt.where === "before" &&
                    "before:absolute before:inset-x-2 before:top-0 before:h-0.5 before:bg-primary",
                )}
                style={{ paddingLeft: `${(node.depth - 1) * 0.875 + 0.25}rem` }}
              >
                <span
                  aria-hidden="true"
                  className={cn(
                    "grid size-5 shrink-0 place-items-center rounded text-muted-foreground",
                    node.children.length === 0 && "invisible",
                  )}
                  onClick={(e) => {
                    e.stopPropagation();
                    setExpanded(node.id, !isOpen);
                  }}
                >
                  <ChevronRightIcon
                    className={cn(
                      "size-3.5 transition-transform motion-reduce:transition-none",
                      isOpen && "rotate-90",
                    )}
                  />
                </span>
                <FolderIcon aria-hidden="true" className="size-4 shrink-0 text-muted-foreground" />
                <span className="min-w-0 flex-1 truncate">{node.name}</span>
                {node.shared && (
                  <UsersIcon
                    role="img"
                    aria-label="Shared"
                    className="size-3.5 shrink-0 text-muted-foreground"
                  />
                )}
                <span className="text-xs text-muted-foreground tabular-nums">
                  <span className="sr-only">, </span>
                  {node.total}
                  <span className="sr-only">{node.total === 1 ? " note" : " notes"}</span>
                </span>
                <DropdownMenu
                  open={menuFor === node.id}
                  onOpenChange={(o) => setMenuFor(o ? node.id : null)}
                >
                  {/* Reached by keyboard from the folder itself (Shift+F10, F2, Delete), so it is
                      left out of the folder's name. */}
                  <DropdownMenuTrigger
                    tabIndex={-1}
                    aria-hidden="true"
                    aria-label={`Actions for ${node.name}`}
                    className="grid size-6 place-items-center rounded text-muted-foreground opacity-0 outline-none group-hover:opacity-100 group-focus-visible:opacity-100 hover:bg-background focus-visible:opacity-100 data-[state=open]:opacity-100"
                    onClick={(e) => e.stopPropagation()}
                  >
                    <MoreHorizontalIcon aria-hidden="true" className="size-4" />
                  </DropdownMenuTrigger>
                  <DropdownMenuContent
                    align="end"
                    onClick={(e) => e.stopPropagation()}
                    onCloseAutoFocus={(e) => {
                      e.preventDefault();
                      focus(node.id);
                    }}
                  >
                    <DropdownMenuItem onSelect={() => setEditing({ kind: "rename", id: node.id })}>
                      <PencilIcon aria-hidden="true" /> Rename{" "}
                      <span className="ml-auto text-xs text-muted-foreground">F2</span>
                    </DropdownMenuItem>
                    <DropdownMenuItem
                      onSelect={() => {
                        setExpanded(node.id, true);
                        setEditing({ kind: "create", parent: node.id });
                      }}
                    >
                      <FolderPlusIcon aria-hidden="true" /> New folder inside
                    </DropdownMenuItem>
                    <DropdownMenuItem onSelect={() => setSharing(node)}>
                      <Share2Icon aria-hidden="true" /> Share…
                    </DropdownMenuItem>
                    <DropdownMenuItem onSelect={() => exportAs(node, "markdown")}>
                      <DownloadIcon aria-hidden="true" /> Export folder as Markdown
                    </DropdownMenuItem>
                    <DropdownMenuItem onSelect={() => exportAs(node, "html")}>
                      <FileCodeIcon aria-hidden="true" /> Export folder as HTML
                    </DropdownMenuItem>
                    <DropdownMenuItem onSelect={() => exportAs(node, "print")}>
                      <PrinterIcon aria-hidden="true" /> Print folder or save as PDF
                    </DropdownMenuItem>
                    <DropdownMenuSeparator />
                    <DropdownMenuItem variant="destructive" onSelect={() => setDeleting(node)}>
                      <Trash2Icon aria-hidden="true" /> Delete…
                    </DropdownMenuItem>
                  </DropdownMenuContent>
                </DropdownMenu>
              </li>
            ),
            editing?.kind === "create" && editing.parent === node.id
              ? nameInput(`${node.id}-new`, "", `New folder in ${node.name}`, node.depth + 1)
              : null,
          ];
        })}
      </ul>
      {shown.length === 0 && editing === null ? (
        <p className="px-3 py-1 text-xs text-muted-foreground">
          No folders yet. Folders keep related notes together.
        </p>
      ) : null}
      {askedToShare && <ShareFolderDialog folder={sharing} onDone={() => setSharing(null)} />}
      {askedToDelete && (
        <DeleteFolderDialog
          folder={deleting}
          parentName={deleting ? (parentOf(deleting)?.name ?? null) : null}
          onDone={() => {
            setDeleting(null);
            refresh();
          }}
        />
      )}
    </div>
  );
}
