"use client";

import { useEffect, useRef, useState, useTransition } from "react";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { toast } from "sonner";

import { Button } from "@/components/ui/button";
import {
  copyNoteVersion,
  historyPage,
  restoreNoteVersion,
  restoreVersionAttachment,
  undoAttachmentRestore,
  versionPreview,
  type RemovedFile,
} from "@/lib/history/actions";
import { kindLabel, wordsLine, type VersionRow } from "@/lib/history/timeline";
import type { WordChanges } from "@/lib/history/words";

const ADDED =
  "rounded-sm bg-emerald-100 text-emerald-950 no-underline dark:bg-emerald-900 dark:text-emerald-50";
const REMOVED =
  "rounded-sm bg-rose-100 text-rose-950 line-through dark:bg-rose-900 dark:text-rose-50";

const when = (iso: string) =>
  new Date(iso).toLocaleString(undefined, { dateStyle: "medium", timeStyle: "short" });

type Preview =
  | { state: "loading" }
  | { state: "error"; message: string }
  | { state: "ready"; text: string; changes: WordChanges | null; files: RemovedFile[] };

/** The files this version holds that the note no longer does: each can be put back while kept. */
function RemovedFiles({
  files,
  pending,
  onRestore,
}: {
  files: RemovedFile[];
  pending: boolean;
  onRestore: (file: RemovedFile) => void;
}) {
  if (files.length === 0) return null;
  return (
    <section aria-labelledby="history-removed-files" className="grid grid-cols-1 gap-2">
      <h3 id="history-removed-files" className="text-sm font-semibold">
        Files removed since this version
      </h3>
      <ul className="grid grid-cols-1 gap-2">
        {files.map((f) => (
          <li
            key={f.path}
            className="flex flex-wrap items-center justify-between gap-2 rounded-md border px-3 py-2 text-sm"
          >
            <span className="min-w-0 truncate font-medium">{f.name}</span>
            {f.kept ? (
              <Button
                size="sm"
                variant="outline"
                onClick={() => onRestore(f)}
                disabled={pending}
                aria-label={`Restore attachment ${f.name}`}
              >
                Restore attachment
              </Button>
            ) : (
              <span className="text-muted-foreground">This file is no longer kept</span>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}

/** The changes a restore would make, marked: what comes back, and what goes. */
function PreviewText({ preview }: { preview: Preview }) {
  if (preview.state === "loading") return <p className="text-muted-foreground">Loading…</p>;
  if (preview.state === "error") return <p role="alert">{preview.message}</p>;
  const { text, changes } = preview;
  const body =
    changes?.pieces?.map((piece, i) =>
      piece.kind === "added" ? (
        <ins key={i} className={ADDED}>
          {piece.text}
        </ins>
      ) : piece.kind === "removed" ? (
        <del key={i} className={REMOVED}>
          {piece.text}
        </del>
      ) : (
        <span key={i}>{piece.text}</span>
      ),
    ) ?? text;
  return (
    <>
      {changes && changes.pieces === null ? (
        <p className="text-sm text-muted-foreground">
          Too many changes to mark them one by one: +{changes.added} −{changes.removed} words.
        </p>
      ) : null}
      <div
        className="font-sans text-sm leading-relaxed break-words whitespace-pre-wrap"
        data-testid="history-preview"
      >
        {text === "" ? <span className="text-muted-foreground">This version is empty.</span> : body}
      </div>
    </>
  );
}

/** A note's history: its versions, newest first, a preview of one against the note now, restore and copy. */
export function NoteHistory({
  noteId,
  title,
  firstPage,
}: {
  noteId: string;
  title: string;
  firstPage: VersionRow[];
}) {
  const router = useRouter();
  const [versions, setVersions] = useState(firstPage);
  const [more, setMore] = useState(firstPage.length >= 30);
  const [selected, setSelected] = useState<number | null>(firstPage[0]?.id ?? null);
  const [preview, setPreview] = useState<Preview>({ state: "loading" });
  const [pending, startTransition] = useTransition();
  const asked = useRef(0);

  /** Reads a version and marks it against the note now. */
  const readPreview = async (id: number): Promise<Preview> => {
    const result = await versionPreview(noteId, id);
    if (result.error || result.version === undefined || result.current === undefined)
      return { state: "error", message: result.error ?? "That version doesn't exist." };
    // The diff loads with the first preview, not with the page.
    const { wordChanges } = await import("@/lib/history/words");
    return {
      state: "ready",
      text: result.version,
      changes: wordChanges(result.current, result.version),
      files: result.removedFiles ?? [],
    };
  };

  const show = (id: number) => {
    const ask = ++asked.current;
    void readPreview(id).then((next) => {
      if (ask === asked.current) setPreview(next);
    });
  };

  const choose = (id: number) => {
    setSelected(id);
    setPreview({ state: "loading" });
    show(id);
  };

  useEffect(() => {
    // The first version's preview, once, as the page opens.
    if (firstPage[0]) show(firstPage[0].id);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const refresh = async () => {
    const result = await historyPage(noteId, null);
    if (result.versions) {
      setVersions(result.versions);
      setMore(result.versions.length >= 30);
    }
  };

  const showOlder = () =>
    startTransition(async () => {
      const last = versions.at(-1);
      if (!last) return;
      const result = await historyPage(noteId, { at: last.created_at, id: last.id });
      if (result.error) toast.error(result.error);
      if (result.versions) {
        setVersions((shown) => [...shown, ...result.versions!]);
        setMore(result.versions.length >= 30);
      }
    });

  const restore = (id: number) =>
    startTransition(async () => {
      const result = await restoreNoteVersion(noteId, id);
      if (result.error || !result.beforeRestoreId) {
        toast.error(result.error ?? "Couldn't restore the version.");
        return;
      }
      const undoId = result.beforeRestoreId;
      await refresh();
      if (selected !== null) choose(selected);
      toast("Version restored", {
        duration: 10_000,
        action: {
          label: "Undo restore",
          onClick: async () => {
            const undone = await restoreNoteVersion(noteId, undoId);
            if (undone.error) toast.error(undone.error);
            else {
              toast("Restore undone");
              await refresh();
            }
          },
        },
      });
    });

  const restoreFile = (id: number, file: RemovedFile) =>
    startTransition(async () => {
      const result = await restoreVersionAttachment(noteId, id, file.path);
      if (result.error) {
        toast.error(result.error);
        if (selected !== null) choose(selected);
        return;
      }
      if (selected !== null) choose(selected);
      toast(`“${file.name}” is back in the note`, {
        duration: 10_000,
        action: {
          label: "Undo",
          onClick: async () => {
            const undone = await undoAttachmentRestore(noteId, file.path);
            if (undone.error) toast.error(undone.error);
            else {
              toast(`“${file.name}” removed again`);
              if (selected !== null) choose(selected);
            }
          },
        },
      });
    });

  const copy = (id: number) =>
    startTransition(async () => {
      const result = await copyNoteVersion(noteId, id);
      if (result.error || !result.noteId) {
        toast.error(result.error ?? "Couldn't copy the version.");
        return;
      }
      toast("Copied to a new note");
      router.push(`/notes/${result.noteId}`);
    });

  const current = versions.find((v) => v.id === selected) ?? null;

  return (
    <div className="mx-auto grid w-full max-w-5xl grid-cols-1 gap-4 px-4 py-6 sm:px-6">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h1 className="text-2xl font-semibold tracking-tight wrap-anywhere">History of {title}</h1>
        <Link href={`/notes/${noteId}`} className="text-sm underline underline-offset-4">
          Back to the note
        </Link>
      </div>
      {versions.length === 0 ? (
        <p className="text-muted-foreground">
          No versions yet. A version is kept when you come back to the note after a pause of a few
          minutes, and every few minutes while you write.
        </p>
      ) : (
        <div className="grid grid-cols-1 gap-4 md:grid-cols-[18rem_minmax(0,1fr)]">
          <section
            aria-labelledby="history-timeline"
            className="grid grid-cols-1 content-start gap-2"
          >
            <h2 id="history-timeline" className="sr-only">
              Versions
            </h2>
            <ol className="grid grid-cols-1 gap-1" aria-label="Versions, newest first">
              {versions.map((v) => (
                <li key={v.id}>
                  <button
                    type="button"
                    aria-current={v.id === selected ? "true" : undefined}
                    onClick={() => choose(v.id)}
                    className="grid w-full grid-cols-1 gap-0.5 rounded-md px-3 py-2 text-left text-sm hover:bg-accent focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none aria-[current=true]:bg-accent"
                  >
                    <span className="font-medium">
                      <time dateTime={v.created_at}>{when(v.created_at)}</time> ·{" "}
                      {kindLabel(v.kind)}
                    </span>
                    <span className="text-muted-foreground">
                      {wordsLine(v)}
                      {v.device ? ` · ${v.device}` : ""}
                    </span>
                    {v.summary ? (
                      <span className="truncate text-muted-foreground">{v.summary}</span>
                    ) : null}
                  </button>
                </li>
              ))}
            </ol>
            {more ? (
              <Button variant="outline" size="sm" onClick={showOlder} disabled={pending}>
                Show older
              </Button>
            ) : null}
          </section>
          <section
            aria-labelledby="history-preview"
            className="grid grid-cols-1 content-start gap-3"
          >
            <div className="flex flex-wrap items-center justify-between gap-2">
              <h2 id="history-preview" className="text-lg font-semibold">
                {current ? `Version of ${when(current.created_at)}` : "Preview"}
              </h2>
              {current ? (
                <div className="flex flex-wrap gap-2">
                  <Button size="sm" onClick={() => restore(current.id)} disabled={pending}>
                    Restore
                  </Button>
                  <Button
                    size="sm"
                    variant="outline"
                    onClick={() => copy(current.id)}
                    disabled={pending}
                  >
                    Copy to new note
                  </Button>
                </div>
              ) : null}
            </div>
            <p className="text-sm text-muted-foreground">
              Marked against the note now: <ins className={ADDED}>words</ins> this version would
              bring back, <del className={REMOVED}>words</del> it would remove.
            </p>
            <div className="rounded-md border bg-card p-4">
              <PreviewText preview={preview} />
            </div>
            {current && preview.state === "ready" ? (
              <RemovedFiles
                files={preview.files}
                pending={pending}
                onRestore={(file) => restoreFile(current.id, file)}
              />
            ) : null}
          </section>
        </div>
      )}
    </div>
  );
}
