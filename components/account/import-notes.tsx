"use client";

import Link from "next/link";
import { useEffect, useRef, useState } from "react";

import { loadSupabase, useSupabaseConfig } from "@/components/supabase/supabase-config";
import { Button } from "@/components/ui/button";
import { hasImportFiles, takeImportFiles } from "@/lib/import/handoff";
import type { ImportPlan } from "@/lib/import/plan";
import type { SavedImport } from "@/lib/import/saved";
import type { ImportProgress, ImportReport, Repeat } from "@/lib/import/write";
import { cn } from "@/lib/utils";

type Stage =
  | { kind: "idle" }
  | { kind: "reading" }
  | {
      kind: "summary";
      plan: ImportPlan;
      name: string;
      recognised: number;
      tags: number;
      tables: number;
    }
  | { kind: "writing"; progress: ImportProgress }
  | { kind: "report"; report: ImportReport; removed: number | null }
  | { kind: "failed"; sentence: string }
  | { kind: "notice"; sentence: string };

function plural(n: number, one: string, many = `${one}s`) {
  return `${n} ${n === 1 ? one : many}`;
}

/**
 * Account → Import: pick or drop files, read them here (the parsers load only now), see what will
 * be written, write it with a progress bar, then a report with the folders and a way back.
 */
export type EarlierImport = {
  id: string;
  name: string;
  status: string;
  created_at: string;
  notes_total: number;
  /** For an unfinished import: how many of its notes are written. */
  written: number | null;
};

export function ImportNotes({
  ownerId,
  earlier: earlierAtLoad,
}: {
  ownerId: string;
  earlier: EarlierImport[];
}) {
  const config = useSupabaseConfig();
  const [earlier, setEarlier] = useState(earlierAtLoad);
  const [removing, setRemoving] = useState<string | null>(null);
  const [stage, setStage] = useState<Stage>({ kind: "idle" });
  const [repeat, setRepeat] = useState<Repeat>("skip");
  const [dragging, setDragging] = useState(false);
  const filesInput = useRef<HTMLInputElement>(null);
  const folderInput = useRef<HTMLInputElement>(null);

  async function read(files: File[]) {
    if (files.length === 0) return;
    setStage({ kind: "reading" });
    try {
      const [{ ImportRefusal }, { readFiles }, { planTables, planTags }, { recognisedNotes }] =
        await Promise.all([
          import("@/lib/import/read-export"),
          import("@/lib/import/read-files"),
          import("@/lib/import/plan"),
          import("@/lib/import/write"),
        ]);
      let plan: ImportPlan;
      try {
        plan = await readFiles(files);
      } catch (err) {
        if (err instanceof ImportRefusal)
          return setStage({ kind: "failed", sentence: err.message });
        throw err;
      }
      const supabase = await loadSupabase(config);
      const recognised = (await recognisedNotes(supabase, plan)).size;
      const name =
        files.length === 1
          ? files[0].name
          : files[0].webkitRelativePath.split("/")[0] || `${files.length} files`;
      setStage({
        kind: "summary",
        plan,
        name,
        recognised,
        tags: planTags(plan).length,
        tables: planTables(plan),
      });
    } catch (err) {
      setStage({
        kind: "failed",
        sentence:
          err instanceof TypeError
            ? "The import could not load. Check your connection and try again."
            : (err as Error).message || "Those files could not be read.",
      });
    }
  }

  /**
   * Writes an import, its plan kept on this device first (so a closed tab can resume it), or
   * carries on with one left unfinished.
   */
  // Files dropped on the notes list: read as if dropped here, once the page is up.
  useEffect(() => {
    if (!hasImportFiles()) return;
    const later = setTimeout(() => {
      const dropped = takeImportFiles();
      if (dropped) void read(dropped);
    });
    return () => clearTimeout(later);
    // Once, on arrival: what it reads was handed over once.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  async function write(plan: ImportPlan, name: string, resumed?: SavedImport) {
    setStage({
      kind: "writing",
      progress: { notesDone: 0, notesTotal: plan.notes.length, filesDone: 0, filesTotal: 0 },
    });
    try {
      const [{ writeImport, startImport }, { saveImport, forgetImport }] = await Promise.all([
        import("@/lib/import/write"),
        import("@/lib/import/saved"),
      ]);
      const supabase = await loadSupabase(config);
      const how = resumed?.repeat ?? repeat;
      const job = resumed ?? (await startImport(supabase, plan, name));
      if (!resumed) await saveImport(ownerId, { ...job, name, repeat: how, plan });
      const report = await writeImport(
        { supabase, supabaseUrl: config.url, publishableKey: config.publishableKey, ownerId },
        plan,
        name,
        how,
        (progress) => setStage({ kind: "writing", progress }),
        job,
      );
      await forgetImport(ownerId, job.importId);
      setEarlier((all) => all.filter((e) => e.id !== job.importId));
      setStage({ kind: "report", report, removed: null });
    } catch (err) {
      setStage({ kind: "failed", sentence: (err as Error).message });
    }
  }

  /** An import left unfinished (its tab closed), carried on from its first note not written. */
  async function resume(item: EarlierImport) {
    const { savedImport } = await import("@/lib/import/saved");
    const saved = await savedImport(ownerId, item.id);
    if (!saved)
      return setStage({
        kind: "failed",
        sentence: `“${item.name}” was started on another device or browser, so its files are not here. Remove it, or import the same files again.`,
      });
    await write(saved.plan, saved.name, saved);
  }

  async function remove(report: ImportReport) {
    try {
      const { removeImport } = await import("@/lib/import/write");
      const removed = await removeImport(await loadSupabase(config), report.importId);
      setStage({ kind: "report", report, removed });
    } catch (err) {
      setStage({ kind: "failed", sentence: (err as Error).message });
    }
  }

  /** An earlier import (or one left unfinished when its tab closed), taken back from the list. */
  async function removeEarlier(item: EarlierImport) {
    setRemoving(item.id);
    try {
      const [{ removeImport }, { forgetImport }] = await Promise.all([
        import("@/lib/import/write"),
        import("@/lib/import/saved"),
      ]);
      const removed = await removeImport(await loadSupabase(config), item.id);
      await forgetImport(ownerId, item.id);
      setEarlier((all) => all.filter((e) => e.id !== item.id));
      setStage({
        kind: "notice",
        sentence: `“${item.name}” removed: ${plural(removed, "note")} moved to Trash.`,
      });
    } catch (err) {
      setStage({ kind: "failed", sentence: (err as Error).message });
    } finally {
      setRemoving(null);
    }
  }

  const busy = stage.kind === "reading" || stage.kind === "writing";

  return (
    <div className="grid gap-4">
      {stage.kind === "idle" ||
      stage.kind === "failed" ||
      stage.kind === "notice" ||
      stage.kind === "reading" ? (
        <div
          onDragOver={(e) => {
            e.preventDefault();
            setDragging(true);
          }}
          onDragLeave={() => setDragging(false)}
          onDrop={(e) => {
            e.preventDefault();
            setDragging(false);
            void read([...e.dataTransfer.files]);
          }}
          className={cn(
            "grid gap-3 rounded-lg border-2 border-dashed p-6 text-center text-sm",
            dragging && "border-primary bg-accent",
          )}
        >
          <p>Drop files, a zip or a folder here, or choose them.</p>
          <div className="flex flex-wrap justify-center gap-2">
            <Button type="button" disabled={busy} onClick={() => filesInput.current?.click()}>
              Choose files
            </Button>
            <Button
              type="button"
              variant="outline"
              disabled={busy}
              onClick={() => folderInput.current?.click()}
            >
              Choose a folder
            </Button>
          </div>
          <input
            ref={filesInput}
            type="file"
            multiple
            accept=".md,.markdown,.txt,.zip,.enex,.json,.html,.htm,.bear2bk,text/markdown,text/plain,text/html,application/json,application/zip"
            className="sr-only"
            tabIndex={-1}
            aria-label="Files to import"
            onChange={(e) => {
              void read([...(e.target.files ?? [])]);
              e.target.value = "";
            }}
          />
          <input
            ref={folderInput}
            type="file"
            className="sr-only"
            tabIndex={-1}
            aria-label="Folder to import"
            {...{ webkitdirectory: "" }}
            onChange={(e) => {
              void read([...(e.target.files ?? [])]);
              e.target.value = "";
            }}
          />
          {stage.kind === "reading" ? <p role="status">Reading…</p> : null}
        </div>
      ) : null}

      {stage.kind === "notice" ? (
        <p role="status" className="text-sm">
          {stage.sentence}
        </p>
      ) : null}

      {stage.kind === "failed" ? (
        <p role="alert" className="text-sm text-destructive">
          {stage.sentence}
        </p>
      ) : null}

      {stage.kind === "summary" ? (
        <section aria-labelledby="import-summary" className="grid gap-3">
          <h3 id="import-summary" className="font-medium">
            Ready to import “{stage.name}”
          </h3>
          <ul className="list-disc pl-5 text-sm" aria-label="What will be imported">
            <li>{plural(stage.plan.notes.length, "note")}</li>
            {stage.tables > 0 ? (
              <li>{plural(stage.tables, "database")} among them, each a note with a table</li>
            ) : null}
            <li>{plural(stage.plan.folders.length, "folder")}</li>
            <li>{plural(stage.tags, "tag")}</li>
            <li>{plural(stage.plan.attachments.length, "attachment")}</li>
          </ul>
          {stage.plan.problems.length > 0 ? (
            <div className="grid gap-1 text-sm">
              <p>{plural(stage.plan.problems.length, "file")} can’t be imported:</p>
              <ul className="list-disc pl-5" aria-label="What can’t be imported">
                {stage.plan.problems.map((p, i) => (
                  <li key={i}>
                    <strong className="font-medium">{p.file}</strong>: {p.sentence}
                  </li>
                ))}
              </ul>
            </div>
          ) : null}
          {stage.recognised > 0 ? (
            <fieldset className="grid gap-1 text-sm">
              <legend className="mb-1">
                {plural(stage.recognised, "note was", "notes were")} imported before. For those:
              </legend>
              {(
                [
                  ["skip", "Skip them"],
                  ["duplicate", "Import them again as new notes"],
                  ["replace", "Replace them (the earlier ones go to Trash)"],
                ] as const
              ).map(([value, label]) => (
                <label key={value} className="flex items-center gap-2">
                  <input
                    type="radio"
                    name="repeat"
                    value={value}
                    checked={repeat === value}
                    onChange={() => setRepeat(value)}
                  />
                  {label}
                </label>
              ))}
            </fieldset>
          ) : null}
          <div className="flex flex-wrap gap-2">
            <Button
              type="button"
              disabled={stage.plan.notes.length === 0}
              onClick={() => void write(stage.plan, stage.name)}
            >
              Import {plural(stage.plan.notes.length, "note")}
            </Button>
            <Button type="button" variant="outline" onClick={() => setStage({ kind: "idle" })}>
              Cancel
            </Button>
          </div>
        </section>
      ) : null}

      {stage.kind === "writing" ? (
        <div className="grid gap-2" aria-live="polite">
          <label htmlFor="import-progress" className="text-sm">
            Importing: {stage.progress.notesDone} of {plural(stage.progress.notesTotal, "note")}
            {stage.progress.filesTotal > 0
              ? `, ${stage.progress.filesDone} of ${plural(stage.progress.filesTotal, "attachment")}`
              : ""}
          </label>
          <progress
            id="import-progress"
            className="h-2 w-full accent-primary"
            max={Math.max(stage.progress.notesTotal, 1)}
            value={stage.progress.notesDone}
          />
        </div>
      ) : null}

      {stage.kind === "report" ? (
        <section aria-labelledby="import-report" className="grid gap-3 text-sm">
          <h3 id="import-report" className="font-medium">
            {stage.removed === null
              ? `Imported ${plural(stage.report.created, "note")}`
              : `Import removed: ${plural(stage.removed, "note")} moved to Trash`}
          </h3>
          {stage.removed === null ? (
            <>
              <p>
                {[
                  stage.report.files > 0
                    ? `${plural(stage.report.files, "attachment")} stored`
                    : "",
                  stage.report.skipped > 0 ? `${plural(stage.report.skipped, "note")} skipped` : "",
                  stage.report.replaced > 0
                    ? `${plural(stage.report.replaced, "note")} replaced`
                    : "",
                ]
                  .filter(Boolean)
                  .join(", ")}
              </p>
              {stage.report.folders.length > 0 ? (
                <ul className="list-disc pl-5" aria-label="Imported folders">
                  {stage.report.folders.map((f) => (
                    <li key={f.id}>
                      <Link className="underline" href={`/notes?folder=${f.id}`}>
                        {f.path}
                      </Link>
                    </li>
                  ))}
                </ul>
              ) : null}
              {stage.report.problems.length > 0 ? (
                <ul className="list-disc pl-5" aria-label="What wasn’t imported">
                  {stage.report.problems.map((p, i) => (
                    <li key={i}>
                      <strong className="font-medium">{p.file}</strong>: {p.sentence}
                    </li>
                  ))}
                </ul>
              ) : null}
              <div className="flex flex-wrap gap-2">
                <Button asChild>
                  <Link href="/notes">Open your notes</Link>
                </Button>
                <Button type="button" variant="outline" onClick={() => void remove(stage.report)}>
                  Remove this import
                </Button>
              </div>
            </>
          ) : (
            <Button type="button" variant="outline" onClick={() => setStage({ kind: "idle" })}>
              Import something else
            </Button>
          )}
        </section>
      ) : null}
      {earlier.length > 0 && stage.kind !== "writing" ? (
        <section aria-labelledby="earlier-imports" className="grid gap-2 border-t pt-4 text-sm">
          <h3 id="earlier-imports" className="font-medium">
            Earlier imports
          </h3>
          <ul className="grid gap-2">
            {earlier.map((item) => (
              <li key={item.id} className="flex flex-wrap items-center justify-between gap-2">
                <span>
                  {item.name}{" "}
                  <span className="text-muted-foreground">
                    ({new Date(item.created_at).toLocaleDateString()}
                    {item.status === "running"
                      ? `, unfinished: ${item.written ?? 0} of ${plural(item.notes_total, "note")} written`
                      : ""}
                    )
                  </span>
                </span>
                {item.status === "running" ? (
                  <Button
                    type="button"
                    size="sm"
                    disabled={removing !== null || busy}
                    aria-label={`Resume the import of ${item.name}`}
                    onClick={() => void resume(item)}
                  >
                    Resume
                  </Button>
                ) : null}
                <Button
                  type="button"
                  variant="outline"
                  size="sm"
                  disabled={removing !== null}
                  aria-label={`Remove the import of ${item.name}`}
                  onClick={() => void removeEarlier(item)}
                >
                  Remove this import
                </Button>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </div>
  );
}
