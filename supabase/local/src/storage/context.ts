import type { Transaction } from "../database/db";
import type { Backend } from "../http";
import type { Caller } from "../keys/keys";
import type { StorageConfig } from "./config";
import { errors } from "./errors";
import type { FileStore } from "./files";

/** What every storage route gets: the caller, the file store and two ways into the database. */
export interface StorageContext {
  req: Request;
  url: URL;
  backend: Backend;
  config: StorageConfig;
  store: FileStore;
  caller: Caller;
  /** Runs as the caller's role with the caller's claims, so RLS on storage.* decides. */
  asCaller<T>(fn: (tx: Transaction) => Promise<T>): Promise<T>;
  /** Runs as the database owner, for what storage-api does as its superuser (bucket lookups, signed URLs). */
  asSuperUser<T>(fn: (tx: Transaction) => Promise<T>): Promise<T>;
}

export function storageContext(
  req: Request,
  url: URL,
  backend: Backend,
  store: FileStore,
  caller: Caller,
): StorageContext {
  return {
    req,
    url,
    backend,
    config: backend.config.storage,
    store,
    caller,
    asCaller: (fn) =>
      backend.db.asRole(
        {
          role: caller.role,
          claims: caller.claims,
          method: req.method,
          path: url.pathname,
          headers: {},
        },
        fn,
      ),
    asSuperUser: (fn) => backend.db.transaction(fn),
  };
}

const MAX_KEY_BYTES = 1024;

/**
 * Object keys as storage-api accepts them, and nothing that could mean another path: no leading
 * slash, no empty, `.` or `..` segment, no control character, at most 1024 bytes.
 */
export function mustBeValidKey(key: string | undefined): string {
  if (
    !key ||
    Buffer.byteLength(key) > MAX_KEY_BYTES ||
    /[\u0000-\u001f\u007f]/.test(key) ||
    key.startsWith("/") ||
    key.split("/").some((s) => s === "" || s === "." || s === "..")
  )
    throw errors.invalidKey(key ?? "");
  return key;
}

/** Bucket names as storage-api allows them: 1 to 100 S3-safe characters, no slash. */
export function mustBeValidBucketName(name: unknown): string {
  if (
    typeof name !== "string" ||
    name.length < 1 ||
    name.length > 100 ||
    !/^[\w!\-.*'() &$@=;:+,?]+$/.test(name)
  )
    throw errors.invalidBucketName();
  return name;
}

/** `a/b/c.png` from the path after a route prefix; percent-escapes decoded. */
export function splitBucketPath(rest: string): { bucket: string; key: string } {
  const [bucket = "", ...parts] = rest.split("/");
  try {
    return {
      bucket: decodeURIComponent(bucket),
      key: parts.map((p) => decodeURIComponent(p)).join("/"),
    };
  } catch {
    throw errors.invalidKey(parts.join("/"));
  }
}
