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

/** storage-api's continuation token (src/storage/object.ts): base64 of `l:<after>\no:<order>\nc:<column>\na:<time>`. */
interface Continuation {
  startAfter: string;
  sortOrder?: string;
  sortColumn?: string;
  sortColumnAfter?: string;
}

const TOKEN_PARTS: Record<string, keyof Continuation> = {
  l: "startAfter",
  o: "sortOrder",
  c: "sortColumn",
  a: "sortColumnAfter",
};

function encodeCursor(token: Continuation): string {
  const lines = Object.entries(TOKEN_PARTS)
    .filter(([, field]) => token[field])
    .map(([k, field]) => `${k}:${token[field]}`);
  return Buffer.from(lines.join("\n")).toString("base64");
}

function decodeCursor(cursor: unknown): Continuation | null {
  if (cursor === undefined || cursor === null || cursor === "") return null;
  if (typeof cursor !== "string") throw errors.invalidParameter("continuation token");
  const token: Continuation = { startAfter: "", sortOrder: "asc" };
  for (const part of Buffer.from(cursor, "base64").toString().split("\n")) {
    const m = /^(\S):(.*)/.exec(part);
    if (!m || !(m[1] in TOKEN_PARTS)) throw errors.invalidParameter("continuation token");
    token[TOKEN_PARTS[m[1]]] = m[2];
  }
  return token;
}

type V2Column = "name" | "created_at" | "updated_at";

interface V2Row {
  name: string;
  id: string | null;
  updated_at: string | null;
  created_at: string | null;
  last_accessed_at: string | null;
  metadata: unknown;
}

/**
 * POST /object/list-v2/<bucket>, as storage-api's listObjectsV2 (src/storage/object.ts) over
 * storage.search_v2 / list_objects_with_delimiter / search_by_timestamp (migrations/tenant
 * 0050-search-v2-optimised.sql): folders and objects in one order (name, or a timestamp then
 * name), pages of `limit` entries, and a cursor that carries the sort to the next page.
 */
export async function listObjectsV2(ctx: StorageContext, bucket: string): Promise<Response> {
  mustBeValidBucketName(bucket);
  const b = await listBody(ctx);
  const prefix = typeof b.prefix === "string" ? b.prefix : "";
  if (b.limit !== undefined && (!Number.isInteger(b.limit) || (b.limit as number) < 1))
    throw errors.invalidRequest("body/limit must be >= 1");
  const limit = Math.min((b.limit as number | undefined) || 1000, 1000);
  const cursor = decodeCursor(b.cursor);
  const delimited = b.with_delimiter === true;
  const askedColumn = b.sortBy?.column;
  if (
    askedColumn !== undefined &&
    !["name", "created_at", "updated_at"].includes(askedColumn as string)
  )
    throw errors.invalidRequest("body/sortBy/column must be equal to one of the allowed values");
  const askedOrder = b.sortBy?.order;
  if (askedOrder !== undefined && askedOrder !== "asc" && askedOrder !== "desc")
    throw errors.invalidRequest("body/sortBy/order must be equal to one of the allowed values");
  const column = (cursor?.sortColumn || askedColumn || "name") as string;
  const sortColumn: V2Column = ["created_at", "updated_at"].includes(column)
    ? (column as V2Column)
    : "name";
  const order = (cursor?.sortOrder || askedOrder) === "desc" ? "desc" : "asc";
  const op = order === "asc" ? ">" : "<";
  const startAfter = cursor?.startAfter || "";
  const timeAfter = cursor?.sortColumnAfter || "";
  await ctx.asSuperUser((tx) => findBucket(tx, bucket));

  const values: unknown[] = [bucket, literal(prefix), limit + 1];
  const param = (value: unknown, type: string) => `$${values.push(value)}::${type}`;
  // Folders: the common prefix up to the next "/", named with it when sorting by name (as
  // list_objects_with_delimiter does) and without it when sorting by time (search_by_timestamp,
  // whose folder times are the earliest created_at under it).
  const source = () => {
    if (!delimited)
      return `select name, id, updated_at, created_at, last_accessed_at, metadata from storage.objects
              where bucket_id = $1 and name collate "C" like $2::text || '%'`;
    const start = param(prefix.length, "int");
    const common = `case when position('/' in substr(name, ${start} + 1)) > 0
        then left(name, ${start} + position('/' in substr(name, ${start} + 1))) end`;
    const folderName = sortColumn === "name" ? "common" : "rtrim(common, '/')";
    return `with raw as (select *, ${common} as common from storage.objects
                  where bucket_id = $1 and name collate "C" like $2::text || '%')
       select ${folderName} as name, null::uuid as id, min(created_at) as updated_at,
         min(created_at) as created_at, null::timestamptz as last_accessed_at, null::jsonb as metadata
       from raw where common is not null group by common
       union all
       select name, id, updated_at, created_at, last_accessed_at, metadata from raw where common is null`;
  };
  const from = source();
  let after = "true";
  if (startAfter) {
    const name = param(startAfter, "text");
    after =
      sortColumn === "name"
        ? `name collate "C" ${op} ${name}`
        : `row(date_trunc('milliseconds', ${sortColumn}), name collate "C") ${op}
             row(coalesce(nullif(${param(timeAfter, "text")}, '')::timestamptz, 'epoch'::timestamptz), ${name})`;
  }
  const orderBy =
    sortColumn === "name"
      ? `name collate "C" ${order}`
      : `coalesce(date_trunc('milliseconds', ${sortColumn}), 'epoch'::timestamptz) ${order}, name collate "C" ${order}`;
  const rows = await ctx.asCaller(async (tx) => {
    const { rows } = await tx.query<V2Row>(
      `select * from (${from}) e where ${after} order by ${orderBy} limit $3`,
      values,
    );
    return rows;
  });

  // What storage-api's listObjectsV2 then makes of the rows, shape for shape.
  const levels = prefix ? prefix.split("/").length : 1;
  const keyOf = (name: string) => name.split("/")[levels - 1] ?? "";
  let entries: Record<string, unknown>[];
  if (delimited) {
    entries = rows.map((r) => {
      const rest = r.name.startsWith(prefix) ? r.name.slice(prefix.length) : r.name;
      const slash = rest.indexOf("/");
      if (slash >= 0) return { id: null, name: r.name.slice(0, prefix.length + slash + 1) };
      return { key: keyOf(r.name), ...r };
    });
  } else {
    entries = rows.map((r) => ({
      id: r.id,
      name: r.name,
      metadata: r.metadata,
      updated_at: r.updated_at,
      created_at: r.created_at,
      last_accessed_at: r.last_accessed_at,
    }));
  }
  const hasNext = entries.length > limit;
  const page = entries.slice(0, limit);
  const folders = [];
  const objects = [];
  for (const entry of page) {
    const name = entry.name as string;
    if (entry.id === null) folders.push({ ...entry, name: name.endsWith("/") ? name : `${name}/` });
    else objects.push(entry);
  }
  let next: { nextCursor: string; nextCursorKey: string } | null = null;
  if (hasNext) {
    const last = page[page.length - 1];
    const time = sortColumn !== "name" ? last[sortColumn] : null;
    next = {
      nextCursor: encodeCursor({
        startAfter: last.name as string,
        sortOrder: cursor?.sortOrder || (askedOrder as string | undefined),
        sortColumn: cursor?.sortColumn || (askedColumn as string | undefined),
        sortColumnAfter: time ? new Date(time as string).toISOString() : undefined,
      }),
      nextCursorKey: last.name as string,
    };
  }
  return Response.json({ hasNext, ...next, folders, objects });
}
