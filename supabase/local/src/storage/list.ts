import { readJson } from "../http";
import { mustBeValidBucketName, type StorageContext } from "./context";
import { errors } from "./errors";
import { findBucket } from "./buckets";

interface ListBody {
  prefix?: unknown;
  limit?: unknown;
  offset?: unknown;
  search?: unknown;
  cursor?: unknown;
  with_delimiter?: unknown;
  sortBy?: { column?: unknown; order?: unknown };
}

const SORTABLE = ["name", "created_at", "updated_at", "last_accessed_at"];

async function listBody(ctx: StorageContext): Promise<ListBody> {
  const body = await readJson(ctx.req);
  if (body === undefined) return {};
  if (typeof body !== "object" || body === null || Array.isArray(body))
    throw errors.invalidRequest("body must be an object");
  return body as ListBody;
}

function count(value: unknown, fallback: number, name: string): number {
  if (value === undefined || value === null) return fallback;
  if (typeof value !== "number" || !Number.isInteger(value) || value < 0)
    throw errors.invalidRequest(`${name} must be a non-negative integer`);
  return value;
}

/** `like` pattern text that matches `text` literally. */
const literal = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * POST /object/list/<bucket>: the entries one level below `prefix`, folders (with null id and
 * timestamps) beside files, as storage.search returns them on hosted Supabase.
 */
export async function listObjects(ctx: StorageContext, bucket: string): Promise<Response> {
  mustBeValidBucketName(bucket);
  const b = await listBody(ctx);
  const rawPrefix = typeof b.prefix === "string" ? b.prefix : "";
  const prefix = rawPrefix && !rawPrefix.endsWith("/") ? `${rawPrefix}/` : rawPrefix;
  const search = typeof b.search === "string" ? b.search : "";
  const limit = count(b.limit, 100, "limit");
  const offset = count(b.offset, 0, "offset");
  const column = typeof b.sortBy?.column === "string" ? b.sortBy.column : "name";
  if (!SORTABLE.includes(column))
    throw errors.invalidRequest(`sortBy.column must be one of ${SORTABLE.join(", ")}`);
  const order = b.sortBy?.order === "desc" ? "desc" : "asc";
  const orderBy = column === "name" ? `name collate "C" ${order}` : `${column} ${order}`;
  // Only the bucket's existence is checked as the owner: RLS on objects decides what is listed.
  await ctx.asSuperUser((tx) => findBucket(tx, bucket));
  const rows = await ctx.asCaller(async (tx) => {
    const { rows } = await tx.query(
      `with matched as (
         select o.*, substr(o.name, $2::int + 1) as rest from storage.objects o
         where o.bucket_id = $1 and o.name like $3 || '%' and substr(o.name, $2::int + 1) ilike $4 || '%'
       ), entries as (
         select split_part(rest, '/', 1) as name, null::uuid as id, null::timestamptz as updated_at,
           null::timestamptz as created_at, null::timestamptz as last_accessed_at, null::jsonb as metadata
         from matched where position('/' in rest) > 0 group by 1
         union all
         select rest, id, updated_at, created_at, last_accessed_at, metadata
         from matched where position('/' in rest) = 0
       )
       select * from entries order by ${orderBy}, name collate "C" limit $5 offset $6`,
      [bucket, prefix.length, literal(prefix), literal(search), limit, offset],
    );
    return rows;
  });
  return Response.json(rows);
}

function decodeCursor(cursor: unknown): string | null {
  if (typeof cursor !== "string" || !cursor) return null;
  try {
    const parsed = JSON.parse(Buffer.from(cursor, "base64url").toString("utf8")) as {
      startAfter?: unknown;
    };
    if (typeof parsed.startAfter === "string") return parsed.startAfter;
  } catch {
    // refused below
  }
  throw errors.invalidRequest("cursor is not valid");
}

/** POST /object/list-v2/<bucket>: every key under a plain prefix, by name, with a cursor. */
export async function listObjectsV2(ctx: StorageContext, bucket: string): Promise<Response> {
  mustBeValidBucketName(bucket);
  const b = await listBody(ctx);
  const prefix = typeof b.prefix === "string" ? b.prefix : "";
  const limit = Math.min(Math.max(count(b.limit, 1000, "limit"), 1), 1000);
  const after = decodeCursor(b.cursor);
  const delimited = b.with_delimiter === true;
  const desc = b.sortBy?.order === "desc";
  await ctx.asSuperUser((tx) => findBucket(tx, bucket));
  const rows = await ctx.asCaller(async (tx) => {
    const entry = delimited
      ? `case when position('/' in substr(name, $5::int + 1)) > 0
           then $6::text || split_part(substr(name, $5::int + 1), '/', 1) || '/' else name end`
      : "name";
    const folder = delimited ? "bool_or(position('/' in substr(name, $5::int + 1)) > 0)" : "false";
    const params = [bucket, literal(prefix), after, limit + 1];
    const { rows } = await tx.query<{ key: string; is_folder: boolean; id: string | null }>(
      `select key, (array_agg(id))[1] as id, (array_agg(updated_at))[1] as updated_at,
         (array_agg(created_at))[1] as created_at, (array_agg(last_accessed_at))[1] as last_accessed_at,
         (array_agg(metadata))[1] as metadata, ${folder} as is_folder
       from (select ${entry} as key, * from storage.objects
             where bucket_id = $1 and name like $2::text || '%') e
       where $3::text is null or key collate "C" ${desc ? "<" : ">"} $3::text
       group by key order by key collate "C" ${desc ? "desc" : "asc"} limit $4`,
      delimited ? [...params, prefix.length, prefix] : params,
    );
    return rows;
  });
  const page = rows.slice(0, limit);
  const folders = [];
  const objects = [];
  for (const r of page) {
    const { key, is_folder, ...rest } = r;
    if (is_folder) folders.push({ name: key, key, id: null, bucket_id: bucket });
    else objects.push({ ...rest, name: key, key, bucket_id: bucket });
  }
  const hasNext = rows.length > limit;
  const last = page.at(-1)?.key;
  return Response.json({
    hasNext,
    ...(hasNext && last
      ? {
          nextCursor: Buffer.from(JSON.stringify({ startAfter: last })).toString("base64url"),
          nextCursorKey: last,
        }
      : {}),
    folders,
    objects,
  });
}
