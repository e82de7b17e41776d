/**
 * When the server keeps a version of a note: by the database's clock, never a device's. An edit
 * that arrives after a pause keeps the state before it (the end of the session that paused); while
 * someone types without pausing, the state is kept at most once every `everyMs`.
 */
export const HISTORY_RULES = { pauseMs: 5 * 60_000, everyMs: 10 * 60_000 };

export type HistoryMarks = {
  /** When the note's previous edit was stored; null for its first. */
  previousUpdateAt: string | null;
  /** When its last version was kept; null when none was. */
  lastVersionAt: string | null;
  /** When the server first saw it edited. */
  startedAt: string;
  /** The database's time as this edit was stored. */
  now: string;
};

export type VersionReason = "pause" | "long session" | null;

export function versionDue(marks: HistoryMarks, rules = HISTORY_RULES): VersionReason {
  if (marks.previousUpdateAt === null) return null;
  const now = Date.parse(marks.now);
  if (now - Date.parse(marks.previousUpdateAt) >= rules.pauseMs) return "pause";
  const since = Date.parse(marks.lastVersionAt ?? marks.startedAt);
  if (now - since >= rules.everyMs) return "long session";
  return null;
}
