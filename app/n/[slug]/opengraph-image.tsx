import { connection } from "next/server";

import { CARD_SIZE, sharedNoteCard } from "@/components/share/shared-note-card";

export const alt = "The shared note's title on a card";
export const size = CARD_SIZE;
export const contentType = "image/png";

export default async function Image({ params }: { params: Promise<{ slug: string }> }) {
  await connection();
  return sharedNoteCard((await params).slug);
}
