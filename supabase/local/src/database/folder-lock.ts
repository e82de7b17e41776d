import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { DatabaseRefusedError } from "./refused";

/**
 * The file that says which process has the embedded database in a data folder open. PGlite has no
 * lock of its own: two processes writing one folder would each overwrite the other's pages, so a
 * second backend (or a move-in, or a --reset) on a folder in use is refused instead.
 */
export const LOCK_FILE = "backend.pid";

function holder(dataDir: string): number | null {
  let pid: number;
  try {
    pid = Number(readFileSync(path.join(dataDir, LOCK_FILE), "utf8").trim());
  } catch {
    return null;
  }
  if (!Number.isInteger(pid) || pid <= 0 || pid === process.pid) return null;
  try {
    process.kill(pid, 0);
    return pid;
  } catch (err) {
    // EPERM: the process exists but belongs to someone else; ESRCH: it is gone (a crash left the file).
    return (err as NodeJS.ErrnoException).code === "EPERM" ? pid : null;
  }
}

/** Refuses a data folder whose database another running process has open. */
export function assertDataFolderFree(dataDir: string): void {
  const pid = holder(dataDir);
  if (pid !== null)
    throw new DatabaseRefusedError(
      `the data folder ${dataDir} is in use by another local backend (process ${pid}). Stop it first (Ctrl-C where it runs), or give this one another folder.`,
    );
}

/** Marks the folder as this process's until the returned release is called. */
export function claimDataFolder(dataDir: string): () => void {
  assertDataFolderFree(dataDir);
  mkdirSync(dataDir, { recursive: true });
  const file = path.join(dataDir, LOCK_FILE);
  writeFileSync(file, `${process.pid}\n`);
  return () => {
    try {
      if (Number(readFileSync(file, "utf8").trim()) === process.pid) rmSync(file, { force: true });
    } catch {
      // Already gone (the folder was removed).
    }
  };
}
