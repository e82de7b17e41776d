import type { Transaction } from "../database/db";
import { readJson } from "../http";
import { mustBeValidBucketName, type StorageContext } from "./context";
import { errors } from "./errors";

export interface BucketRow {
  id: string;
  name: string;
  owner: string | null;
  owner_id: string | null;
  public: boolean;
  file_size_limit: number | null;
  allowed_mime_types: string[] | null;
  type: string;
  created_at: string;
  updated_at: string;
}

const COLUMNS =
  "id, name, owner, owner_id, public, type, file_size_limit::float8 as file_size_limit, allowed_mime_types, created_at, updated_at";

// The columns storage-api's routes select, in its bucketSchema's order (src/storage/schemas/bucket.ts):
// GET /bucket/:id (routes/bucket/getBucket.ts) has no type; GET /bucket (getAllBuckets.ts) adds it.
const GET_COLUMNS =
  "id, name, owner, public, file_size_limit::float8 as file_size_limit, allowed_mime_types, created_at, updated_at";
const LIST_COLUMNS =
  "id, name, owner, public, type, file_size_limit::float8 as file_size_limit, allowed_mime_types, created_at, updated_at";

export async function findBucket(tx: Transaction, id: string): Promise<BucketRow> {
  const { rows } = await tx.query<BucketRow>(
    `select ${COLUMNS} from storage.buckets where id = $1`,
    [id],
  );
  if (!rows[0]) throw errors.noSuchBucket();
  return rows[0];
}

type BucketBody = {
  id?: unknown;
  name?: unknown;
  public?: unknown;
  file_size_limit?: unknown;
  allowed_mime_types?: unknown;
};

/**
 * A size as storage-api's parseFileSizeToBytes reads it (src/storage/limits.ts): decimal units,
 * "20MB" is 20,000,000 bytes, three significant digits.
 */
function parseBucketSize(text: string): number {
  const m = /(^[0-9]+(?:\.[0-9]+)?)(gb|mb|kb|b)$/i.exec(text);
  if (!m)
    throw errors.invalidRequest("Invalid file size format, hint: use 20GB / 20MB / 30KB / 3B");
  const value = +parseFloat(m[1]).toPrecision(3);
  const unit = { gb: 1e9, mb: 1e6, kb: 1000, b: 1 }[m[2].toLowerCase() as "gb" | "mb" | "kb" | "b"];
  return Math.round(value * unit);
}

function sizeLimit(value: unknown): number | null {
  if (value === undefined || value === null || value === 0) return null;
  const n =
    typeof value === "number" ? value : typeof value === "string" ? parseBucketSize(value) : null;
  if (n === null || !Number.isFinite(n) || n < 0)
    throw errors.invalidRequest("file_size_limit must be a number of bytes or a size like 5MB");
  return n;
}

function mimeTypes(value: unknown): string[] | null {
  if (value === undefined || value === null) return null;
  if (
    !Array.isArray(value) ||
    value.some((m) => typeof m !== "string" || !/^[\w.+-]+\/[\w.+*-]+$/.test(m))
  )
    throw errors.invalidRequest(
      "allowed_mime_types must be a list of mime types like image/png or image/*",
    );
  return value.length ? (value as string[]) : null;
}

function checkGlobalLimit(ctx: StorageContext, limit: number | null): void {
  // storage-api's parseMaxSizeLimit: over the global limit is EntityTooLarge.
  if (limit !== null && limit > ctx.config.fileSizeLimit) throw errors.tooLarge();
}

async function body(ctx: StorageContext): Promise<BucketBody> {
  const parsed = await readJson(ctx.req);
  if (
    parsed === undefined ||
    typeof parsed !== "object" ||
    parsed === null ||
    Array.isArray(parsed)
  )
    throw errors.invalidRequest("body must be an object");
  return parsed as BucketBody;
}

export async function listBuckets(ctx: StorageContext): Promise<Response> {
  const q = ctx.url.searchParams;
  const column = q.get("sortColumn") ?? "name";
  if (!["id", "name", "created_at", "updated_at"].includes(column))
    throw errors.invalidRequest("sortColumn must be one of id, name, created_at, updated_at");
  const order = q.get("sortOrder") === "desc" ? "desc" : "asc";
  const limit = q.has("limit") ? Number(q.get("limit")) : null;
  const offset = Number(q.get("offset") ?? 0);
  if ((limit !== null && !(limit >= 0)) || !(offset >= 0))
    throw errors.invalidRequest("limit and offset must be non-negative numbers");
  const rows = await ctx.asCaller(
    async (tx) =>
      (
        await tx.query<BucketRow>(
          `select ${LIST_COLUMNS} from storage.buckets
           where ($1::text is null or name ilike '%' || replace(replace(replace($1, '\\', '\\\\'), '%', '\\%'), '_', '\\_') || '%')
           order by ${column} ${order} limit $2 offset $3`,
          [q.get("search") || null, limit, offset],
        )
      ).rows,
  );
  return Response.json(rows);
}

export async function getBucket(ctx: StorageContext, id: string): Promise<Response> {
  const bucket = await ctx.asCaller(async (tx) => {
    const { rows } = await tx.query(`select ${GET_COLUMNS} from storage.buckets where id = $1`, [
      id,
    ]);
    if (!rows[0]) throw errors.noSuchBucket();
    return rows[0];
  });
  return Response.json(bucket);
}

export async function createBucket(ctx: StorageContext): Promise<Response> {
  const b = await body(ctx);
  const name = mustBeValidBucketName(b.name);
  const id = b.id === undefined ? name : mustBeValidBucketName(b.id);
  const limit = sizeLimit(b.file_size_limit);
  checkGlobalLimit(ctx, limit);
  const owner = typeof ctx.caller.claims.sub === "string" ? ctx.caller.claims.sub : null;
  await ctx.asCaller(async (tx) => {
    const { rows } = await tx.query("select 1 from storage.buckets where id = $1", [id]);
    if (rows.length) throw errors.bucketExists();
    await tx.query(
      `insert into storage.buckets (id, name, owner, owner_id, public, file_size_limit, allowed_mime_types)
       values ($1, $2, $3::uuid, $3, $4, $5, $6)`,
      [id, name, owner, b.public === true, limit, mimeTypes(b.allowed_mime_types)],
    );
  });
  return Response.json({ name: id });
}

export async function updateBucket(ctx: StorageContext, id: string): Promise<Response> {
  const b = await body(ctx);
  const limit = b.file_size_limit === undefined ? undefined : sizeLimit(b.file_size_limit);
  if (limit !== undefined) checkGlobalLimit(ctx, limit);
  const mimes = b.allowed_mime_types === undefined ? undefined : mimeTypes(b.allowed_mime_types);
  await ctx.asCaller(async (tx) => {
    const { rows } = await tx.query(
      `update storage.buckets set
         public = coalesce($2, public),
         file_size_limit = case when $3 then $4 else file_size_limit end,
         allowed_mime_types = case when $5 then $6 else allowed_mime_types end,
         updated_at = now()
       where id = $1 returning id`,
      [
        id,
        typeof b.public === "boolean" ? b.public : null,
        limit !== undefined,
        limit ?? null,
        mimes !== undefined,
        mimes ?? null,
      ],
    );
    if (!rows.length) throw errors.noSuchBucket();
  });
  return Response.json({ message: "Successfully updated" });
}

export async function emptyBucket(ctx: StorageContext, id: string): Promise<Response> {
  const versions = await ctx.asCaller(async (tx) => {
    await findBucket(tx, id);
    const { rows } = await tx.query<{ version: string }>(
      "delete from storage.objects where bucket_id = $1 returning version",
      [id],
    );
    return rows.map((r) => r.version);
  });
  await ctx.store.remove(versions);
  // storage-api's routes/bucket/emptyBucket.ts words it so (it deletes in a queued job; here at once).
  return Response.json({
    message: "Empty bucket has been queued. Completion may take up to an hour.",
  });
}

export async function deleteBucket(ctx: StorageContext, id: string): Promise<Response> {
  // Objects the caller cannot see still keep the bucket; the foreign key stops a race too.
  const inUse = await ctx.asSuperUser(
    async (tx) =>
      (await tx.query("select 1 from storage.objects where bucket_id = $1 limit 1", [id])).rows
        .length > 0,
  );
  await ctx.asCaller(async (tx) => {
    await findBucket(tx, id);
    if (inUse) throw errors.bucketNotEmpty();
    try {
      const deleted = await tx.query("delete from storage.buckets where id = $1 returning id", [
        id,
      ]);
      if (!deleted.rows.length) throw errors.noSuchBucket();
    } catch (err) {
      if ((err as { code?: string }).code === "23503") throw errors.bucketNotEmpty();
      throw err;
    }
  });
  return Response.json({ message: "Successfully deleted" });
}
