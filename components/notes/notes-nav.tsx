"use client";

import Link from "next/link";
import { usePathname } from "next/navigation";
import { useState } from "react";
import { NotebookIcon, Trash2Icon, UsersIcon } from "@/components/ui/icons";
import { toast } from "sonner";

import "@/components/notes/notes-frame.css";

import { carriesNote, draggedNote, FolderTree } from "@/components/folders/folder-tree";
import { useFolders } from "@/components/folders/folders-provider";
import { cn } from "@/lib/utils";

/** A navigation item (notes-frame.css). */
const item = "pane-item";

/**
 * The navigation pane: All notes, the folder tree, the tags (a slot their section fills) and
 * Trash. `onNavigate` closes the sheet it sits in on phones.
 */
export function NotesNav({
  tags,
  onNavigate,
}: {
  tags?: React.ReactNode;
  onNavigate?: () => void;
}) {
  const pathname = usePathname();
  const { current, moveNote } = useFolders();
  const [dropping, setDropping] = useState(false);
  const allNotes = pathname === "/notes" && current === null;

  return (
    <nav aria-label="Notes" className="flex min-h-0 flex-1 flex-col">
      <div className="min-h-0 flex-1 overflow-y-auto p-2">
        <Link
          href="/notes"
          aria-current={allNotes ? "page" : undefined}
          onClick={onNavigate}
          className={cn(item, dropping && "bg-primary/15 ring-2 ring-primary/60")}
          onDragOver={(e) => {
            if (!carriesNote(e.dataTransfer)) return;
            e.preventDefault();
            setDropping(true);
          }}
          onDragLeave={() => setDropping(false)}
          onDrop={(e) => {
            e.preventDefault();
            setDropping(false);
            const id = draggedNote(e.dataTransfer);
            if (id) void moveNote(id, null).then(() => toast("Taken out of its folder"));
          }}
        >
          <NotebookIcon aria-hidden="true" className="size-4 text-muted-foreground" />
          All notes
        </Link>
        <Link
          href="/notes/shared"
          onClick={onNavigate}
          aria-current={pathname === "/notes/shared" ? "page" : undefined}
          className={item}
        >
          <UsersIcon aria-hidden="true" className="size-4 text-muted-foreground" />
          Shared with me
        </Link>
        <div className="mt-4">
          <FolderTree onNavigate={onNavigate} />
        </div>
        {tags ? <div className="mt-4">{tags}</div> : null}
      </div>
      <div className="border-t p-2">
        <Link
          href="/notes/trash"
          onClick={onNavigate}
          aria-current={pathname === "/notes/trash" ? "page" : undefined}
          className={cn(item, "text-muted-foreground")}
        >
          <Trash2Icon aria-hidden="true" className="size-4" />
          Trash
        </Link>
      </div>
    </nav>
  );
}
