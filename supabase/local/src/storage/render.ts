import sharp, { type Metadata, type OutputInfo } from "sharp";
import {
  mustBeValidBucketName,
  mustBeValidKey,
  type StorageContext,
  splitBucketPath,
} from "./context";
import { errors, StorageApiError } from "./errors";
import { OBJECT_SECURITY_HEADERS } from "./mime";
import { findObject, type ObjectRow } from "./object-read";
import { signedHeaders, signedTransform, verifyToken } from "./signed";

export interface Transform {
  width?: number;
  height?: number;
  resize: "cover" | "contain" | "fill";
  quality: number;
  format: "origin" | "webp" | "auto";
}

const MAX_SIDE = 2500;

function dimension(value: unknown, name: string): number | undefined {
  if (value === undefined || value === null || value === "") return undefined;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1 || n > MAX_SIDE)
    throw errors.invalidRequest(`${name} must be an integer between 1 and ${MAX_SIDE}`);
  return n;
}

/** Reads width, height, resize, quality and format as storage-js sends them. */
export function parseTransform(source: Record<string, unknown>): Transform {
  const resize = (source.resize ?? "cover") as string;
  if (!["cover", "contain", "fill"].includes(resize))
    throw errors.invalidRequest("resize must be one of cover, contain, fill");
  const quality = source.quality === undefined ? 80 : Number(source.quality);
  if (!Number.isInteger(quality) || quality < 20 || quality > 100)
    throw errors.invalidRequest("quality must be an integer between 20 and 100");
  const format = (source.format ?? "auto") as string;
  if (!["origin", "webp", "auto"].includes(format))
    throw errors.invalidRequest("format must be origin or webp");
  return {
    width: dimension(source.width, "width"),
    height: dimension(source.height, "height"),
    resize: resize as Transform["resize"],
    quality,
    format: format as Transform["format"],
  };
}

const FIT = { cover: "cover", contain: "inside", fill: "fill" } as const;

/**
 * imgproxy's max_src_resolution on hosted Storage: 50 megapixels. storage-api words imgproxy's
 * refusal as "The source image resolution is too large to process" (src/storage/renderer/image.ts).
 */
export const MAX_SOURCE_PIXELS = 50_000_000;
/** Renders at once; the rest wait in a short queue, and past that the answer is 429. */
const RENDERS_AT_ONCE = 2;
const RENDERS_WAITING = 16;

const tooLargeSource = () =>
  new StorageApiError(400, "InvalidRequest", "The source image resolution is too large to process");
const cannotRender = () =>
  new StorageApiError(
    422,
    "InvalidRequest",
    "The object cannot be rendered as an image",
    "Image processing error",
  );

// One libvips thread per render: with two renders at a time, a core stays free for everything else.
sharp.concurrency(1);

let running = 0;
const waiting: (() => void)[] = [];

/**
 * Runs `render` once one of the few render slots is free, so renders never take every core and
 * every thread of the file system's pool from the downloads and requests beside them.
 */
async function inRenderSlot<T>(render: () => Promise<T>): Promise<T> {
  if (running >= RENDERS_AT_ONCE) {
    if (waiting.length >= RENDERS_WAITING)
      throw new StorageApiError(429, "InvalidRequest", "Too many requests", "InvalidRequest", 429);
    await new Promise<void>((resolve) => waiting.push(resolve));
  } else running++;
  try {
    return await render();
  } finally {
    const next = waiting.shift();
    if (next) next();
    else running--;
  }
}

/**
 * Renders the object through sharp; WebP when asked for, or when the client accepts it. The
 * dimensions are read from the file's header first: a source over 50 megapixels is refused
 * before a pixel of it is decoded, and the decoder is held to the same bound.
 */
export async function renderImage(
  ctx: StorageContext,
  row: ObjectRow,
  t: Transform,
): Promise<Response> {
  const file = ctx.store.pathOf(row.version);
  let header: Metadata;
  try {
    header = await sharp(file, { limitInputPixels: false }).metadata();
  } catch {
    throw cannotRender();
  }
  // Only the first frame of an animation is decoded, so one frame is what counts.
  if ((header.width ?? 0) * (header.pageHeight ?? header.height ?? 0) > MAX_SOURCE_PIXELS)
    throw tooLargeSource();
  const webp =
    t.format === "webp" ||
    (t.format === "auto" && /image\/webp/.test(ctx.req.headers.get("accept") ?? ""));
  let image = sharp(file, { failOn: "error", limitInputPixels: MAX_SOURCE_PIXELS }).rotate();
  if (t.width || t.height) image = image.resize(t.width, t.height, { fit: FIT[t.resize] });
  if (webp) image = image.webp({ quality: t.quality });
  else if (/jpe?g/.test(row.metadata?.mimetype ?? "")) image = image.jpeg({ quality: t.quality });
  let output: { data: Buffer; info: OutputInfo };
  try {
    output = await inRenderSlot(() => image.toBuffer({ resolveWithObject: true }));
  } catch (err) {
    if (err instanceof StorageApiError) throw err;
    if (/pixel limit/i.test(String((err as Error)?.message))) throw tooLargeSource();
    throw cannotRender();
  }
  return new Response(new Uint8Array(output.data), {
    headers: {
      "content-type": `image/${output.info.format === "jpeg" ? "jpeg" : output.info.format}`,
      "content-length": String(output.data.byteLength),
      "cache-control": row.metadata?.cacheControl ?? "no-cache",
      vary: "Accept",
      ...OBJECT_SECURITY_HEADERS,
    },
  });
}

/** /render/image/(authenticated|public|sign)/<bucket>/<key>. */
export async function renderRoute(ctx: StorageContext, rest: string): Promise<Response> {
  if (!ctx.config.imageTransformation.enabled)
    throw errors.notFound(ctx.req.method, ctx.url.pathname);
  const [mode, ...tail] = rest.split("/");
  if (!["authenticated", "public", "sign"].includes(mode))
    throw errors.notFound(ctx.req.method, ctx.url.pathname);
  const { bucket, key } = splitBucketPath(tail.join("/"));
  mustBeValidBucketName(bucket);
  mustBeValidKey(key);
  const query = Object.fromEntries(ctx.url.searchParams);
  if (mode === "authenticated") {
    const row = await ctx.asCaller((tx) => findObject(tx, bucket, key));
    return renderImage(ctx, row, parseTransform(query));
  }
  if (mode === "public") {
    const row = await ctx.asSuperUser(async (tx) => {
      const b = await tx.query("select 1 from storage.buckets where id = $1 and public", [bucket]);
      if (!b.rows.length) throw errors.noSuchBucket();
      return findObject(tx, bucket, key);
    });
    return renderImage(ctx, row, parseTransform(query));
  }
  if (mode === "sign") {
    const payload = await verifyToken(query.token ?? null, bucket, key, "download");
    const row = await ctx.asSuperUser((tx) => findObject(tx, bucket, key));
    const rendered = await renderImage(ctx, row, parseTransform(signedTransform(payload)));
    signedHeaders(rendered.headers, ctx.url, payload);
    return rendered;
  }
  throw errors.notFound(ctx.req.method, ctx.url.pathname);
}
