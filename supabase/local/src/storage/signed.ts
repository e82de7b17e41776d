import { jwtVerify, SignJWT } from "jose";
import { readJson } from "../http";
import { LOCAL_JWT_SECRET } from "../keys/keys";
import { mustBeValidBucketName, mustBeValidKey, type StorageContext } from "./context";
import { errors } from "./errors";
import { findObject, serveObject } from "./object-read";
import { receiveUpload } from "./object-write";
import { bucketRules, checkCanUpload, ownerOf } from "./upload";

const secret = new TextEncoder().encode(LOCAL_JWT_SECRET);
/** How long a signed upload URL stays valid, as on hosted Storage. */
const UPLOAD_URL_SECONDS = 2 * 60 * 60;

interface SignedToken {
  url: string;
  exp: number;
  /** storage-api's form, "height:100,width:100,resize:cover" (older local tokens: an object). */
  transformations?: string | Record<string, unknown>;
  upsert?: boolean;
  owner?: string | null;
}

function sign(payload: Record<string, unknown>, seconds: number): Promise<string> {
  return new SignJWT(payload)
    .setProtectedHeader({ alg: "HS256", typ: "JWT" })
    .setIssuedAt()
    .setExpirationTime(Math.floor(Date.now() / 1000) + seconds)
    .sign(secret);
}

/** Verifies a signed-URL token for `<bucket>/<key>` as storage-api does, with its messages. */
export async function verifyToken(
  token: string | null,
  bucket: string,
  key: string,
  scope: "download" | "upload",
): Promise<SignedToken> {
  if (!token) throw errors.invalidSignature("Missing token");
  let payload: SignedToken;
  try {
    payload = (await jwtVerify(token, secret, { algorithms: ["HS256"] }))
      .payload as unknown as SignedToken;
  } catch (err) {
    throw errors.invalidJwt((err as Error).message);
  }
  if ((scope === "upload") !== "upsert" in payload)
    throw errors.invalidSignature(`Token is not scoped for ${scope}`);
  if (payload.url !== `${bucket}/${key}`) throw errors.invalidSignature();
  if (payload.exp * 1000 < Date.now()) throw errors.expiredSignature();
  return payload;
}

function expiresIn(value: unknown): number {
  if (typeof value !== "number" || !Number.isFinite(value) || value < 1)
    throw errors.invalidRequest("expiresIn must be a number of seconds greater than 0");
  return Math.floor(value);
}

/**
 * The transform as storage-api writes it into a signed URL's token (ImageRenderer.applyTransformation
 * with keepOriginal, src/storage/renderer/image.ts): "height:…,width:…,resize:…,quality:…,format:…".
 */
function transformationsText(transform: Record<string, unknown>): string {
  const segments: string[] = [];
  if (transform.height) segments.push(`height:${transform.height}`);
  if (transform.width) segments.push(`width:${transform.width}`);
  if (transform.width || transform.height) segments.push(`resize:${transform.resize}`);
  if (transform.quality) segments.push(`quality:${transform.quality}`);
  if (transform.format && transform.format !== "origin")
    segments.push(`format:${transform.format}`);
  return segments.join(",");
}

/** A signed render token's transform, read back as storage-api's setTransformationsFromString does. */
export function signedTransform(payload: SignedToken): Record<string, unknown> {
  const t = payload.transformations;
  if (!t) return {};
  if (typeof t === "object") return t;
  const out: Record<string, unknown> = {};
  for (const part of t.split(",")) {
    const [name, value] = part.split(":");
    if (value === undefined || value === "" || value === "undefined") continue;
    if (["height", "width", "quality"].includes(name)) out[name] = parseInt(value, 10);
    else if (name === "resize" || name === "format") out[name] = value;
  }
  return out;
}

/** What storage-api's renderer adds to a signed answer: Expires, and the `download` attachment. */
export function signedHeaders(headers: Headers, url: URL, payload: SignedToken): void {
  headers.set("expires", new Date(payload.exp * 1000).toUTCString());
  const download = url.searchParams.get("download");
  if (download === null) return;
  const file = encodeURIComponent(download);
  headers.set(
    "content-disposition",
    download === "" ? "attachment;" : `attachment; filename=${file}; filename*=UTF-8''${file}`,
  );
}

/**
 * POST /object/sign/<bucket>/<key> {expiresIn, transform?}: only for objects the caller can read.
 * As storage-api's signObjectUrl: a transform that changes anything makes a /render/image/sign URL
 * whose token carries it; otherwise an /object/sign URL.
 */
export async function signUrl(ctx: StorageContext, bucket: string, key: string) {
  const body = ((await readJson(ctx.req)) ?? {}) as { expiresIn?: unknown; transform?: unknown };
  const seconds = expiresIn(body.expiresIn);
  await ctx.asCaller((tx) => findObject(tx, bucket, key));
  const transformations =
    ctx.config.imageTransformation.enabled && body.transform && typeof body.transform === "object"
      ? transformationsText(body.transform as Record<string, unknown>)
      : "";
  const url = `${bucket}/${key}`;
  const token = await sign(
    { url, scope: "download", ...(transformations ? { transformations } : {}) },
    seconds,
  );
  const route = transformations ? "/render/image/sign" : "/object/sign";
  return Response.json({ signedURL: `${route}/${url}?token=${token}` });
}

/** POST /object/sign/<bucket> {expiresIn, paths}: one entry per path, an error where not readable. */
export async function signUrls(ctx: StorageContext, bucket: string) {
  mustBeValidBucketName(bucket);
  const body = ((await readJson(ctx.req)) ?? {}) as { expiresIn?: unknown; paths?: unknown };
  const seconds = expiresIn(body.expiresIn);
  if (!Array.isArray(body.paths) || body.paths.some((p) => typeof p !== "string"))
    throw errors.missingParameter("paths");
  const paths = body.paths as string[];
  const readable = await ctx.asCaller(async (tx) => {
    const { rows } = await tx.query<{ name: string }>(
      "select name from storage.objects where bucket_id = $1 and name = any($2::text[])",
      [bucket, paths],
    );
    return new Set(rows.map((r) => r.name));
  });
  const out = await Promise.all(
    paths.map(async (path) => {
      if (!readable.has(path))
        return {
          error: "Either the object does not exist or you do not have access to it",
          path,
          signedURL: null,
        };
      const token = await sign({ url: `${bucket}/${path}` }, seconds);
      return { error: null, path, signedURL: `/object/sign/${bucket}/${path}?token=${token}` };
    }),
  );
  return Response.json(out);
}

/** GET /object/sign/<bucket>/<key>?token=: the token is the permission. */
export async function downloadSigned(ctx: StorageContext, bucket: string, key: string) {
  const payload = await verifyToken(ctx.url.searchParams.get("token"), bucket, key, "download");
  const row = await ctx.asSuperUser((tx) => findObject(tx, bucket, key));
  return serveObject(ctx, row, { expires: new Date(payload.exp * 1000).toUTCString() });
}

/** POST /object/upload/sign/<bucket>/<key>: only for callers who may upload there. */
export async function signUploadUrl(ctx: StorageContext, bucket: string, key: string) {
  mustBeValidKey(key);
  await bucketRules(ctx, bucket);
  const upsert = ctx.req.headers.get("x-upsert") === "true";
  const owner = ownerOf(ctx);
  await checkCanUpload(ctx, bucket, key, upsert);
  const url = `${bucket}/${key}`;
  const token = await sign({ url, owner, upsert }, UPLOAD_URL_SECONDS);
  return Response.json({ url: `/object/upload/sign/${url}?token=${token}`, token });
}

/** PUT /object/upload/sign/<bucket>/<key>?token=: uploads as the token's owner. */
export async function uploadSigned(ctx: StorageContext, bucket: string, key: string) {
  const payload = await verifyToken(ctx.url.searchParams.get("token"), bucket, key, "upload");
  const result = await receiveUpload(ctx, {
    bucket,
    key,
    upsert: payload.upsert === true,
    owner: payload.owner ?? null,
    asSuperUser: true,
  });
  return Response.json({ Key: result.Key, Id: result.Id });
}
