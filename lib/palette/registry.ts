import type { SupabaseClient } from "@supabase/supabase-js";

import type { Database } from "@/lib/supabase/database.types";

/**
 * The palette's registry: what it can list and do comes from sources, each registered once at
 * import. A feature adds its own (its folders, its tags) with one file that calls
 * `registerPaletteSource` and one import line in `lib/palette/sources.ts`.
 */

/** The open note, when the palette is opened on a note's page. */
export interface CurrentNote {
  id: string;
  title: string;
  pinned: boolean;
}

/** What an item may do when chosen; the palette supplies it. */
export interface PaletteEnv {
  navigate(href: string): void;
  /** The open note, or null away from a note's page. */
  note: CurrentNote | null;
  /** Whether the page shows the dark theme now. */
  dark: boolean;
  setTheme(theme: "light" | "dark"): void;
  openShortcuts(): void;
  notify(message: string, options?: { error?: boolean; undo?: () => void }): void;
  /** Copies text for the person (a share link). */
  copy(text: string): Promise<void>;
}

export interface PaletteItem {
  /** Unique across sources: `<source>:<id>`. */
  id: string;
  label: string;
  /** A short line under or beside the label. */
  detail?: string;
  /** Marked text (U+E000/U+E001 around matches) shown instead of `label`, e.g. a search hit. */
  labelMarked?: string;
  /** Indexes of `label`'s characters a fuzzy match found, to mark them. */
  labelPositions?: number[];
  detailMarked?: string;
  /** More words the fuzzy match reads besides the label. */
  keywords?: string[];
  /** Named icon: the palette maps names to icons so lib stays free of components. */
  icon?:
    | "note"
    | "plus"
    | "pin"
    | "unpin"
    | "share"
    | "trash"
    | "theme"
    | "account"
    | "keyboard"
    | "folder"
    | "tag"
    | "move"
    | "list"
    | "history"
    | "download"
    | "print";
  /** Keys shown at the item's end, e.g. ["N"]. */
  keys?: string[];
  /** What choosing it does. */
  perform(env: PaletteEnv): void | Promise<void>;
}

export interface PaletteQuery {
  text: string;
  note: CurrentNote | null;
  /** The signed-in person, and their browser client (null until it has loaded, or offline). */
  userId: string;
  supabase: SupabaseClient<Database> | null;
  /** Aborted when the query changes or the palette closes. */
  signal: AbortSignal;
}

export interface PaletteSource {
  id: string;
  /** The group heading its items go under. */
  group: string;
  /** Lower comes first. */
  order: number;
  /**
   * The items for a query. Commands return all of theirs and let the palette match them; a
   * source that searches itself (notes on the server) sets `matches` and returns matches only.
   */
  items(query: PaletteQuery): PaletteItem[] | Promise<PaletteItem[]>;
  matches?: boolean;
}

const sources = new Map<string, PaletteSource>();

export function registerPaletteSource(source: PaletteSource): void {
  sources.set(source.id, source);
}

export function paletteSources(): PaletteSource[] {
  return [...sources.values()].sort((a, b) => a.order - b.order);
}

/**
 * Hooks a feature can fill for the palette's note commands: "Move to…" appears once folders
 * register a mover.
 */
export const paletteHooks: {
  moveNote?: (note: CurrentNote, env: PaletteEnv) => void | Promise<void>;
} = {};
