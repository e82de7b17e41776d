/** The limits the database enforces (supabase/migrations), stated once for the app. */
export const TITLE_MAX = 500;
export const BODY_MAX = 200_000;
export const TRASH_DAYS = 30;

/**
 * Note ids named in one request (`id=in.(…)`, about 37 characters each): hosted gateways refuse
 * URLs past a few KB, so longer lists go in batches.
 */
export const IDS_PER_REQUEST = 100;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A note id is a UUID; anything else is a missing note, answered before asking the database. */
export function isNoteId(value: unknown): value is string {
  return typeof value === "string" && UUID.test(value);
}
