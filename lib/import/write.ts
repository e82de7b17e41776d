import type { SupabaseClient } from "@supabase/supabase-js";

import { attachmentType } from "@/lib/attachments/limits";
import { newAttachmentPath } from "@/lib/attachments/paths";
import { startUpload, type UploadTarget } from "@/lib/attachments/upload";
import { importedDocument, type LinkTarget } from "@/lib/import/document";
import { folderNameOf, type ImportPlan, type PlannedNote } from "@/lib/import/plan";
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
  /** The import being written, whose own notes are not earlier ones. */
  current?: string,
): Promise<Map<string, { noteId: string; hash: string }>> {
  const found = new Map<string, { noteId: string; hash: string }>();
  const paths = plan.notes.map((n) => n.sourcePath);
  for (let i = 0; i < paths.length; i += BATCH) {
    const { data, error } = await supabase
      .from("import_notes")
      .select(
        "import_id, note_id, source_path, content_hash, imports!inner(status, created_at), notes!inner(deleted_at)",
      )
      .in("source_path", paths.slice(i, i + BATCH))
      .neq("imports.status", "removed")
      .is("notes.deleted_at", null);
    if (error)
      throw new Error("Earlier imports could not be read. Check your connection and try again.");
    for (const row of data) {
      if (current && row.import_id === current) continue;
      if (!found.has(row.source_path))
        found.set(row.source_path, { noteId: row.note_id, hash: row.content_hash });
    }
  }
  return found;
}

function upload(
  target: WriteTarget,
  noteId: string,
  file: File,
  type: string,
  path: string,
): Promise<string> {
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
    startUpload(file, type, path, uploadTarget, {
      onProgress: () => {},
      onWaiting: () => {},
      onDone: resolve,
      onError: (message) => reject(new Error(message)),
    });
  });
}

/**
 * Where an import stores a note's nth file: the same place every time it is written, so an import
 * resumed (in this tab or another) finds the file already there instead of storing it twice.
 */
export function importedAttachmentPath(
  ownerId: string,
  noteId: string,
  index: number,
  name: string,
): string {
  const path = newAttachmentPath(ownerId, noteId, name);
  const cut = path.lastIndexOf("/");
  return `${path.slice(0, cut)}/import${index}${path.slice(cut + 1).replace(/^[0-9a-f]+/, "")}`;
}

/** An import under way: its row, and the id each planned note gets (by the plan's order). */
export type ImportJob = { importId: string; noteIds: string[] };

/**
 * Records a new import before anything of it is written: its row with the totals (so an
 * unfinished import shows what it is), and a fresh id for each note, kept with the plan so a
 * resumed import makes each note under the same id and never twice.
 */
export async function startImport(
  supabase: Client,
  plan: ImportPlan,
  name: string,
): Promise<ImportJob> {
  const started = await supabase
    .from("imports")
    .insert({
      source: plan.source,
      name: name.slice(0, 300) || "import",
      notes_total: plan.notes.length,
      files_total: plan.notes.reduce((sum, n) => sum + n.attachments.length, 0),
    })
    .select("id")
    .single();
  if (started.error)
    throw new Error("The import could not start. Check your connection and try again.");
  return { importId: started.data.id, noteIds: plan.notes.map(() => crypto.randomUUID()) };
}

type Planned = { note: PlannedNote; i: number };

/**
 * What is left of an import, from what it recorded so far (each note it made, and whether that
 * note's document is written): the id each planned note has (a note it skips is the one already
 * there), the rows still to make, the notes still to write (from the first one not written, in
 * the plan's order), and the progress to show before going on.
 */
export function workLeft(
  plan: ImportPlan,
  job: ImportJob,
  repeat: Repeat,
  seen: ReadonlyMap<string, { noteId: string }>,
  recorded: ReadonlyMap<string, boolean>,
) {
  const skipped = plan.notes.map((note) => repeat === "skip" && seen.has(note.sourcePath));
  const ids = plan.notes.map((note, i) =>
    skipped[i] ? seen.get(note.sourcePath)!.noteId : job.noteIds[i],
  );
  const progress: ImportProgress = {
    notesDone: 0,
    notesTotal: plan.notes.length,
    filesDone: 0,
    filesTotal: plan.notes.reduce((sum, n) => sum + n.attachments.length, 0),
  };
  let skippedCount = 0;
  let writtenCount = 0;
  const toMake: Planned[] = [];
  const toWrite: Planned[] = [];
  plan.notes.forEach((note, i) => {
    const done = skipped[i] || recorded.get(ids[i]) === true;
    if (skipped[i]) skippedCount++;
    else if (done) writtenCount++;
    if (done) {
      progress.notesDone++;
      progress.filesDone += note.attachments.length;
      return;
    }
    if (!recorded.has(ids[i])) toMake.push({ note, i });
    toWrite.push({ note, i });
  });
  return { ids, skipped, toMake, toWrite, progress, skippedCount, writtenCount };
}

/** Unique violation: a row with this key is there already (made by an earlier run). */
const ALREADY = "23505";

/**
 * The same title's note among the import's notes, first one wins, ignoring case (as
 * `[[links]]` find notes by title everywhere else).
 */
function titleIndex(plan: ImportPlan, ids: (string | null)[]) {
  const byTitle = new Map<string, LinkTarget>();
  plan.notes.forEach((note, i) => {
    const key = note.title.trim().toLowerCase();
    const id = ids[i];
    if (key && id && !byTitle.has(key)) byTitle.set(key, { id, title: note.title.trim() });
  });
  return (title: string) => byTitle.get(title.toLowerCase()) ?? null;
}

/**
 * The display name and picture an export carries, brought in where the account has none yet
 * (a name still the sign-up default, no picture): a name or picture chosen here is kept.
 */
async function importProfile(target: WriteTarget, plan: ImportPlan, report: ImportReport) {
  const wanted = plan.profile;
  if (!wanted || (!wanted.displayName && !wanted.avatar)) return;
  const { supabase, ownerId } = target;
  const own = await supabase
    .from("profiles")
    .select("display_name, avatar_path")
    .eq("id", ownerId)
    .maybeSingle();
  if (own.error || !own.data) return;
  // Sign-up names a new account after its email; that default counts as no name chosen yet.
  const email = (await supabase.auth.getSession()).data.session?.user.email ?? "";
  const given = own.data.display_name?.trim() ?? "";
  const unnamed = given === "" || given === email.split("@")[0].slice(0, 80);
  const change: { display_name?: string; avatar_path?: string } = {};
  if (wanted.displayName && unnamed && wanted.displayName !== given)
    change.display_name = wanted.displayName.slice(0, 80);
  if (wanted.avatar && !own.data.avatar_path) {
    const { name, type, bytes } = wanted.avatar;
    const path = `${ownerId}/${crypto.randomUUID()}${/\.[A-Za-z0-9]{1,10}$/.exec(name)?.[0] ?? ""}`;
    const stored = await supabase.storage
      .from("avatars")
      .upload(path, new Blob([bytes as BlobPart], { type }), {
        contentType: type,
        cacheControl: "31536000",
      });
    if (stored.error)
      report.problems.push({ file: name, sentence: "Your picture could not be stored." });
    else change.avatar_path = path;
  }
  if (Object.keys(change).length === 0) return;
  const saved = await supabase.from("profiles").update(change).eq("id", ownerId);
  if (saved.error)
    report.problems.push({ file: "profile.json", sentence: "Your name and picture were not set." });
}

/**
 * Writes a plan: folders (an existing folder of the same name in the same place is used as it
 * is), then every note's row (so links between them have their targets), then each note as a
 * typed one is made: its files through the resumable upload, and its document posted to the
 * note's updates route, so the server derives its title, text, tags and links; a `[[Title]]`
 * naming a note of the import becomes a link to it, as the editor makes one. Every note and
 * folder made is recorded under the import, to remove it later, and each note is marked written
 * once its document is stored. Given the `job` of an unfinished import, it carries on from the
 * first note not yet written: notes, records and files already there are used, never made again.
 */
export async function writeImport(
  target: WriteTarget,
  plan: ImportPlan,
  name: string,
  repeat: Repeat,
  onProgress: (progress: ImportProgress) => void,
  given?: ImportJob,
): Promise<ImportReport> {
  const { supabase } = target;
  const job = given ?? (await startImport(supabase, plan, name));
  const { importId } = job;
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
      folderNameOf(path.slice(cut + 1))
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
    existing.data.push({ id: made.data.id, name: folderName, parent_id: parent });
    await supabase
      .from("import_folders")
      .insert({ import_id: importId, folder_id: made.data.id, path });
  }
  await importProfile(target, plan, report);

  const recorded = await importedSoFar(supabase, importId);
  const seen = repeat === "duplicate" ? new Map() : await recognisedNotes(supabase, plan, importId);
  const attachments = new Map(plan.attachments.map((a) => [a.id, a]));
  const work = workLeft(plan, job, repeat, seen, recorded);
  const { ids, progress } = work;
  report.skipped = work.skippedCount;
  report.created = work.writtenCount;
  const failed = new Set<number>();
  onProgress({ ...progress });

  // Every note's row first, so each document's links find their targets.
  const { toMake } = work;
  for (let b = 0; b < toMake.length; b += BATCH) {
    const batch = toMake.slice(b, b + BATCH);
    const rows = batch.map(({ note, i }) => ({
      id: ids[i],
      folder_id: note.folder ? (folderIds.get(note.folder) ?? null) : null,
      pinned: note.pinned ?? false,
      ...plannedTimes(note),
    }));
    const all = await supabase.from("notes").insert(rows);
    const made = new Set<number>();
    if (!all.error) batch.forEach(({ i }) => made.add(i));
    else
      for (const [k, row] of rows.entries()) {
        const one = await supabase.from("notes").insert(row);
        if (!one.error || one.error.code === ALREADY) made.add(batch[k].i);
      }
    const records = batch
      .filter(({ i }) => made.has(i))
      .map(({ note, i }) => ({
        import_id: importId,
        note_id: ids[i],
        source_path: note.sourcePath,
        content_hash: note.hash,
      }));
    const kept = await supabase.from("import_notes").insert(records);
    if (kept.error)
      for (const record of records) {
        const one = await supabase.from("import_notes").insert(record);
        if (one.error && one.error.code !== ALREADY)
          made.delete(toMake.find((m) => ids[m.i] === record.note_id)!.i);
      }
    for (const { note, i } of batch) {
      if (made.has(i)) continue;
      failed.add(i);
      report.problems.push({
        file: note.sourcePath,
        sentence: "This note could not be made; try importing it again.",
      });
    }
  }
  const linkTo = titleIndex(
    plan,
    ids.map((id, i) => (failed.has(i) ? null : id)),
  );

  async function storedFiles(noteId: string): Promise<Set<string>> {
    const folder = `${target.ownerId}/${noteId}`;
    const { data } = await supabase.storage.from("attachments").list(folder);
    return new Set((data ?? []).map((f) => `${folder}/${f.name}`));
  }

  async function one(note: PlannedNote, i: number) {
    const noteId = ids[i];
    const before = seen.get(note.sourcePath);
    const stored = note.attachments.length ? await storedFiles(noteId) : new Set<string>();
    const files: (AttachmentAttrs | { name: string } | null)[] = [];
    for (const [index, id] of note.attachments.entries()) {
      const planned = attachments.get(id);
      if (!planned) {
        files.push(null);
        continue;
      }
      const file = new File([planned.bytes as BlobPart], planned.name, { type: planned.type });
      const type = attachmentType(file);
      const path = importedAttachmentPath(target.ownerId, noteId, index, planned.name);
      try {
        // Where it ended up: an interrupted upload of the same file is carried on where it was.
        const at = stored.has(path)
          ? path
          : await upload(target, noteId, file, type, path).catch(async (err: Error) => {
              // Another tab resuming the same import may have stored it first: then it is there.
              if (!(await storedFiles(noteId)).has(path)) throw err;
              return path;
            });
        files.push({ path: at, name: planned.name, type, size: planned.bytes.length });
        report.files++;
      } catch (err) {
        report.problems.push({ file: planned.name, sentence: (err as Error).message });
        files.push({ name: planned.name });
      }
      progress.filesDone++;
      onProgress({ ...progress });
    }
    // Another tab resuming the same import may have written this one meanwhile.
    const mark = await supabase
      .from("import_notes")
      .select("written_at")
      .eq("import_id", importId)
      .eq("note_id", noteId)
      .maybeSingle();
    if (mark.data?.written_at) {
      report.created++;
      return;
    }
    const posted = await fetch(`/notes/${noteId}/updates`, {
      method: "POST",
      headers: { "content-type": "application/octet-stream" },
      body: importedDocument(note.markdown, files, linkTo, noteId) as BlobPart,
    }).catch(() => null);
    if (!posted?.ok) {
      const reason = posted
        ? ((await posted.json().catch(() => null))?.error as string | undefined)
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
        .eq("id", before.noteId)
        .is("deleted_at", null);
      report.replaced++;
    }
    await supabase
      .from("import_notes")
      .update({ written_at: new Date().toISOString() })
      .eq("import_id", importId)
      .eq("note_id", noteId);
    report.created++;
  }

  const queue = work.toWrite.filter(({ i }) => !failed.has(i));
  await Promise.all(
    Array.from({ length: AT_ONCE }, async () => {
      for (let next = queue.shift(); next; next = queue.shift()) {
        await one(next.note, next.i);
        progress.notesDone++;
        onProgress({ ...progress });
      }
    }),
  );
  await supabase.from("imports").update({ status: "done" }).eq("id", importId);
  return report;
}

/** The notes an import has recorded so far, each with whether its document is written. */
export async function importedSoFar(
  supabase: Client,
  importId: string,
): Promise<Map<string, boolean>> {
  const found = new Map<string, boolean>();
  for (let from = 0; ; from += 1000) {
    const { data, error } = await supabase
      .from("import_notes")
      .select("note_id, written_at")
      .eq("import_id", importId)
      .order("note_id")
      .range(from, from + 999);
    if (error)
      throw new Error("The import could not be read. Check your connection and try again.");
    for (const row of data) found.set(row.note_id, row.written_at !== null);
    if (data.length < 1000) return found;
  }
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
