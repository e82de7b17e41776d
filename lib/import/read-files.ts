import type { ParseAnswer, ParseRequest } from "@/lib/import/parse-worker";
import type { ImportPlan } from "@/lib/import/plan";
import { ImportRefusal, readExportLoading } from "@/lib/import/read-export";

/** A picked file's path: its place in a picked folder, or its name. */
function pathOf(file: File): string {
  return file.webkitRelativePath || file.name;
}

/** The files read on the page itself: where workers are missing, or for HTML notes (DOM). */
async function onPage(files: File[]): Promise<ImportPlan> {
  return readExportLoading(
    await Promise.all(
      files.map(async (file) => ({
        path: pathOf(file),
        bytes: new Uint8Array(await file.arrayBuffer()),
      })),
    ),
  );
}

/**
 * What the person picked or dropped read into a plan in a Web Worker (`parse-worker.ts`), so the
 * tab stays responsive however big the export; read on the page where no worker can start, and
 * for HTML notes, which need the page's DOM. A refusal comes back as the same `ImportRefusal`.
 */
export async function readFiles(files: File[]): Promise<ImportPlan> {
  if (typeof Worker === "undefined") return onPage(files);
  let worker: Worker;
  try {
    worker = new Worker(new URL("./parse-worker.ts", import.meta.url), { type: "module" });
  } catch {
    return onPage(files);
  }
  const answer = await new Promise<ParseAnswer | null>((resolve) => {
    worker.onmessage = (event: MessageEvent<ParseAnswer>) => resolve(event.data);
    // A worker that cannot load (or runs out of memory) leaves the page to read the files.
    worker.onerror = () => resolve(null);
    const request: ParseRequest = {
      files: files.map((file) => ({ path: pathOf(file), file })),
    };
    worker.postMessage(request);
  }).finally(() => worker.terminate());
  if (!answer || "needsPage" in answer) return onPage(files);
  if ("refusal" in answer) throw new ImportRefusal(answer.refusal);
  if ("failed" in answer) throw new Error(answer.failed || "Those files could not be read.");
  return answer.plan;
}
