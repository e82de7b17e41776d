import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { connection } from "next/server";

import "@/components/notes/note-prose.css";
import { SharedMarkdown } from "@/components/share/shared-markdown";
import { SharedNoteLive } from "@/components/share/shared-note-live";
import { sharedNoteFiles } from "@/lib/attachments/shared";
import { displayTitle } from "@/lib/notes/derive";
import { describeForPreview, getSharedNotePage } from "@/lib/notes/shared";
import { siteUrl } from "@/lib/site-url";

type Props = { params: Promise<{ slug: string }> };

/*
 * Rendered on every request (connection() below) and never stored: the middleware answers
 * /n/* with `Cache-Control: private, no-store`, so once a link is turned off no browser or shared
 * cache can keep serving the note.
 */

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  await connection();
  // Link previews need absolute addresses: the site's public one, not the server's own. The
  // route's image files are in the metadata even for a link that is off, so it is set there too.
  const metadataBase = new URL(siteUrl());
  const note = (await getSharedNotePage((await params).slug))?.note;
  if (!note)
    return { metadataBase, title: "Note not found", robots: { index: false, follow: false } };
  const title = displayTitle(note.title);
  const description = describeForPreview(note.body) || `A note shared by ${note.author_name}`;
  return {
    metadataBase,
    title,
    description,
    authors: [{ name: note.author_name }],
    robots: note.indexable ? { index: true, follow: true } : { index: false, follow: false },
    openGraph: {
      type: "article",
      title,
      description,
      modifiedTime: note.updated_at,
      authors: [note.author_name],
    },
    twitter: { card: "summary_large_image", title, description },
  };
}

export default async function SharedNotePage({ params }: Props) {
  await connection();
  const { slug } = await params;
  // The note and its links come in one call (the metadata above took the same answer).
  const page = await getSharedNotePage(slug);
  if (!page) notFound();
  const { note, links } = page;
  const files = await sharedNoteFiles(slug, note.body);
  return (
    <div className="mx-auto w-full max-w-2xl px-4 py-10 sm:py-16">
      <SharedNoteLive slug={slug} updatedAt={note.updated_at}>
        <h1 id="shared-note-title">{displayTitle(note.title)}</h1>
        <p className="not-prose text-sm text-muted-foreground">
          By {note.author_name} · Updated{" "}
          <time dateTime={note.updated_at}>{formatUpdated(note.updated_at)}</time>
        </p>
        <SharedMarkdown files={files} links={links}>
          {note.body}
        </SharedMarkdown>
      </SharedNoteLive>
    </div>
  );
}

function formatUpdated(iso: string): string {
  return (
    new Intl.DateTimeFormat("en-GB", {
      dateStyle: "medium",
      timeStyle: "short",
      timeZone: "UTC",
    }).format(new Date(iso)) + " UTC"
  );
}
