import { Suspense } from "react";
import type { Metadata } from "next";
import { cookies } from "next/headers";

import "@/components/notes/note-prose.css";

import { FoldersProvider } from "@/components/folders/folders-provider";
import { NoteListSkeleton } from "@/components/notes/note-skeleton";
import { OpenAtMatch } from "@/components/palette/open-at-match";
import { NotesShell } from "@/components/notes/notes-shell";
import { PushPendingChanges } from "@/components/notes/push-pending-changes";
import { NotesSidebar } from "@/components/notes/notes-sidebar";
import { NewSharesListener } from "@/components/sharing/new-shares-later";
import { TagTree } from "@/components/tags/tag-tree";
import { requireUser } from "@/lib/auth/require-user";
import { listFolders } from "@/lib/folders/queries";
import { listNotes } from "@/lib/notes/queries";
import {
  EXPANDED_COOKIE,
  FOLDER_COOKIE,
  LAYOUT_COOKIE,
  parseExpanded,
  parseFolder,
  parseLayout,
} from "@/lib/notes/pane-layout";

export const metadata: Metadata = { title: { default: "Notes", template: "%s · Groundwork" } };

/** The list waits on the database; the frame around it is sent without waiting for it. */
async function SidebarWithNotes({ userId, folder }: { userId: string; folder: string | null }) {
  return <NotesSidebar firstPage={await listNotes(folder)} firstFolder={folder} userId={userId} />;
}

export default async function NotesLayout({ children }: { children: React.ReactNode }) {
  const claims = await requireUser("/notes");
  const jar = await cookies();
  // The frame as this device left it: panes, open folders and the folder the list showed.
  const layout = parseLayout(jar.get(LAYOUT_COOKIE)?.value);
  const expanded = parseExpanded(jar.get(EXPANDED_COOKIE)?.value);
  const folder = parseFolder(jar.get(FOLDER_COOKIE)?.value);
  // The list is asked for alongside the folders, not after them; should the folder the device
  // remembers be gone, the list of all notes is read instead.
  listNotes(folder).catch(() => {});
  const folders = await listFolders();
  const known = folder && folders.some((f) => f.id === folder) ? folder : null;

  return (
    <FoldersProvider
      userId={claims.sub}
      initialRows={folders}
      initialExpanded={expanded}
      initialFolder={known}
    >
      <NotesShell
        userId={claims.sub}
        initialLayout={layout}
        tags={<TagTree userId={claims.sub} />}
        list={
          <Suspense fallback={<NoteListSkeleton />}>
            <SidebarWithNotes userId={claims.sub} folder={known} />
          </Suspense>
        }
      >
        <PushPendingChanges userId={claims.sub} />
        <NewSharesListener userId={claims.sub} since={new Date().toISOString()} />
        <OpenAtMatch />
        {children}
      </NotesShell>
    </FoldersProvider>
  );
}
