import { Readable } from "node:stream";
import type { Transaction } from "../database/db";
import { mustBeValidBucketName, mustBeValidKey, type StorageContext } from "./context";
import { errors, StorageApiError } from "./errors";
import { OBJECT_SECURITY_HEADERS, servedType } from "./mime";

export interface ObjectRow {
  id: string;
  name: string;
  bucket_id: string;
  version: string;
  owner_id: string | null;
  metadata: { size?: number; mimetype?: string; cacheControl?: string; eTag?: string } | null;
  user_metadata: Record<string, unknown> | null;
  created_at: string;
  updated_at: string;
  last_accessed_at: string;
}

export async function findObject(tx: Transaction, bucket: string, key: string): Promise<ObjectRow> {
  mustBeValidBucketName(bucket);
  mustBeValidKey(key);
  const { rows } = await tx.query<ObjectRow>(
    `select id, name, bucket_id, version, owner_id, metadata, user_metadata, created_at, updated_at,
       last_accessed_at from storage.objects where bucket_id = $1 and name = $2`,
    [bucket, key],
  );
  if (!rows[0]) throw errors.noSuchKey();
  return rows[0];
}

function parseRange(header: string | null, size: number): { start: number; end: number } | null {
  const m = header ? /^bytes=(\d*)-(\d*)$/.exec(header.trim()) : null;
  if (!m || (!m[1] && !m[2])) return null;
  const start = m[1] ? Number(m[1]) : Math.max(size - Number(m[2]), 0);
  const end = m[1] && m[2] ? Math.min(Number(m[2]), size - 1) : size - 1;
  if (start > end || start >= size)
    throw new StorageApiError(416, "InvalidRange", "invalid range provided", "invalid_range", 416);
  return { start, end };
}

/** `download` (empty for the object's own name) turns the response into an attachment. */
function disposition(download: string | null, name: string): string | null {
  if (download === null) return null;
  const file = download || name.split("/").at(-1) || "download";
  return `attachment; filename=${encodeURIComponent(file)}; filename*=UTF-8''${encodeURIComponent(file)}`;
}

/** Streams the object's bytes with the headers storage-api sends (ranges included). */
export function serveObject(
  ctx: StorageContext,
  row: ObjectRow,
  extra: ConstructorParameters<typeof Headers>[0] = {},
): Response {
  const size = Number(row.metadata?.size ?? 0);
  const range = parseRange(ctx.req.headers.get("range"), size);
  const headers = new Headers(extra);
  const served = servedType(row.metadata?.mimetype);
  headers.set("content-type", served.contentType);
  for (const [name, value] of Object.entries(OBJECT_SECURITY_HEADERS)) headers.set(name, value);
  headers.set("cache-control", row.metadata?.cacheControl ?? "no-cache");
  if (row.metadata?.eTag) headers.set("etag", row.metadata.eTag);
  headers.set("last-modified", new Date(row.updated_at).toUTCString());
  headers.set("accept-ranges", "bytes");
  const download = ctx.url.searchParams.get("download") ?? (served.download ? "" : null);
  const attach = disposition(download, row.name);
  if (attach) headers.set("content-disposition", attach);
  if (row.metadata?.eTag && ctx.req.headers.get("if-none-match") === row.metadata.eTag)
    return new Response(null, { status: 304, headers });
  if (range) {
    headers.set("content-range", `bytes ${range.start}-${range.end}/${size}`);
    headers.set("content-length", String(range.end - range.start + 1));
  } else headers.set("content-length", String(size));
  const body =
    ctx.req.method === "HEAD"
      ? null
      : (Readable.toWeb(ctx.store.read(row.version, range ?? undefined)) as ReadableStream);
  return new Response(body, { status: range ? 206 : 200, headers });
}

/** GET/HEAD /object/(authenticated/)<bucket>/<key>: as the caller, so RLS decides. */
export async function downloadAuthenticated(
  ctx: StorageContext,
  bucket: string,
  key: string,
): Promise<Response> {
  const row = await ctx.asCaller((tx) => findObject(tx, bucket, key));
  return serveObject(ctx, row);
}

/** GET /object/public/<bucket>/<key>: anyone, but only from a public bucket. */
export async function downloadPublic(
  ctx: StorageContext,
  bucket: string,
  key: string,
): Promise<Response> {
  const row = await ctx.asSuperUser(async (tx) => {
    const b = await tx.query("select 1 from storage.buckets where id = $1 and public", [bucket]);
    if (!b.rows.length) throw errors.noSuchBucket();
    return findObject(tx, bucket, key);
  });
  return serveObject(ctx, row);
}

/** GET /object/info/(authenticated/|public/)<bucket>/<key>. */
export async function objectInfo(
  ctx: StorageContext,
  bucket: string,
  key: string,
  isPublic: boolean,
): Promise<Response> {
  const row = isPublic
    ? await ctx.asSuperUser(async (tx) => {
        const b = await tx.query("select 1 from storage.buckets where id = $1 and public", [
          bucket,
        ]);
        if (!b.rows.length) throw errors.noSuchBucket();
        return findObject(tx, bucket, key);
      })
    : await ctx.asCaller((tx) => findObject(tx, bucket, key));
  return Response.json({
    id: row.id,
    name: row.name,
    version: row.version,
    bucket_id: row.bucket_id,
    size: row.metadata?.size ?? null,
    content_type: row.metadata?.mimetype ?? null,
    cache_control: row.metadata?.cacheControl ?? null,
    etag: row.metadata?.eTag ?? null,
    metadata: row.user_metadata,
    last_modified: row.updated_at,
    created_at: row.created_at,
  });
}
