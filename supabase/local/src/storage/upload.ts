import { randomUUID } from "node:crypto";
import type { Readable } from "node:stream";
import type { Transaction } from "../database/db";
import { findBucket } from "./buckets";
import { mustBeValidBucketName, mustBeValidKey, type StorageContext } from "./context";
import { errors, StorageApiError } from "./errors";
import type { StoredFile } from "./files";
import { mimeAllowed, mustParseMediaType } from "./mime";

export interface UploadTarget {
  bucket: string;
  key: string;
  upsert: boolean;
  /** The user the object belongs to (the token's `sub`), null for keys. */
  owner: string | null;
  /** Signed upload URLs and finished resumable uploads were authorised already. */
  asSuperUser?: boolean;
}

export interface UploadMeta {
  contentType: string;
  cacheControl: string;
  userMetadata: Record<string, unknown> | null;
}

export interface BucketRules {
  limit: number;
  limitText: string;
  mimes: string[] | null;
}

/** The size limit (the smaller of the global and the bucket's) and mime types for an upload. */
export async function bucketRules(ctx: StorageContext, bucket: string): Promise<BucketRules> {
  mustBeValidBucketName(bucket);
  const row = await ctx.asSuperUser((tx) => findBucket(tx, bucket));
  const global = ctx.config.fileSizeLimit;
  const own = row.file_size_limit;
  const limit = own !== null && own < global ? own : global;
  return { limit, limitText: "the maximum allowed size", mimes: row.allowed_mime_types };
}

/**
 * The type must be exactly one media type (a list or a stray comma is refused as storage-api
 * refuses a malformed Content-Type), and its `type/subtype` must be one the bucket allows.
 */
export function checkMime(rules: BucketRules, contentType: string): void {
  const media = mustParseMediaType(contentType);
  if (!rules.mimes?.length) return;
  if (!rules.mimes.some((allowed) => mimeAllowed(media, allowed)))
    throw errors.invalidMime(contentType);
}

/** A declared length over the limit is refused before a byte of the body is read. */
export function checkDeclaredLength(req: Request, rules: BucketRules): void {
  const declared = Number(req.headers.get("content-length") ?? "");
  if (Number.isFinite(declared) && declared > rules.limit) throw errors.tooLarge(rules.limitText);
}

function objectMetadata(file: StoredFile, meta: UploadMeta) {
  return {
    eTag: file.etag,
    size: file.size,
    mimetype: meta.contentType,
    cacheControl: meta.cacheControl,
    lastModified: new Date().toUTCString(),
    contentLength: file.size,
    httpStatusCode: 200,
  };
}

async function writeRow(
  tx: Transaction,
  target: UploadTarget,
  file: StoredFile,
  meta: UploadMeta,
): Promise<{ id: string; old: string | null }> {
  const values = [
    target.bucket,
    target.key,
    target.owner,
    JSON.stringify(objectMetadata(file, meta)),
    file.version,
    meta.userMetadata ? JSON.stringify(meta.userMetadata) : null,
  ];
  if (target.upsert) {
    const existing = await tx.query<{ id: string; version: string }>(
      "select id, version from storage.objects where bucket_id = $1 and name = $2 for update",
      [target.bucket, target.key],
    );
    const found = existing.rows[0];
    if (found) {
      const updated = await tx.query<{ id: string }>(
        `update storage.objects set owner = $3::uuid, owner_id = $3, metadata = $4::jsonb, version = $5,
           user_metadata = $6::jsonb, updated_at = now(), last_accessed_at = now()
         where bucket_id = $1 and name = $2 returning id`,
        values,
      );
      // An update that RLS filtered out changes nothing; hosted answers as for a refused insert.
      if (!updated.rows[0]) throw errors.accessDenied("new row violates row-level security policy");
      return { id: updated.rows[0].id, old: found.version };
    }
  }
  // No RETURNING: it would need a SELECT policy too, and an upload needs only INSERT (as hosted).
  const id = randomUUID();
  await tx.query(
    `insert into storage.objects (id, bucket_id, name, owner, owner_id, metadata, version, user_metadata)
     values ($7, $1, $2, $3::uuid, $3, $4::jsonb, $5, $6::jsonb)`,
    [...values, id],
  );
  return { id, old: null };
}

/**
 * Stores the bytes first (temp file, fsync, rename), then commits the row; whatever fails after
 * the bytes are down removes them again, and an upsert removes the replaced file after commit.
 */
export async function commitUpload(
  ctx: StorageContext,
  target: UploadTarget,
  file: StoredFile,
  meta: UploadMeta,
): Promise<{ Id: string; Key: string }> {
  let result: { id: string; old: string | null };
  try {
    const run = target.asSuperUser ? ctx.asSuperUser : ctx.asCaller;
    result = await run((tx) => writeRow(tx, target, file, meta));
  } catch (err) {
    await ctx.store.remove([file.version]);
    // An upsert that could not see the row it collides with may not replace it: hosted's
    // INSERT … ON CONFLICT DO UPDATE is refused by the policies, not answered as a duplicate.
    if ((err as { code?: string }).code === "23505")
      throw target.upsert
        ? errors.accessDenied("new row violates row-level security policy")
        : errors.keyExists();
    throw err;
  }
  await ctx.store.remove([result.old]);
  return { Id: result.id, Key: `${target.bucket}/${target.key}` };
}

/** Streams `body` into the store under the bucket's rules, then commits it. */
export async function storeUpload(
  ctx: StorageContext,
  target: UploadTarget,
  rules: BucketRules,
  body: Readable,
  meta: UploadMeta,
): Promise<{ Id: string; Key: string }> {
  mustBeValidKey(target.key);
  checkMime(rules, meta.contentType);
  const file = await ctx.store.write(body, rules.limit, rules.limitText);
  return commitUpload(ctx, target, file, meta);
}

class RolledBack extends Error {}

/**
 * As storage-api does before it takes any bytes: tries the insert as the caller and rolls it back,
 * so RLS refuses up front; an existing key is refused unless the upload may replace it.
 */
export async function checkCanUpload(
  ctx: StorageContext,
  bucket: string,
  key: string,
  upsert: boolean,
): Promise<void> {
  await ctx
    .asCaller(async (tx) => {
      await tx.query(
        `insert into storage.objects (bucket_id, name, owner, owner_id, metadata)
         values ($1, $2, $3::uuid, $3, '{}'::jsonb)`,
        [bucket, key, ownerOf(ctx)],
      );
      throw new RolledBack();
    })
    .catch((err: unknown) => {
      if (err instanceof RolledBack) return;
      if ((err as { code?: string }).code === "23505") {
        if (upsert) return;
        throw errors.keyExists();
      }
      throw err;
    });
}

export function ownerOf(ctx: StorageContext): string | null {
  const sub = ctx.caller.claims.sub;
  return typeof sub === "string" && sub ? sub : null;
}

export function isStorageError(err: unknown): err is StorageApiError {
  return err instanceof StorageApiError;
}
