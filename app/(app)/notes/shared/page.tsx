import type { Metadata } from "next";
import Link from "next/link";
import { FolderIcon } from "lucide-react";

import { BackToNotes } from "@/components/notes/back-to-notes";
import { LeaveFolderButton } from "@/components/sharing/leave-folder-button";
import { requireUser } from "@/lib/auth/require-user";
import { displayTitle } from "@/lib/notes/derive";
import { listSharedFolders, listSharedWithMe } from "@/lib/notes/queries";
import { ROLE_LABEL } from "@/lib/sharing/roles";

export const metadata: Metadata = { title: "Shared with me" };

const roleLabel = (role: string | null) => ROLE_LABEL[role as keyof typeof ROLE_LABEL] ?? "";

export default async function SharedWithMePage() {
  await requireUser("/notes/shared");
  const [notes, folders] = await Promise.all([listSharedWithMe(), listSharedFolders()]);
  return (
    <div className="mx-auto grid w-full max-w-3xl gap-4 px-4 py-6 sm:px-6">
      <BackToNotes />
      <div>
        <h1 className="text-2xl font-semibold tracking-tight">Shared with me</h1>
        <p className="text-muted-foreground">
          Notes and folders other people have shared with you.
        </p>
      </div>
      {folders.length > 0 && (
        <section aria-labelledby="shared-folders" className="grid gap-1">
          <h2 id="shared-folders" className="text-sm font-medium text-muted-foreground">
            Folders
          </h2>
          <ul className="grid gap-1" aria-label="Folders shared with me">
            {folders.map((folder) => (
              <li key={folder.id} className="flex items-center gap-3 rounded-md px-3 py-2">
                <FolderIcon aria-hidden="true" className="size-4 shrink-0 text-muted-foreground" />
                <span className="flex min-w-0 flex-1 flex-col">
                  <span className="truncate font-medium">{folder.name}</span>
                  <span className="text-sm text-muted-foreground">
                    {folder.owner_name ? `${folder.owner_name} · ` : ""}
                    {roleLabel(folder.role)} · {folder.notes}{" "}
                    {folder.notes === 1 ? "note" : "notes"}
                  </span>
                </span>
                <LeaveFolderButton id={folder.id} name={folder.name} />
              </li>
            ))}
          </ul>
        </section>
      )}
      {notes.length === 0 ? (
        folders.length === 0 ? (
          <p className="text-muted-foreground">Nothing is shared with you yet.</p>
        ) : null
      ) : (
        <section
          aria-labelledby={folders.length > 0 ? "shared-notes" : undefined}
          className="grid gap-1"
        >
          {folders.length > 0 && (
            <h2 id="shared-notes" className="text-sm font-medium text-muted-foreground">
              Notes
            </h2>
          )}
          <ul className="grid gap-1" aria-label="Notes shared with me">
            {notes.map((note) => (
              <li key={note.id}>
                <Link
                  href={`/notes/${note.id}`}
                  className="flex flex-col rounded-md px-3 py-2 outline-none hover:bg-accent focus-visible:ring-[3px] focus-visible:ring-ring/50"
                >
                  <span className="font-medium">{displayTitle(note.title)}</span>
                  <span className="text-sm text-muted-foreground">
                    {note.owner_name ? `${note.owner_name} · ` : ""}
                    {roleLabel(note.role)}
                  </span>
                </Link>
              </li>
            ))}
          </ul>
        </section>
      )}
    </div>
  );
}
