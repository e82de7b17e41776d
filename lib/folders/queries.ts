import "server-only";

import { cache } from "react";

import type { FolderRow } from "@/lib/folders/tree";
import { createClient } from "@/lib/supabase/server";

/** The signed-in person's folders with their counts, in one read of the `folder_list` view. */
export const listFolders = cache(async (): Promise<FolderRow[]> => {
  const supabase = await createClient();
  const { data, error } = await supabase
    .from("folder_list")
    .select("id, parent_id, name, position, note_count, shared")
    .order("position");
  if (error) throw new Error(`Listing folders failed: ${error.message}`);
  return data.map(toFolderRow);
});

export function toFolderRow(row: {
  id: string | null;
  parent_id: string | null;
  name: string | null;
  position: number | null;
  note_count: number | null;
  shared?: boolean | null;
}): FolderRow {
  return {
    id: row.id ?? "",
    parent_id: row.parent_id,
    name: row.name ?? "",
    position: row.position ?? 0,
    note_count: row.note_count ?? 0,
    shared: row.shared ?? false,
  };
}
