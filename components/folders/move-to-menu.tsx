"use client";

import { useEffect, useState } from "react";
import { FolderIcon } from "lucide-react";
import { FolderInputIcon, NotebookIcon } from "@/components/ui/icons";
import { toast } from "sonner";

import { useMaybeFolders } from "@/components/folders/folders-provider";
import { Button } from "@/components/ui/button";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from "@/components/ui/dropdown-menu";
import { flatFolders } from "@/lib/folders/tree";

/** "Move to…" for a note: every folder by its path, or out of any folder. Keyboard: M. */
export function MoveToMenu({ noteId }: { noteId: string }) {
  const folders = useMaybeFolders();
  const [open, setOpen] = useState(false);
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      const t = e.target as HTMLElement | null;
      const inField =
        !!t && (t.isContentEditable || ["INPUT", "TEXTAREA", "SELECT"].includes(t.tagName));
      if (e.key !== "m" || e.metaKey || e.ctrlKey || e.altKey || inField || e.defaultPrevented)
        return;
      e.preventDefault();
      setOpen(true);
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, []);
  if (!folders) return null;
  const { tree, moveNote } = folders;
  const move = (folder: string | null, name: string) =>
    void moveNote(noteId, folder).then(() => toast(`Moved to ${name}`));

  return (
    <DropdownMenu open={open} onOpenChange={setOpen}>
      <DropdownMenuTrigger asChild>
        <Button variant="ghost" size="sm" aria-keyshortcuts="M" title="Move to…" data-move-to>
          <FolderInputIcon aria-hidden="true" />
          <span className="note-bar-label">Move to…</span>
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end" className="max-h-80 max-w-72 overflow-y-auto">
        <DropdownMenuLabel>Move to</DropdownMenuLabel>
        <DropdownMenuItem onSelect={() => move(null, "All notes")}>
          <NotebookIcon aria-hidden="true" /> No folder (All notes)
        </DropdownMenuItem>
        {tree.length > 0 ? <DropdownMenuSeparator /> : null}
        {flatFolders(tree).map(({ node, path }) => (
          <DropdownMenuItem key={node.id} onSelect={() => move(node.id, node.name)} title={path}>
            <FolderIcon aria-hidden="true" />
            <span className="truncate" style={{ paddingLeft: `${(node.depth - 1) * 0.75}rem` }}>
              {node.name}
            </span>
          </DropdownMenuItem>
        ))}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
