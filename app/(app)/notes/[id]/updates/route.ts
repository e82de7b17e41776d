import { NextResponse, type NextRequest } from "next/server";

import { deviceLabel } from "@/lib/history/device";
import { isNoteId } from "@/lib/notes/limits";
import { storeNoteUpdate, UPDATE_MAX_BYTES } from "@/lib/notes/store-update";
import { createClient, getClaims } from "@/lib/supabase/server";

export const dynamic = "force-dynamic";

const refuse = (status: number, error: string) =>
  NextResponse.json({ error }, { status, headers: { "Cache-Control": "no-store" } });

/**
 * Devices store a note's Yjs updates here, one per request (an empty body stores nothing), and the
 * note's title and body are written from the stored document before the answer: `{ id }` of the
 * stored row, or null.
 */
export async function POST(request: NextRequest, { params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  const path = request.nextUrl.pathname;
  // Only this app's pages send updates: a form elsewhere cannot send this type without asking.
  if (request.headers.get("content-type") !== "application/octet-stream")
    return refuse(415, "Send the update as application/octet-stream.");
  if (request.headers.get("sec-fetch-site") === "cross-site")
    return refuse(403, "Updates are accepted from this site only.");
  if (!isNoteId(id)) return refuse(404, "That note doesn't exist.");
  const claims = await getClaims();
  if (!claims?.sub) return refuse(401, "Your session has ended. Sign in again.");
  const length = Number(request.headers.get("content-length") ?? 0);
  if (length > UPDATE_MAX_BYTES) return refuse(413, "That change is too large to store at once.");
  const update = new Uint8Array(await request.arrayBuffer());
  if (update.length > UPDATE_MAX_BYTES)
    return refuse(413, "That change is too large to store at once.");

  const device = deviceLabel(request.headers.get("user-agent"));
  const outcome = await storeNoteUpdate(await createClient(), claims.sub, id, update, path, {
    device,
  });
  if (!outcome.ok) return refuse(outcome.status, outcome.message);
  return NextResponse.json({ id: outcome.id }, { headers: { "Cache-Control": "no-store" } });
}
