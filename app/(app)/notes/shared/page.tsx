import type { Metadata } from "next";
import Link from "next/link";

import { requireUser } from "@/lib/auth/require-user";
import { displayTitle } from "@/lib/notes/derive";
import { listSharedWithMe } from "@/lib/notes/queries";

export const metadata: Metadata = { title: "Shared with me" };

const ROLE = { owner: "Owner", editor: "Can edit", viewer: "Can view" } as const;

export default async function SharedWithMePage() {
  await requireUser("/notes/shared");
  const notes = await listSharedWithMe();
  return (
    <div className="mx-auto grid w-full max-w-3xl gap-4 px-4 py-6 sm:px-6">
      <div>
        <h1 className="text-2xl font-semibold tracking-tight">Shared with me</h1>
        <p className="text-muted-foreground">Notes other people have shared with you.</p>
      </div>
      {notes.length === 0 ? (
        <p className="text-muted-foreground">Nothing is shared with you yet.</p>
      ) : (
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
                  {ROLE[note.role as keyof typeof ROLE] ?? ""}
                </span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
