/** The limits the database enforces (supabase/migrations), stated once for the app. */
export const TITLE_MAX = 500;
export const BODY_MAX = 200_000;
export const TRASH_DAYS = 30;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A note id is a UUID; anything else is a missing note, answered before asking the database. */
export function isNoteId(value: unknown): value is string {
  return typeof value === "string" && UUID.test(value);
}
