import "server-only";

import type { SupabaseClient } from "@supabase/supabase-js";
import * as Y from "yjs";

import { fromBytea } from "@/lib/notes/bytea";
import { storeNoteUpdate } from "@/lib/notes/store-update";
import type { Database } from "@/lib/supabase/database.types";
import { findTags } from "@/lib/tags/parse";

/** Marks under which text holds no tag, as the server reads tags (see documentRefs). */
const HIDING_MARKS = ["code", "link"];

/**
 * Rewrites `#from` (and `#from/…`) as `#to` in a note's Yjs document, as edits to the text that
 * holds it: only the tag's characters are replaced, so edits made elsewhere meanwhile, on any
 * device, merge with it. Code blocks, inline code and links are left alone. Returns how many.
 */
export function renameTagInDocument(doc: Y.Doc, from: string, to: string): number {
  let count = 0;
  const visit = (node: Y.XmlElement | Y.XmlFragment) => {
    if (node instanceof Y.XmlElement && node.nodeName === "codeBlock") return;
    for (const child of node.toArray()) {
      if (child instanceof Y.XmlText) {
        let scan = "";
        const runs: { start: number; attributes?: Record<string, unknown> }[] = [];
        for (const op of child.toDelta() as {
          insert: unknown;
          attributes?: Record<string, unknown>;
        }[]) {
          const piece = typeof op.insert === "string" ? op.insert : " ";
          runs.push({ start: scan.length, attributes: op.attributes });
          const hidden = HIDING_MARKS.some((mark) => op.attributes?.[mark] !== undefined);
          scan += hidden ? " ".repeat(piece.length) : piece;
        }
        const found = findTags(scan).filter((t) => t.tag === from || t.tag.startsWith(`${from}/`));
        for (const tag of found.reverse()) {
          const attributes = runs.findLast((run) => run.start <= tag.start)?.attributes ?? {};
          const rest = scan.slice(tag.start + 1 + from.length, tag.end);
          child.delete(tag.start, tag.end - tag.start);
          child.insert(tag.start, `#${to}${rest}`, attributes);
          count++;
        }
      } else if (child instanceof Y.XmlElement) {
        visit(child);
      }
    }
  };
  doc.transact(() => visit(doc.getXmlFragment("default")));
  return count;
}

export type RenameOutcome = { notes: number; skipped: number };

/**
 * Renames a tag in every note of the signed-in person that carries it (or a sub-tag): each note's
 * document is loaded as stored, the tag is rewritten as a Yjs update, and the update is stored
 * through the same path as a device's edit, so open devices receive it live and the note's tags
 * and text are derived again. A note whose document could not be read is skipped and counted.
 */
export async function renameTagInNotes(
  supabase: SupabaseClient<Database>,
  userId: string,
  from: string,
  to: string,
): Promise<RenameOutcome> {
  const tagged = await supabase.rpc("notes_with_tag", { tag: from });
  if (tagged.error) throw new Error(`finding the tag's notes: ${tagged.error.message}`);
  let notes = 0;
  let skipped = 0;
  for (const { id } of tagged.data) {
    const state = await supabase.rpc("note_state", { note_id: id }).maybeSingle();
    if (state.error || !state.data) {
      skipped++;
      continue;
    }
    const doc = new Y.Doc();
    try {
      const ydoc = fromBytea(state.data.ydoc);
      if (ydoc.length > 0) Y.applyUpdate(doc, ydoc);
      for (const update of state.data.updates) Y.applyUpdate(doc, fromBytea(update));
      const before = Y.encodeStateVector(doc);
      if (renameTagInDocument(doc, from, to) === 0) {
        skipped++;
        continue;
      }
      const update = Y.encodeStateAsUpdate(doc, before);
      // Devices with the note open apply the rename at once, as they apply another's typing.
      const stored = await storeNoteUpdate(supabase, userId, id, update, "rename tag", {
        broadcast: true,
      });
      if (stored.ok) notes++;
      else skipped++;
    } finally {
      doc.destroy();
    }
  }
  return { notes, skipped };
}
