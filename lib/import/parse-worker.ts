/*
 * Reads an import's files into a plan in a thread of its own, so a big export (thousands of
 * notes, a zip of gigabytes) never freezes the tab: the files come as File handles (read here,
 * not on the page), the plan goes back with its files' bytes handed over rather than copied.
 * HTML notes need a DOM, which a worker has not: those are read on the page (see read-files.ts).
 */
import { holdsHtmlNotes } from "@/lib/import/apple-notes";
import { looksLikeKeep } from "@/lib/import/keep";
import type { ImportEntry, ImportPlan } from "@/lib/import/plan";
import { ImportRefusal, planExport, unpackExport } from "@/lib/import/read-export";

export type ParseRequest = { files: { path: string; file: Blob }[] };
export type ParseAnswer =
  { plan: ImportPlan } | { refusal: string } | { needsPage: true } | { failed: string };

const scope = globalThis as unknown as {
  onmessage: ((event: MessageEvent<ParseRequest>) => void) | null;
  postMessage: (answer: ParseAnswer, transfer?: Transferable[]) => void;
};

scope.onmessage = async ({ data }) => {
  try {
    const files: ImportEntry[] = await Promise.all(
      data.files.map(async ({ path, file }) => ({
        path,
        bytes: new Uint8Array(await file.arrayBuffer()),
      })),
    );
    const entries = unpackExport(files);
    if (holdsHtmlNotes(entries) && !looksLikeKeep(entries)) {
      scope.postMessage({ needsPage: true });
      return;
    }
    const dropped = files.length === 1 ? `“${files[0].path.split("/").pop()}”` : "What you chose";
    const plan = planExport(entries, undefined, dropped);
    const buffers = new Set<ArrayBuffer>();
    for (const a of plan.attachments)
      if (a.bytes.buffer instanceof ArrayBuffer) buffers.add(a.bytes.buffer);
    scope.postMessage({ plan }, [...buffers]);
  } catch (err) {
    if (err instanceof ImportRefusal) scope.postMessage({ refusal: err.message });
    else scope.postMessage({ failed: (err as Error)?.message ?? "" });
  }
};
