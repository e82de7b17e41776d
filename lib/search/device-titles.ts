import type { SupabaseClient } from "@supabase/supabase-js";

import { fuzzyMatch } from "@/lib/palette/fuzzy";
import type { Database } from "@/lib/supabase/database.types";

/**
 * The titles of this person's notes kept on this device, so that titles can be searched with
 * the network down. Refreshed from the server whenever the palette opens online (one request of
 * ids and titles), and from every search answer in between.
 */
export interface DeviceTitle {
  id: string;
  title: string;
  updated_at: string;
}

const LIMIT = 5000;

function key(userId: string): string {
  return `groundwork:${userId}:note-titles`;
}

export function deviceTitles(userId: string): DeviceTitle[] {
  try {
    const stored = JSON.parse(localStorage.getItem(key(userId)) ?? "[]") as unknown;
    return Array.isArray(stored)
      ? stored.filter(
          (t): t is DeviceTitle =>
            typeof t === "object" &&
            t !== null &&
            typeof t.id === "string" &&
            typeof t.title === "string",
        )
      : [];
  } catch {
    return [];
  }
}

function store(userId: string, titles: DeviceTitle[]): void {
  try {
    localStorage.setItem(key(userId), JSON.stringify(titles.slice(0, LIMIT)));
  } catch {
    // Full: titles stay as they were.
  }
}

/** Adds or updates titles seen in an answer (a search, an opened note). */
export function keepTitles(userId: string, seen: DeviceTitle[]): void {
  if (seen.length === 0) return;
  const ids = new Set(seen.map((t) => t.id));
  store(userId, [...seen, ...deviceTitles(userId).filter((t) => !ids.has(t.id))]);
}

export function dropTitle(userId: string, id: string): void {
  store(
    userId,
    deviceTitles(userId).filter((t) => t.id !== id),
  );
}

/**
 * Replaces the kept titles with the server's list (most recently edited first): the person's own
 * notes, read newest first from the (owner_id, updated_at) index instead of sorting every note
 * they can read. Notes shared with them join the list as searches and visits find them.
 */
export async function refreshDeviceTitles(
  supabase: SupabaseClient<Database>,
  userId: string,
): Promise<void> {
  const { data, error } = await supabase
    .from("notes")
    .select("id, title, updated_at")
    .eq("owner_id", userId)
    .is("deleted_at", null)
    .order("updated_at", { ascending: false })
    .limit(1000);
  if (error || !data) return;
  store(userId, data);
}

/** Titles on this device that match `query` fuzzily, best first. */
export function searchDeviceTitles(
  userId: string,
  query: string,
  limit = 20,
): (DeviceTitle & { positions: number[] })[] {
  const matches: (DeviceTitle & { positions: number[]; score: number })[] = [];
  for (const t of deviceTitles(userId)) {
    const match = fuzzyMatch(query, t.title);
    if (match) matches.push({ ...t, ...match });
  }
  return matches
    .sort((a, b) => b.score - a.score || b.updated_at.localeCompare(a.updated_at))
    .slice(0, limit)
    .map(({ score: _score, ...t }) => t);
}
