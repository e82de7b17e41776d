import { fuzzyMatchFolded } from "@/lib/palette/fuzzy";
import { foldForSearch } from "@/lib/search/fold";
import type { Role } from "@/lib/sharing/roles";

/**
 * A note as this device keeps it for finding it, and for listing it with no network: its title and
 * last edit, and where the server said so, its preview, folder, pin and tags. A field left out is
 * unknown (a live change tells no tags), never "none".
 */
export interface DeviceTitle {
  id: string;
  title: string;
  updated_at: string;
  /** The start of its text as the notes list shows it. */
  preview?: string;
  folder_id?: string | null;
  pinned?: boolean;
  /** The note's tags, lower case, without '#' ('work/q3'). */
  tags?: string[];
  /** Someone else's note shared with the person: listed under "Shared with me", not All notes. */
  shared?: boolean;
  /** A shared note's role for the person, what it lets them do with it offline. */
  role?: Role;
  /** A shared note's owner: their name, and their id (the note's files are kept under it). */
  owner?: string;
  owner_id?: string;
}

const FIELDS = [
  "preview",
  "folder_id",
  "pinned",
  "tags",
  "shared",
  "role",
  "owner",
  "owner_id",
] as const;

/** `had` with what `note` tells of it; fields `note` leaves out keep what `had` held. */
function merged(had: DeviceTitle | undefined, note: DeviceTitle): DeviceTitle {
  const next: DeviceTitle = {
    id: note.id,
    title: note.title ?? "",
    updated_at: note.updated_at ?? "",
  };
  // A newer edit that tells no preview (a search answer) leaves none: the kept one is of older text.
  const edited = had !== undefined && had.updated_at !== next.updated_at;
  for (const field of FIELDS) {
    const value =
      note[field] !== undefined
        ? note[field]
        : field === "preview" && edited
          ? undefined
          : had?.[field];
    if (value !== undefined) Object.assign(next, { [field]: value });
  }
  return next;
}

/**
 * What keeping `note` over `had` leaves kept, or null when nothing changes: an older copy never
 * replaces a newer one, and a copy as new as the kept one (a move or a pin keeps the last edit
 * time) updates what it tells.
 */
export function keptOver(had: DeviceTitle | undefined, note: DeviceTitle): DeviceTitle | null {
  if (had && had.updated_at > note.updated_at) return null;
  const next = merged(had, note);
  return had && same(had, next) ? null : next;
}

function same(a: DeviceTitle, b: DeviceTitle): boolean {
  return (
    a.title === b.title &&
    a.updated_at === b.updated_at &&
    a.preview === b.preview &&
    a.folder_id === b.folder_id &&
    a.pinned === b.pinned &&
    a.shared === b.shared &&
    a.role === b.role &&
    a.owner === b.owner &&
    a.owner_id === b.owner_id &&
    (a.tags ?? []).join("\n") === (b.tags ?? []).join("\n") &&
    (a.tags === undefined) === (b.tags === undefined)
  );
}

export type TitleHit = DeviceTitle & { positions: number[] };

/**
 * Every title this device knows of, in memory, each with its folded text worked out once, so a
 * keystroke compares the query with 10,000 titles without folding them again: a cheap "are the
 * query's characters all there, in order" pass over the folded text first, and the palette's fuzzy
 * scoring only for the titles that pass.
 */
export class TitleIndex {
  private byId = new Map<
    string,
    /** `origin` only where folding moved characters (not for most titles). */
    { note: DeviceTitle; folded: string; origin: number[] | null }
  >();

  get size(): number {
    return this.byId.size;
  }

  has(id: string): boolean {
    return this.byId.has(id);
  }

  get(id: string): DeviceTitle | undefined {
    return this.byId.get(id)?.note;
  }

  all(): DeviceTitle[] {
    return [...this.byId.values()].map((e) => e.note);
  }

  /** The newest `updated_at` kept, for asking the server only what changed since. */
  newest(): string | null {
    let newest: string | null = null;
    for (const { note } of this.byId.values())
      if (newest === null || note.updated_at > newest) newest = note.updated_at;
    return newest;
  }

  /** Adds or updates titles, as `keptOver` says; returns those that changed. */
  put(notes: DeviceTitle[]): DeviceTitle[] {
    const changed: DeviceTitle[] = [];
    for (const note of notes) {
      const had = this.byId.get(note.id);
      const clean = keptOver(had?.note, note);
      if (!clean) continue;
      if (had && had.note.title === clean.title) {
        had.note = clean;
      } else {
        const folded = foldForSearch(clean.title);
        const moved = folded.origin.some((at, i) => at !== i);
        this.byId.set(note.id, {
          note: clean,
          folded: folded.text,
          origin: moved ? folded.origin : null,
        });
      }
      changed.push(clean);
    }
    return changed;
  }

  remove(id: string): boolean {
    return this.byId.delete(id);
  }

  /** Replaces everything kept with `notes` (the server's whole list). */
  replace(notes: DeviceTitle[]): void {
    this.byId.clear();
    this.put(notes);
  }

  /** Titles matching `query` fuzzily (as the palette matches), best first, newest on a tie. */
  search(query: string, limit = 20): TitleHit[] {
    const foldedQuery = foldForSearch(query).text;
    const wanted = [...foldedQuery.replace(/\s+/g, "")];
    if (wanted.length === 0) return [];
    const matches: (TitleHit & { score: number })[] = [];
    for (const { note, folded, origin } of this.byId.values()) {
      if (!holdsInOrder(folded, wanted)) continue;
      const match = fuzzyMatchFolded(foldedQuery, {
        text: folded,
        origin: origin ?? Array.from({ length: folded.length }, (_, i) => i),
      });
      if (match) matches.push({ ...note, ...match });
    }
    return matches
      .sort((a, b) => b.score - a.score || b.updated_at.localeCompare(a.updated_at))
      .slice(0, limit)
      .map(({ score: _score, ...hit }) => hit);
  }
}

function holdsInOrder(text: string, chars: string[]): boolean {
  let from = 0;
  for (const c of chars) {
    const at = text.indexOf(c, from);
    if (at < 0) return false;
    from = at + c.length;
  }
  return true;
}
