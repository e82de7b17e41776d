import type { SupabaseClient } from "@supabase/supabase-js";

import type { Database } from "@/lib/supabase/database.types";

export type SearchHit = Database["public"]["Functions"]["search_notes"]["Returns"][number];

/** The narrowings search_notes knows. */
export interface SearchFilters {
  pinned?: boolean;
  has_attachments?: boolean;
  updated_after?: string;
  updated_before?: string;
  /** A folder's id: its notes and those of the folders below it. */
  folder?: string;
  /** A tag's path: its notes and those of its sub-tags. */
  tag?: string;
}

/** Where the person is when they search: a folder's list or a tag's view narrows to it. */
export type SearchScope = { folder: string } | { tag: string };

const TAG_PATH = /^\/notes\/tags\/(.+)$/;

/** The folder or tag a page shows, from its address (`/notes?folder=<id>`, `/notes/tags/a/b`). */
export function scopeOf(pathname: string, search: string): SearchScope | null {
  const tag = TAG_PATH.exec(pathname)?.[1];
  if (tag) {
    try {
      return { tag: tag.split("/").map(decodeURIComponent).join("/") };
    } catch {
      return null;
    }
  }
  const folder = pathname === "/notes" ? new URLSearchParams(search).get("folder") : null;
  return folder ? { folder } : null;
}

/** "Edited within": the date filter the UI offers, as days back from now. */
export const EDITED_WITHIN = [
  { value: "any", label: "Any time", days: null },
  { value: "day", label: "Today", days: 1 },
  { value: "week", label: "Past week", days: 7 },
  { value: "month", label: "Past month", days: 31 },
  { value: "year", label: "Past year", days: 366 },
] as const;

export type EditedWithin = (typeof EDITED_WITHIN)[number]["value"];

export function filtersFor(choice: {
  pinned: boolean;
  attachments: boolean;
  edited: EditedWithin;
  /** The folder or tag to stay in, when the person chose to. */
  scope?: SearchScope | null;
}): SearchFilters {
  const filters: SearchFilters = { ...choice.scope };
  if (choice.pinned) filters.pinned = true;
  if (choice.attachments) filters.has_attachments = true;
  const days = EDITED_WITHIN.find((e) => e.value === choice.edited)?.days;
  if (days) filters.updated_after = new Date(Date.now() - days * 86_400_000).toISOString();
  return filters;
}

export type SearchOutcome =
  | { kind: "server"; hits: SearchHit[] }
  /** The server could not be reached: the caller searches titles on this device instead. */
  | { kind: "offline" }
  | { kind: "error"; message: string };

/** Searches the person's notes on the server; says "offline" when it cannot be reached. */
export async function searchNotes(
  supabase: SupabaseClient<Database> | null,
  query: string,
  filters: SearchFilters = {},
  maxResults = 20,
): Promise<SearchOutcome> {
  if (!supabase || (typeof navigator !== "undefined" && navigator.onLine === false))
    return { kind: "offline" };
  try {
    const { data, error } = await supabase.rpc("search_notes", {
      query,
      max_results: maxResults,
      filters: filters as Database["public"]["Functions"]["search_notes"]["Args"]["filters"],
    });
    if (error) {
      // supabase-js answers a fetch that never reached the server with status 0 or no code.
      if (!error.code || /fetch|network/i.test(error.message)) return { kind: "offline" };
      return { kind: "error", message: error.message };
    }
    return { kind: "server", hits: data ?? [] };
  } catch {
    return { kind: "offline" };
  }
}

// Apart, so the notes list's results carry only the link, not the whole search module.
export { noteAtMatch } from "@/lib/search/note-link";
