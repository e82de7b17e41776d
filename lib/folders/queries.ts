import "server-only";

import { cache } from "react";

import { FOLDER_LIST_COLUMNS, toFolderRow, type FolderRow } from "@/lib/folders/tree";
import { readClient } from "@/lib/supabase/server";

/** The signed-in person's folders with their counts, in one read of the `folder_list` view. */
export const listFolders = cache(async (): Promise<FolderRow[]> => {
  const supabase = await readClient();
  const { data, error } = await supabase
    .from("folder_list")
    .select(FOLDER_LIST_COLUMNS)
    .order("position");
  if (error) throw new Error(`Listing folders failed: ${error.message}`);
  return data.map(toFolderRow);
});
