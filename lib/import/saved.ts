import type { ImportPlan } from "@/lib/import/plan";
import type { ImportJob, Repeat } from "@/lib/import/write";
import { oneStore } from "@/lib/local-db/one-store";

/**
 * An import's plan, kept on this device while it is written (its notes, their files' bytes and
 * the id each note gets), so closing the tab loses nothing: reopening Account → Import offers to
 * resume it from here. Kept in an IndexedDB database of the person's own
 * (`groundwork:<user>:imports`, deleted at sign-out with the others), by import id, and forgotten
 * once the import is finished or removed.
 */
export type SavedImport = ImportJob & { name: string; repeat: Repeat; plan: ImportPlan };

const STORE = "imports";

function run<T>(
  userId: string,
  mode: IDBTransactionMode,
  act: (store: IDBObjectStore) => IDBRequest<T>,
): Promise<T> {
  return oneStore(`groundwork:${userId}:imports`, STORE, { keyPath: "importId" }).run(mode, act);
}

/** Keeps the import's plan; false when this device cannot (no IndexedDB, or it is full). */
export async function saveImport(userId: string, saved: SavedImport): Promise<boolean> {
  if (typeof indexedDB === "undefined") return false;
  try {
    await run(userId, "readwrite", (store) => store.put(saved));
    return true;
  } catch {
    return false;
  }
}

/** The plan kept for an import, or null when this device has none. */
export async function savedImport(userId: string, importId: string): Promise<SavedImport | null> {
  if (typeof indexedDB === "undefined") return null;
  try {
    return ((await run(userId, "readonly", (store) => store.get(importId))) ??
      null) as SavedImport | null;
  } catch {
    return null;
  }
}

export async function forgetImport(userId: string, importId: string): Promise<void> {
  if (typeof indexedDB === "undefined") return;
  await run(userId, "readwrite", (store) => store.delete(importId)).catch(() => undefined);
}
