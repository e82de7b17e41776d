import path from "node:path";
import type { ConfigSource } from "../config/config-source";

/** A `[storage.buckets.<name>]` table, as `supabase seed buckets` reads it. */
export interface BucketSeed {
  name: string;
  public: boolean;
  fileSizeLimit: number | null;
  allowedMimeTypes: string[] | null;
  /** Files under this folder are uploaded into the bucket at start (absolute path). */
  objectsPath: string | null;
}

export interface StorageConfig {
  enabled: boolean;
  /** The global upload limit in bytes. */
  fileSizeLimit: number;
  imageTransformation: { enabled: boolean };
  buckets: BucketSeed[];
  /**
   * How long an unfinished resumable upload is kept after it was created, in milliseconds: as
   * storage-api's TUS_URL_EXPIRY_MS (one hour). SUPABASE_LOCAL_TUS_URL_EXPIRY_MS changes it.
   */
  resumableExpiryMs: number;
}

const UNITS: Record<string, number> = {
  b: 1,
  k: 1024,
  kb: 1024,
  kib: 1024,
  m: 1024 ** 2,
  mb: 1024 ** 2,
  mib: 1024 ** 2,
  g: 1024 ** 3,
  gb: 1024 ** 3,
  gib: 1024 ** 3,
};

/** "50MiB", "5MB", "1024" → bytes; binary units whatever the spelling, as the CLI reads them. */
export function parseSize(text: string): number | null {
  const m = /^\s*(\d+(?:\.\d+)?)\s*([a-z]*)\s*$/i.exec(text);
  if (!m) return null;
  const unit = UNITS[(m[2] || "b").toLowerCase()];
  return unit ? Math.floor(Number(m[1]) * unit) : null;
}

function size(c: ConfigSource, key: string, fallback: string): number {
  return c.parsed(key, fallback, parseSize, 'a size like "50MiB"');
}

/** Reads `[storage]` from config.toml (and SUPABASE_STORAGE_* variables) as the Supabase CLI does. */
export function parseStorageConfig(c: ConfigSource, supabaseDir: string): StorageConfig {
  const buckets = c.tableNames("storage.buckets").map((name): BucketSeed => {
    const base = `storage.buckets.${name}`;
    const limit = c.string(`${base}.file_size_limit`, null);
    const objectsPath = c.string(`${base}.objects_path`, null);
    return {
      name,
      public: c.boolean(`${base}.public`, false),
      fileSizeLimit: limit ? size(c, `${base}.file_size_limit`, limit) : null,
      allowedMimeTypes: c.strings(`${base}.allowed_mime_types`, []).length
        ? c.strings(`${base}.allowed_mime_types`, [])
        : null,
      objectsPath: objectsPath ? path.resolve(supabaseDir, objectsPath) : null,
    };
  });
  return {
    enabled: c.boolean("storage.enabled", true),
    fileSizeLimit: size(c, "storage.file_size_limit", "50MiB"),
    imageTransformation: { enabled: c.boolean("storage.image_transformation.enabled", true) },
    buckets,
    resumableExpiryMs: 60 * 60 * 1000,
  };
}
