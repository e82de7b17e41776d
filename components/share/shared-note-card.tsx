import { ImageResponse } from "next/og";
import { notFound } from "next/navigation";

import { displayTitle } from "@/lib/notes/derive";
import { getSharedNote } from "@/lib/notes/shared";

export const CARD_SIZE = { width: 1200, height: 630 };

/**
 * The picture a link preview shows for a shared note: its title on a card with the author's name.
 * Made on each request from the live note, so a revoked link's card is gone with it.
 */
export async function sharedNoteCard(slug: string): Promise<ImageResponse> {
  const note = await getSharedNote(slug);
  if (!note) notFound();
  const title = displayTitle(note.title);
  return new ImageResponse(
    <div
      style={{
        width: "100%",
        height: "100%",
        display: "flex",
        flexDirection: "column",
        justifyContent: "space-between",
        padding: 80,
        background: "#fafaf9",
        color: "#1c1917",
      }}
    >
      <div style={{ fontSize: 32, color: "#57534e" }}>Groundwork · shared note</div>
      <div
        style={{
          display: "flex",
          fontSize: title.length > 60 ? 56 : 72,
          fontWeight: 700,
          lineHeight: 1.15,
        }}
      >
        {title.length > 120 ? `${title.slice(0, 117)}…` : title}
      </div>
      <div style={{ fontSize: 32, color: "#57534e" }}>{`By ${note.author_name}`}</div>
    </div>,
    CARD_SIZE,
  );
}
