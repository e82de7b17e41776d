import {
  SHARE_REFUSALS,
  type ShareRefusal,
  type SharedFields,
} from "@/lib/share-target/shared-note";

/** Where a share kept through signing in is picked up (components/notes/launch-action.tsx). */
export const SHARE_PENDING_PATH = "/notes?action=share";

/** The session-storage key a share waits under while its person signs in. */
export const SHARE_KEPT_KEY = "groundwork:shared";

export type ShareProblem = ShareRefusal | "failed" | "not-kept";

const SHARE_PROBLEMS: Record<ShareProblem, string> = {
  ...SHARE_REFUSALS,
  failed: "The note could not be made of what you shared. Share it again.",
  "not-kept":
    "The shared files could not be kept on this device (its storage may be full). Free some space and share them again.",
};

/** The notes page, told why a share made no note. */
export function shareErrorPath(problem: ShareProblem): string {
  return `/notes?share-error=${problem}`;
}

/** The sentence for a `share-error` the notes page was opened with, or null for anything else. */
export function shareProblemMessage(problem: string | null): string | null {
  return problem !== null && Object.hasOwn(SHARE_PROBLEMS, problem)
    ? SHARE_PROBLEMS[problem as ShareProblem]
    : null;
}

/** The share kept in this tab, taken out of it (so it is made into a note once), or null. */
export function takeKeptShare(storage: Storage): SharedFields | null {
  const raw = storage.getItem(SHARE_KEPT_KEY);
  if (raw === null) return null;
  storage.removeItem(SHARE_KEPT_KEY);
  try {
    const value = JSON.parse(raw) as Partial<Record<keyof SharedFields, unknown>>;
    const field = (v: unknown) => (typeof v === "string" ? v : "");
    return { title: field(value.title), text: field(value.text), url: field(value.url) };
  } catch {
    return null;
  }
}

/** Puts a share back when its note could not be made, so trying again loses nothing. */
export function keepShare(storage: Storage, fields: SharedFields) {
  storage.setItem(SHARE_KEPT_KEY, JSON.stringify(fields));
}
