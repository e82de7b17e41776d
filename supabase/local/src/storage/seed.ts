import { createReadStream, existsSync, readdirSync, statSync } from "node:fs";
import path from "node:path";
import type { Backend } from "../http";
import { storageContext } from "./context";
import type { FileStore } from "./files";
import { bucketRules, storeUpload } from "./upload";

const TYPES: Record<string, string> = {
  ".png": "image/png",
  ".jpg": "image/jpeg",
  ".jpeg": "image/jpeg",
  ".gif": "image/gif",
  ".webp": "image/webp",
  ".svg": "image/svg+xml",
  ".txt": "text/plain",
  ".json": "application/json",
  ".pdf": "application/pdf",
  ".html": "text/html",
  ".css": "text/css",
  ".js": "text/javascript",
};

function filesUnder(dir: string, prefix = ""): { file: string; key: string }[] {
  return readdirSync(dir).flatMap((entry) => {
    const file = path.join(dir, entry);
    const key = prefix ? `${prefix}/${entry}` : entry;
    return statSync(file).isDirectory() ? filesUnder(file, key) : [{ file, key }];
  });
}

/**
 * Creates (or updates) each `[storage.buckets.<name>]` bucket and uploads the files under its
 * objects_path, as `supabase seed buckets` does.
 */
export async function seedBuckets(backend: Backend, store: FileStore): Promise<void> {
  for (const seed of backend.config.storage.buckets) {
    await backend.db.query(
      `insert into storage.buckets (id, name, public, file_size_limit, allowed_mime_types)
       values ($1, $1, $2, $3, $4)
       on conflict (id) do update set public = excluded.public,
         file_size_limit = excluded.file_size_limit, allowed_mime_types = excluded.allowed_mime_types`,
      [seed.name, seed.public, seed.fileSizeLimit, seed.allowedMimeTypes],
    );
    if (!seed.objectsPath || !existsSync(seed.objectsPath)) continue;
    const req = new Request(`${backend.url}/storage/v1/seed`, { method: "POST" });
    const ctx = storageContext(req, new URL(req.url), backend, store, {
      role: "service_role",
      claims: { role: "service_role" },
      apiKey: "secret",
      userToken: null,
    });
    const rules = await bucketRules(ctx, seed.name);
    for (const { file, key } of filesUnder(seed.objectsPath)) {
      await storeUpload(
        ctx,
        { bucket: seed.name, key, upsert: true, owner: null, asSuperUser: true },
        { ...rules, mimes: null },
        createReadStream(file),
        {
          contentType: TYPES[path.extname(file).toLowerCase()] ?? "application/octet-stream",
          cacheControl: "max-age=3600",
          userMetadata: null,
        },
      );
    }
    backend.log(`Seeded bucket ${seed.name} from ${seed.objectsPath}`);
  }
}
