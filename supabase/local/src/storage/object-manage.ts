import { randomUUID } from "node:crypto";
import { readJson } from "../http";
import { findBucket } from "./buckets";
import { mustBeValidBucketName, mustBeValidKey, type StorageContext } from "./context";
import { errors } from "./errors";
import { findObject } from "./object-read";
import { bucketRules, checkMime, ownerOf } from "./upload";

interface MoveBody {
  bucketId?: unknown;
  sourceKey?: unknown;
  destinationKey?: unknown;
  destinationBucket?: unknown;
}

async function moveBody(ctx: StorageContext) {
  const b = ((await readJson(ctx.req)) ?? {}) as MoveBody;
  if (typeof b.bucketId !== "string") throw errors.missingParameter("bucketId");
  if (typeof b.sourceKey !== "string") throw errors.missingParameter("sourceKey");
  if (typeof b.destinationKey !== "string") throw errors.missingParameter("destinationKey");
  const from = { bucket: mustBeValidBucketName(b.bucketId), key: mustBeValidKey(b.sourceKey) };
  const toBucket = typeof b.destinationBucket === "string" ? b.destinationBucket : from.bucket;
  const to = { bucket: mustBeValidBucketName(toBucket), key: mustBeValidKey(b.destinationKey) };
  await ctx.asSuperUser((tx) => findBucket(tx, to.bucket));
  return { from, to };
}

/**
 * POST /object/move: the row is renamed as the caller, so the update policy sees the old row and
 * its check the new one (another user's folder is refused); the bytes stay where they are.
 */
export async function moveObject(ctx: StorageContext): Promise<Response> {
  const { from, to } = await moveBody(ctx);
  try {
    await ctx.asCaller(async (tx) => {
      await findObject(tx, from.bucket, from.key);
      const { rows } = await tx.query(
        `update storage.objects set bucket_id = $3, name = $4, updated_at = now()
         where bucket_id = $1 and name = $2 returning id`,
        [from.bucket, from.key, to.bucket, to.key],
      );
      if (!rows.length) throw errors.accessDenied("new row violates row-level security policy");
    });
  } catch (err) {
    if ((err as { code?: string }).code === "23505") throw errors.keyExists();
    throw err;
  }
  return Response.json({ message: "Successfully moved" });
}

/** POST /object/copy: read as the caller, the bytes copied to a new file, the new row inserted as the caller. */
export async function copyObject(ctx: StorageContext): Promise<Response> {
  const { from, to } = await moveBody(ctx);
  const upsert = ctx.req.headers.get("x-upsert") === "true";
  const source = await ctx.asCaller((tx) => findObject(tx, from.bucket, from.key));
  // The copy must meet the destination bucket's size and type rules, as an upload there would.
  const rules = await bucketRules(ctx, to.bucket);
  if (Number(source.metadata?.size ?? 0) > rules.limit) throw errors.tooLarge(rules.limitText);
  checkMime(rules, source.metadata?.mimetype || "application/octet-stream");
  const version = await ctx.store.copy(source.version);
  const owner = ownerOf(ctx);
  let result: { id: string; old: string | null };
  try {
    result = await ctx.asCaller(async (tx) => {
      let old: string | null = null;
      if (upsert) {
        const { rows } = await tx.query<{ version: string }>(
          "delete from storage.objects where bucket_id = $1 and name = $2 returning version",
          [to.bucket, to.key],
        );
        old = rows[0]?.version ?? null;
      }
      // No RETURNING, which would need a SELECT policy on the copy as well.
      const id = randomUUID();
      await tx.query(
        `insert into storage.objects (id, bucket_id, name, owner, owner_id, metadata, version, user_metadata)
         values ($7, $1, $2, $3::uuid, $3, $4::jsonb, $5, $6::jsonb)`,
        [
          to.bucket,
          to.key,
          owner,
          JSON.stringify({ ...source.metadata, lastModified: new Date().toUTCString() }),
          version,
          source.user_metadata ? JSON.stringify(source.user_metadata) : null,
          id,
        ],
      );
      return { id, old };
    });
  } catch (err) {
    await ctx.store.remove([version]);
    if ((err as { code?: string }).code === "23505") throw errors.keyExists();
    throw err;
  }
  await ctx.store.remove([result.old]);
  return Response.json({ Id: result.id, Key: `${to.bucket}/${to.key}` });
}

/** DELETE /object/<bucket> {prefixes}: removes what the caller may delete; answers with those rows. */
export async function removeObjects(ctx: StorageContext, bucket: string): Promise<Response> {
  mustBeValidBucketName(bucket);
  const b = ((await readJson(ctx.req)) ?? {}) as { prefixes?: unknown };
  if (
    !Array.isArray(b.prefixes) ||
    b.prefixes.length < 1 ||
    b.prefixes.length > 1000 ||
    b.prefixes.some((p) => typeof p !== "string")
  )
    throw errors.invalidRequest("prefixes must be a list of 1 to 1000 object names");
  const rows = await ctx.asCaller(
    async (tx) =>
      (
        await tx.query<{ version: string }>(
          `delete from storage.objects where bucket_id = $1 and name = any($2::text[])
           returning id, name, bucket_id, owner, owner_id, version, metadata, user_metadata,
             created_at, updated_at, last_accessed_at`,
          [bucket, b.prefixes],
        )
      ).rows,
  );
  await ctx.store.remove(rows.map((r) => r.version));
  return Response.json(rows);
}

/** DELETE /object/<bucket>/<key>. */
export async function removeObject(ctx: StorageContext, bucket: string, key: string) {
  const row = await ctx.asCaller(async (tx) => {
    await findObject(tx, bucket, key);
    const { rows } = await tx.query<{ version: string }>(
      "delete from storage.objects where bucket_id = $1 and name = $2 returning version",
      [bucket, key],
    );
    if (!rows.length) throw errors.noSuchKey();
    return rows[0];
  });
  await ctx.store.remove([row.version]);
  return Response.json({ message: "Successfully deleted" });
}
