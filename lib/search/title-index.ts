import { fuzzyMatchFolded } from "@/lib/palette/fuzzy";
import { foldForSearch } from "@/lib/search/fold";

/** A note's title as this device keeps it for searching offline. */
export interface DeviceTitle {
  id: string;
  title: string;
  updated_at: string;
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

  /** Adds or updates titles; an older copy never replaces a newer one. */
  put(notes: DeviceTitle[]): DeviceTitle[] {
    const changed: DeviceTitle[] = [];
    for (const note of notes) {
      const had = this.byId.get(note.id);
      if (had && had.note.title === note.title && had.note.updated_at === note.updated_at) continue;
      if (had && had.note.updated_at > note.updated_at) continue;
      const clean = { id: note.id, title: note.title ?? "", updated_at: note.updated_at ?? "" };
      const folded = foldForSearch(clean.title);
      const moved = folded.origin.some((at, i) => at !== i);
      this.byId.set(note.id, {
        note: clean,
        folded: folded.text,
        origin: moved ? folded.origin : null,
      });
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
