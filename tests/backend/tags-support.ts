import { getSchema } from "@tiptap/core";
import { prosemirrorJSONToYDoc } from "@tiptap/y-tiptap";
import { vi } from "vitest";
import * as Y from "yjs";

import { editorExtensions } from "@/lib/notes/editor-extensions";
import type { DocJSON } from "@/lib/tags/parse";
import { startNotesWorld, type NotesClient, type NotesWorld } from "./notes-support";

vi.mock("server-only", () => ({}));

const schema = getSchema(editorExtensions(new Y.Doc()));

/** A note's document as the editor makes it, from paragraphs of ProseMirror JSON content. */
export function noteDoc(...paragraphs: DocJSON[][]): Y.Doc {
  const json = {
    type: "doc",
    content: paragraphs.map((content) => ({ type: "paragraph", content })),
  };
  return prosemirrorJSONToYDoc(schema, json, "default");
}

export const text = (value: string): DocJSON => ({ type: "text", text: value });
export const link = (id: string, label: string): DocJSON => ({
  type: "noteLink",
  attrs: { id, label },
});

/**
 * A notes world whose server code (storing an update and deriving the note's text, tags and
 * links) talks to this backend, as the app's server does.
 */
export async function startTagsWorld(): Promise<NotesWorld> {
  const w = await startNotesWorld();
  process.env.NEXT_PUBLIC_SUPABASE_URL = w.t.url;
  return w;
}

/** Stores a note's whole document as one update through the app's server path. */
export async function saveDoc(client: NotesClient, userId: string, noteId: string, doc: Y.Doc) {
  const { storeNoteUpdate } = await import("@/lib/notes/store-update");
  const outcome = await storeNoteUpdate(client, userId, noteId, Y.encodeStateAsUpdate(doc), "test");
  if (!outcome.ok) throw new Error(outcome.message);
  return outcome;
}

/** A new empty note of the client's, by id. */
export async function newNote(client: NotesClient): Promise<string> {
  const { data, error } = await client.from("notes").insert({}).select("id").single();
  if (error) throw new Error(error.message);
  return data.id;
}
