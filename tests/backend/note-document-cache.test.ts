import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import * as Y from "yjs";

import { fromBytea } from "@/lib/notes/bytea";
import { documentText } from "@/lib/notes/document-text";
import { byteaHex, type NotesWorld } from "./notes-support";
import { newNote, noteDoc, startTagsWorld, text } from "./tags-support";

vi.mock("server-only", () => ({}));

let w: NotesWorld;
beforeAll(async () => {
  w = await startTagsWorld();
});
afterAll(() => w?.t.stop());

const server = async () => {
  const [{ storeNoteUpdate }, { deriveNoteText, noteDocuments }] = await Promise.all([
    import("@/lib/notes/store-update"),
    import("@/lib/notes/derived-text"),
  ]);
  return { storeNoteUpdate, deriveNoteText, noteDocuments };
};

/** Stores one update as the owner's device does, through the server, which derives the text. */
async function store(noteId: string, update: Uint8Array): Promise<number> {
  const { storeNoteUpdate } = await server();
  const outcome = await storeNoteUpdate(w.owner, w.ownerId, noteId, update, "test");
  if (!outcome.ok) throw new Error(outcome.message);
  return outcome.id!;
}

/** Characters typed at the end of the document's last paragraph, as the update the editor sends. */
function typeAtEnd(doc: Y.Doc, chars: string): Uint8Array {
  const before = Y.encodeStateVector(doc);
  const fragment = doc.getXmlFragment("default");
  const paragraph = fragment.get(fragment.length - 1) as Y.XmlElement;
  const line = paragraph.get(0) as Y.XmlText;
  line.insert(line.length, chars);
  return Y.encodeStateAsUpdate(doc, before);
}

/** A new paragraph at the end of the document, as the update the editor sends. */
function newLine(doc: Y.Doc, chars: string): Uint8Array {
  const before = Y.encodeStateVector(doc);
  const paragraph = new Y.XmlElement("paragraph");
  paragraph.insert(0, [new Y.XmlText(chars)]);
  doc.getXmlFragment("default").push([paragraph]);
  return Y.encodeStateAsUpdate(doc, before);
}

function copyOf(doc: Y.Doc): Y.Doc {
  const copy = new Y.Doc();
  Y.applyUpdate(copy, Y.encodeStateAsUpdate(doc));
  return copy;
}

/** The title and body lists, search and sharing show now. */
async function shownText(noteId: string) {
  const { data } = await w.service.from("notes").select("title, body").eq("id", noteId).single();
  return data!;
}

/** The title and body of the stored state, built from scratch in a new document. */
async function rebuiltText(noteId: string) {
  const { data } = await w.service.rpc("note_state", { note_id: noteId }).single();
  const doc = new Y.Doc();
  const ydoc = fromBytea(data!.ydoc);
  if (ydoc.length > 0) Y.applyUpdate(doc, ydoc);
  for (const update of data!.updates) Y.applyUpdate(doc, fromBytea(update));
  const rebuilt = documentText(doc);
  doc.destroy();
  return rebuilt;
}

async function storedUpdateIds(noteId: string): Promise<number[]> {
  const { data } = await w.service
    .from("note_updates")
    .select("id")
    .eq("note_id", noteId)
    .order("id");
  return data!.map((row) => row.id);
}

/** Merges the note's stored updates into its ydoc as a device does (a new ydoc_version). */
async function compact(noteId: string) {
  const { data } = await w.owner.rpc("note_state", { note_id: noteId }).single();
  const doc = new Y.Doc();
  const ydoc = fromBytea(data!.ydoc);
  if (ydoc.length > 0) Y.applyUpdate(doc, ydoc);
  for (const update of data!.updates) Y.applyUpdate(doc, fromBytea(update));
  const res = await w.owner.rpc("compact_note", {
    note_id: noteId,
    ydoc: byteaHex(Y.encodeStateAsUpdate(doc)),
    base_version: data!.ydoc_version,
    merged_ids: data!.update_ids,
  });
  expect(res.error).toBeNull();
  doc.destroy();
}

describe("note_state_since: the stored state beyond what the reader names", () => {
  it("sends only the updates not named, and the whole state when the version is another", async () => {
    const id = await newNote(w.owner);
    const ids: number[] = [];
    for (const byte of [1, 2, 3]) {
      const res = await w.owner
        .from("note_updates")
        .insert({ note_id: id, data: byteaHex(new Uint8Array([byte])) })
        .select("id")
        .single();
      expect(res.error).toBeNull();
      ids.push(res.data!.id);
    }
    const since = (known_version: number, known_ids: number[]) =>
      w.owner.rpc("note_state_since", { note_id: id, known_version, known_ids }).single();

    // Named out of order, and the middle one left out: only it is sent, with every id.
    const middle = await since(0, [ids[2], ids[0]]);
    expect(middle.error).toBeNull();
    expect(middle.data).toMatchObject({
      ydoc: null,
      ydoc_version: 0,
      update_ids: ids,
      updates: ["\\x02"],
    });
    expect((await since(0, ids)).data).toMatchObject({ update_ids: ids, updates: [] });
    expect((await since(0, [])).data).toMatchObject({ updates: ["\\x01", "\\x02", "\\x03"] });

    // A merge of the first update makes version 1, with a ydoc.
    const merged = await w.owner.rpc("compact_note", {
      note_id: id,
      ydoc: byteaHex(new Uint8Array([9])),
      base_version: 0,
      merged_ids: [ids[0]],
    });
    expect(merged.error).toBeNull();
    expect((await since(1, [ids[1]])).data).toMatchObject({
      ydoc: null,
      ydoc_version: 1,
      update_ids: [ids[1], ids[2]],
      updates: ["\\x03"],
    });
    // Named from version 0, every id is ignored: the ydoc and all updates come.
    expect((await since(0, ids)).data).toMatchObject({
      ydoc: "\\x09",
      ydoc_version: 1,
      update_ids: [ids[1], ids[2]],
      updates: ["\\x02", "\\x03"],
    });
    // What note_state answers is unchanged.
    expect((await w.owner.rpc("note_state", { note_id: id }).single()).data).toMatchObject({
      ydoc: "\\x09",
      updates: ["\\x02", "\\x03"],
    });
  });

  it("is read as RLS allows: owner, another person, anon, service role", async () => {
    const id = await newNote(w.owner);
    const row = await w.owner
      .from("note_updates")
      .insert({ note_id: id, data: byteaHex(new Uint8Array([7])) })
      .select("id")
      .single();
    const args = { note_id: id, known_version: -1, known_ids: [] };
    const own = await w.owner.rpc("note_state_since", args).single();
    expect(own.error).toBeNull();
    expect(own.data).toMatchObject({ update_ids: [row.data!.id], updates: ["\\x07"] });
    const other = await w.other.rpc("note_state_since", args);
    expect(other.error).toBeNull();
    expect(other.data).toEqual([]);
    const anon = await w.anon.rpc("note_state_since", args);
    expect(anon.status).toBe(401);
    expect(anon.data).toBeNull();
    const service = await w.service.rpc("note_state_since", args).single();
    expect(service.data).toEqual(own.data);
  });
});

describe("the text derived through the server's kept document", () => {
  it("follows several stores in a row as a rebuild from scratch does", async () => {
    const { noteDocuments } = await server();
    const id = await newNote(w.owner);
    const device = noteDoc([text("Packing list")]);
    await store(id, Y.encodeStateAsUpdate(device));
    await store(id, newLine(device, "passport"));
    for (const chars of [",", " charger", " and socks"]) {
      await store(id, typeAtEnd(device, chars));
      expect(await shownText(id)).toEqual(await rebuiltText(id));
      // The kept document holds exactly the stored updates.
      expect(noteDocuments.peek(id)).toEqual({
        version: 0,
        ids: new Set(await storedUpdateIds(id)),
      });
    }
    expect(await shownText(id)).toEqual({
      title: "Packing list",
      body: "passport, charger and socks",
    });
  });

  it("takes in an update stored under a lower id after a derivation that did not see it", async () => {
    const { deriveNoteText, noteDocuments } = await server();
    const id = await newNote(w.owner);
    const base = noteDoc([text("Trip")]);
    await store(id, Y.encodeStateAsUpdate(base));
    const [laptop, phone] = [copyOf(base), copyOf(base)];
    // The laptop's row takes the lower id but commits after the phone's row is stored and
    // derived: here it is kept aside on another note until then.
    const aside = await newNote(w.owner);
    const early = await w.owner
      .from("note_updates")
      .insert({ note_id: aside, data: byteaHex(newLine(laptop, "from the laptop")) })
      .select("id")
      .single();
    const lateId = await store(id, newLine(phone, "from the phone"));
    expect(early.data!.id).toBeLessThan(lateId);
    expect(noteDocuments.peek(id)?.ids.has(lateId)).toBe(true);
    const moved = await w.service
      .from("note_updates")
      .update({ note_id: id })
      .eq("id", early.data!.id)
      .select("id");
    expect(moved.data).toHaveLength(1);

    expect(await deriveNoteText(w.owner, id)).toBe("written");
    const shown = await shownText(id);
    expect(shown).toEqual(await rebuiltText(id));
    expect(shown.body).toContain("from the laptop");
    expect(shown.body).toContain("from the phone");
  });

  it("follows a compaction between stores and a ydoc rewritten under a new version", async () => {
    const { deriveNoteText, noteDocuments } = await server();
    const id = await newNote(w.owner);
    const device = noteDoc([text("Shopping")]);
    await store(id, Y.encodeStateAsUpdate(device));
    await store(id, newLine(device, "milk"));
    await compact(id);
    const eggs = await store(id, newLine(device, "eggs"));
    expect(await shownText(id)).toEqual(await rebuiltText(id));
    expect(await shownText(id)).toEqual({ title: "Shopping", body: "milk\n\neggs" });
    expect(noteDocuments.peek(id)).toEqual({ version: 1, ids: new Set([eggs]) });

    // Merged again: version 2 with no updates on it, derived from its ydoc alone.
    await compact(id);
    expect(await deriveNoteText(w.owner, id)).toBe("written");
    expect(noteDocuments.peek(id)).toEqual({ version: 2, ids: new Set() });

    // The server rewrites the note's document with other content under a new version: the
    // text follows the new document, not the one kept.
    const rewritten = noteDoc([text("Holiday plans")], [text("book the ferry")]);
    const res = await w.service
      .from("notes")
      .update({ ydoc: byteaHex(Y.encodeStateAsUpdate(rewritten)), ydoc_version: 3 })
      .eq("id", id)
      .select("id");
    expect(res.data).toHaveLength(1);
    expect(await deriveNoteText(w.owner, id)).toBe("written");
    expect(await shownText(id)).toEqual({ title: "Holiday plans", body: "book the ferry" });
    expect(await shownText(id)).toEqual(await rebuiltText(id));
  });

  it("derives nothing for a person RLS gives no row, and the owner's next store still does", async () => {
    const { deriveNoteText } = await server();
    const id = await newNote(w.owner);
    const device = noteDoc([text("Private")]);
    await store(id, Y.encodeStateAsUpdate(device));
    expect(await deriveNoteText(w.other, id)).toBe("not found");
    await store(id, newLine(device, "only mine"));
    expect(await shownText(id)).toEqual({ title: "Private", body: "only mine" });
  });
});
