import type { SupabaseClient } from "npm:@supabase/supabase-js@2";
import { isMissing } from "./clients.ts";

/** Every object path under `prefix` in `bucket` (folders walked), or [] when the bucket is absent. */
export async function listObjects(
  client: SupabaseClient,
  bucket: string,
  prefix: string,
): Promise<string[]> {
  const paths: string[] = [];
  const folders = [prefix];
  while (folders.length) {
    const folder = folders.shift()!;
    for (let offset = 0; ; offset += 1000) {
      const { data, error } = await client.storage
        .from(bucket)
        .list(folder, { limit: 1000, offset, sortBy: { column: "name", order: "asc" } });
      if (error) {
        if (isMissing(error)) return paths;
        throw new Error(`listing ${bucket}/${folder}: ${error.message}`);
      }
      for (const item of data ?? []) {
        const full = `${folder}/${item.name}`;
        // Folders come back without an id.
        if (item.id === null) folders.push(full);
        else paths.push(full);
      }
      if (!data || data.length < 1000) break;
    }
  }
  return paths;
}
