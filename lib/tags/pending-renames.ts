/**
 * Tag renames made on this device without a connection: kept in localStorage (so a reload keeps
 * them), shown at once in the tag tree, and carried out in order by the server's rename when the
 * network is back. The server rewrites each note's document as it is then, as a Yjs update, so an
 * edit made meanwhile on another device is kept.
 */
export type PendingRename = { from: string; to: string };

/** Sent on `window` when this page queued or carried out a rename. */
export const PENDING_RENAMES_EVENT = "groundwork:tag-renames";

const key = (userId: string) => `groundwork:${userId}:tag-renames`;

function isRename(value: unknown): value is PendingRename {
  return (
    typeof value === "object" &&
    value !== null &&
    typeof (value as PendingRename).from === "string" &&
    typeof (value as PendingRename).to === "string"
  );
}

export function pendingRenames(storage: Storage, userId: string): PendingRename[] {
  try {
    const stored = JSON.parse(storage.getItem(key(userId)) ?? "[]") as unknown;
    return Array.isArray(stored) ? stored.filter(isRename) : [];
  } catch {
    return [];
  }
}

function store(storage: Storage, userId: string, renames: PendingRename[]): void {
  if (renames.length === 0) storage.removeItem(key(userId));
  else storage.setItem(key(userId), JSON.stringify(renames));
}

/** Keeps a rename to carry out later. Throws when the device cannot keep it (storage full). */
export function queueRename(storage: Storage, userId: string, rename: PendingRename): void {
  store(storage, userId, [...pendingRenames(storage, userId), rename]);
}

/** The first kept rename was carried out (or refused): it leaves the queue. */
export function dropFirstRename(storage: Storage, userId: string, done: PendingRename): void {
  const renames = pendingRenames(storage, userId);
  const at = renames.findIndex((r) => r.from === done.from && r.to === done.to);
  if (at >= 0) renames.splice(at, 1);
  store(storage, userId, renames);
}

/** A tag's name once the renames are done: `#a/b` renamed `a` → `c` reads `c/b`. */
export function renamedTag(tag: string, renames: PendingRename[]): string {
  let name = tag;
  for (const { from, to } of renames) {
    if (name === from) name = to;
    else if (name.startsWith(`${from}/`)) name = to + name.slice(from.length);
  }
  return name;
}

/**
 * The tag tree's rows as they will be once the renames are done. Counts of two tags that become
 * one are added (a note carrying both is counted twice until the server answers).
 */
export function withRenames(
  rows: { tag: string; note_count: number }[],
  renames: PendingRename[],
): { tag: string; note_count: number }[] {
  if (renames.length === 0) return rows;
  const counts = new Map<string, number>();
  for (const row of rows) {
    const tag = renamedTag(row.tag, renames);
    counts.set(tag, (counts.get(tag) ?? 0) + row.note_count);
  }
  // A renamed tag's new parents are rows of the tree too.
  for (const tag of [...counts.keys()]) {
    const parts = tag.split("/");
    for (let i = 1; i < parts.length; i++) {
      const parent = parts.slice(0, i).join("/");
      if (!counts.has(parent)) counts.set(parent, counts.get(tag) ?? 0);
    }
  }
  return [...counts].map(([tag, note_count]) => ({ tag, note_count }));
}

const NOT_A_TAG = "A tag is made of letters, digits, - and _, with / between its parts.";

/** A rename as the server would take it (both names normalized), or why it would refuse it. */
export function checkRename(
  fromInput: string,
  toInput: string,
  normalize: (tag: string) => string | null,
): { rename: PendingRename } | { error: string } {
  const from = normalize(fromInput);
  const to = normalize(toInput);
  if (!from || !to) return { error: NOT_A_TAG };
  if (to.startsWith(`${from}/`)) return { error: "A tag can't be moved inside itself." };
  return { rename: { from, to } };
}
