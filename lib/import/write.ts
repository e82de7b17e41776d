import type { SupabaseClient } from "@supabase/supabase-js";

import { attachmentType } from "@/lib/attachments/limits";
import { newAttachmentPath } from "@/lib/attachments/paths";
import { startUpload, type UploadTarget } from "@/lib/attachments/upload";
import { importedDocument } from "@/lib/import/document";
import type { ImportPlan, PlannedNote } from "@/lib/import/plan";
import type { AttachmentAttrs } from "@/lib/notes/attachment-node";
import type { Database } from "@/lib/supabase/database.types";

type Client = SupabaseClient<Database>;

/** What to do with a note an earlier import already brought in (same source path). */
export type Repeat = "skip" | "duplicate" | "replace";

export type ImportProgress = {
  notesDone: number;
  notesTotal: number;
  filesDone: number;
  filesTotal: number;
};

export type ImportReport = {
  importId: string;
  created: number;
  skipped: number;
  replaced: number;
  files: number;
  folders: { path: string; id: string }[];
  problems: { file: string; sentence: string }[];
};

export type WriteTarget = {
  supabase: Client;
  supabaseUrl: string;
  publishableKey: string;
  ownerId: string;
};

const BATCH = 100;

/** A time from the source as the database takes it, or null for none or one that is not a time. */
function sourceTime(value: string | null): string | null {
  if (!value) return null;
  const at = Date.parse(value);
  return Number.isNaN(at) ? null : new Date(at).toISOString();
}

/**
 * The note's times as its source gives them: made, and last edited (the making when the source
 * has only that). Without either the database takes now; it takes nothing in the future.
 */
export function plannedTimes(note: Pick<PlannedNote, "created" | "updated">): {
  created_at?: string;
  updated_at?: string;
} {
  const created = sourceTime(note.created) ?? sourceTime(note.updated);
  const updated = sourceTime(note.updated) ?? created;
  return {
    ...(created ? { created_at: created } : {}),
    ...(updated ? { updated_at: updated } : {}),
  };
}
const AT_ONCE = 3;

/** Notes an earlier, not removed, import made from the same source paths, newest first. */
export async function recognisedNotes(
  supabase: Client,
  plan: ImportPlan,
): Promise<Map<string, { noteId: string; hash: string }>> {
  const found = new Map<string, { noteId: string; hash: string }>();
  const paths = plan.notes.map((n) => n.sourcePath);
  for (let i = 0; i < paths.length; i += BATCH) {
    const { data, error } = await supabase
      .from("import_notes")
      .select(
        "note_id, source_path, content_hash, imports!inner(status, created_at), notes!inner(deleted_at)",
      )
      .in("source_path", paths.slice(i, i + BATCH))
      .neq("imports.status", "removed")
      .is("notes.deleted_at", null);
    if (error)
      throw new Error("Earlier imports could not be read. Check your connection and try again.");
    for (const row of data) {
      if (!found.has(row.source_path))
        found.set(row.source_path, { noteId: row.note_id, hash: row.content_hash });
    }
  }
  return found;
}

function upload(target: WriteTarget, noteId: string, file: File, type: string): Promise<string> {
  const uploadTarget: UploadTarget = {
    supabaseUrl: target.supabaseUrl,
    publishableKey: target.publishableKey,
    ownerId: target.ownerId,
    noteId,
    async accessToken() {
      const { data } = await target.supabase.auth.getSession();
      if (!data.session) throw new Error("Signed out");
      return data.session.access_token;
    },
  };
  return new Promise((resolve, reject) => {
    startUpload(file, type, newAttachmentPath(target.ownerId, noteId, file.name), uploadTarget, {
      onProgress: () => {},
      onWaiting: () => {},
      onDone: resolve,
      onError: (message) => reject(new Error(message)),
    });
  });
}

/**
 * Writes a plan: folders (an existing folder of the same name in the same place is used as it
 * is), then each note as a typed one is made: the row, its files through the resumable upload,
 * and its document posted to the note's updates route, so the server derives its title, text,
 * tags and links. Every note and folder made is recorded under the import, to remove it later.
 */
export async function writeImport(
  target: WriteTarget,
  plan: ImportPlan,
  name: string,
  repeat: Repeat,
  onProgress: (progress: ImportProgress) => void,
): Promise<ImportReport> {
  const { supabase } = target;
  const started = await supabase
    .from("imports")
    .insert({ source: plan.source, name: name.slice(0, 300) || "import" })
    .select("id")
    .single();
  if (started.error)
    throw new Error("The import could not start. Check your connection and try again.");
  const importId = started.data.id;
  const report: ImportReport = {
    importId,
    created: 0,
    skipped: 0,
    replaced: 0,
    files: 0,
    folders: [],
    problems: [...plan.problems],
  };

  const existing = await supabase.from("folders").select("id, name, parent_id");
  if (existing.error) throw new Error("Your folders could not be read. Try again.");
  const folderIds = new Map<string, string>();
  for (const path of plan.folders) {
    const cut = path.lastIndexOf("/");
    const parent = cut === -1 ? null : (folderIds.get(path.slice(0, cut)) ?? null);
    const folderName =
      path
        .slice(cut + 1)
        .trim()
        .slice(0, 100) || "Folder";
    const same = existing.data.find((f) => f.name === folderName && f.parent_id === parent);
    if (same) {
      folderIds.set(path, same.id);
      report.folders.push({ path, id: same.id });
      continue;
    }
    const made = await supabase
      .from("folders")
      .insert({ name: folderName, parent_id: parent })
      .select("id")
      .single();
    if (made.error) {
      report.problems.push({
        file: path,
        sentence: "This folder could not be made; its notes go in its parent.",
      });
      if (parent) folderIds.set(path, parent);
      continue;
    }
    folderIds.set(path, made.data.id);
    report.folders.push({ path, id: made.data.id });
    await supabase
      .from("import_folders")
      .insert({ import_id: importId, folder_id: made.data.id, path });
  }

  const seen = repeat === "duplicate" ? new Map() : await recognisedNotes(supabase, plan);
  const attachments = new Map(plan.attachments.map((a) => [a.id, a]));
  const progress: ImportProgress = {
    notesDone: 0,
    notesTotal: plan.notes.length,
    filesDone: 0,
    filesTotal: plan.notes.reduce((sum, n) => sum + n.attachments.length, 0),
  };
  onProgress({ ...progress });

  async function one(note: PlannedNote) {
    const before = seen.get(note.sourcePath);
    if (before && repeat === "skip") {
      report.skipped++;
      progress.filesDone += note.attachments.length;
      return;
    }
    const made = await supabase
      .from("notes")
      .insert({
        folder_id: note.folder ? (folderIds.get(note.folder) ?? null) : null,
        pinned: note.pinned ?? false,
        ...plannedTimes(note),
      })
      .select("id")
      .single();
    if (made.error) {
      report.problems.push({
        file: note.sourcePath,
        sentence: "This note could not be made; try importing it again.",
      });
      return;
    }
    const noteId = made.data.id;
    await supabase.from("import_notes").insert({
      import_id: importId,
      note_id: noteId,
      source_path: note.sourcePath,
      content_hash: note.hash,
    });
    const files: (AttachmentAttrs | { name: string } | null)[] = [];
    for (const id of note.attachments) {
      const planned = attachments.get(id);
      if (!planned) {
        files.push(null);
        continue;
      }
      const file = new File([planned.bytes as BlobPart], planned.name, { type: planned.type });
      const type = attachmentType(file);
      try {
        const path = await upload(target, noteId, file, type);
        files.push({ path, name: planned.name, type, size: planned.bytes.length });
        report.files++;
      } catch (err) {
        report.problems.push({ file: planned.name, sentence: (err as Error).message });
        files.push({ name: planned.name });
      }
      progress.filesDone++;
      onProgress({ ...progress });
    }
    const stored = await fetch(`/notes/${noteId}/updates`, {
      method: "POST",
      headers: { "content-type": "application/octet-stream" },
      body: importedDocument(note.markdown, files) as BlobPart,
    }).catch(() => null);
    if (!stored?.ok) {
      const reason = stored
        ? ((await stored.json().catch(() => null))?.error as string | undefined)
        : null;
      report.problems.push({
        file: note.sourcePath,
        sentence: `Its text could not be stored${reason ? `: ${reason}` : ""}. The note is there, empty.`,
      });
    }
    if (before && repeat === "replace") {
      await supabase
        .from("notes")
        .update({ deleted_at: new Date().toISOString() })
        .eq("id", before.noteId);
      report.replaced++;
    }
    report.created++;
  }

  const queue = [...plan.notes];
  await Promise.all(
    Array.from({ length: AT_ONCE }, async () => {
      for (let note = queue.shift(); note; note = queue.shift()) {
        await one(note);
        progress.notesDone++;
        onProgress({ ...progress });
      }
    }),
  );
  await supabase.from("imports").update({ status: "done" }).eq("id", importId);
  return report;
}

/**
 * Takes an import back: its notes go to Trash (from where they can still be restored), and the
 * folders it made are removed when nothing else has been put in them since.
 */
export async function removeImport(supabase: Client, importId: string): Promise<number> {
  const { data: notes, error } = await supabase
    .from("import_notes")
    .select("note_id")
    .eq("import_id", importId);
  if (error) throw new Error("The import could not be read. Try again.");
  const ids = notes.map((n) => n.note_id);
  for (let i = 0; i < ids.length; i += BATCH) {
    const done = await supabase
      .from("notes")
      .update({ deleted_at: new Date().toISOString() })
      .in("id", ids.slice(i, i + BATCH))
      .is("deleted_at", null);
    if (done.error) throw new Error("Some notes could not be moved to Trash. Try again.");
  }
  const { data: folders } = await supabase
    .from("import_folders")
    .select("folder_id, path")
    .eq("import_id", importId);
  const deepestFirst = (folders ?? []).sort(
    (a, b) => b.path.split("/").length - a.path.split("/").length,
  );
  for (const folder of deepestFirst) {
    const [live, children] = await Promise.all([
      supabase
        .from("notes")
        .select("id")
        .eq("folder_id", folder.folder_id)
        .is("deleted_at", null)
        .limit(1),
      supabase.from("folders").select("id").eq("parent_id", folder.folder_id).limit(1),
    ]);
    if (live.data?.length === 0 && children.data?.length === 0)
      await supabase.from("folders").delete().eq("id", folder.folder_id);
  }
  await supabase.from("imports").update({ status: "removed" }).eq("id", importId);
  return ids.length;
}
