import { Readable } from "node:stream";
import type { ReadableStream as NodeReadableStream } from "node:stream/web";
import busboy from "busboy";
import { mustBeValidKey, type StorageContext } from "./context";
import { errors } from "./errors";
import { DRAIN_LIMIT } from "./files";
import {
  bucketRules,
  checkDeclaredLength,
  storeUpload,
  type BucketRules,
  type UploadMeta,
  type UploadTarget,
} from "./upload";

function cacheControlOf(value: string | null | undefined): string {
  if (!value) return "no-cache";
  return /^\d+$/.test(value) ? `max-age=${value}` : value;
}

function userMetadata(text: string | null | undefined): Record<string, unknown> | null {
  if (!text) return null;
  try {
    const parsed = JSON.parse(text) as unknown;
    if (typeof parsed === "object" && parsed !== null && !Array.isArray(parsed))
      return parsed as Record<string, unknown>;
  } catch {
    // falls through to the refusal below
  }
  throw errors.invalidRequest("metadata must be a JSON object");
}

function fromBase64(text: string | null): string | null {
  return text ? Buffer.from(text, "base64").toString("utf8") : null;
}

/** A multipart form as storage-js sends it: cacheControl and metadata fields, then the file. */
function multipart(
  ctx: StorageContext,
  target: UploadTarget,
  rules: BucketRules,
  body: Readable,
): Promise<{ Id: string; Key: string }> {
  return new Promise((resolve, reject) => {
    const fields: Record<string, string> = {};
    let handled = false;
    let parser: busboy.Busboy;
    try {
      parser = busboy({ headers: { "content-type": ctx.req.headers.get("content-type") ?? "" } });
    } catch {
      return reject(errors.invalidRequest("the multipart body cannot be read"));
    }
    parser.on("field", (name, value) => (fields[name] = value));
    parser.on("file", (_name, stream, info) => {
      if (handled) return void stream.resume();
      handled = true;
      const meta: UploadMeta = {
        contentType: info.mimeType || "application/octet-stream",
        cacheControl: cacheControlOf(fields.cacheControl),
        userMetadata: userMetadata(fields.metadata ?? null),
      };
      storeUpload(ctx, target, rules, stream, meta).then(resolve, (err: unknown) => {
        stream.resume();
        reject(err);
      });
    });
    parser.on("error", () => reject(errors.invalidRequest("the multipart body cannot be read")));
    parser.on("close", () => {
      if (!handled) reject(errors.invalidRequest("No file found in the form data"));
    });
    body.on("error", reject);
    body.pipe(parser);
  });
}

/** Reads what is left of a refused body (up to a bound), so the client finishes sending and hears why. */
async function drain(body: Readable): Promise<void> {
  let read = 0;
  try {
    for await (const chunk of body) {
      read += (chunk as Buffer).byteLength;
      if (read > DRAIN_LIMIT) return void body.destroy();
    }
  } catch {
    // A body that broke off needs no draining.
  }
}

/** Reads the body in whichever form supabase-js sent it (multipart form, or raw bytes/stream). */
export async function receiveUpload(
  ctx: StorageContext,
  target: UploadTarget,
): Promise<{ Id: string; Key: string }> {
  const body = ctx.req.body
    ? Readable.fromWeb(ctx.req.body as NodeReadableStream)
    : Readable.from([]);
  const type = ctx.req.headers.get("content-type") ?? "";
  try {
    mustBeValidKey(target.key);
    const rules = await bucketRules(ctx, target.bucket);
    if (/^multipart\/form-data/i.test(type)) return await multipart(ctx, target, rules, body);
    checkDeclaredLength(ctx.req, rules);
    const meta: UploadMeta = {
      contentType: type || "application/octet-stream",
      cacheControl: cacheControlOf(ctx.req.headers.get("cache-control")),
      userMetadata: userMetadata(fromBase64(ctx.req.headers.get("x-metadata"))),
    };
    return await storeUpload(ctx, target, rules, body, meta);
  } catch (err) {
    if (!body.destroyed && !body.readableEnded) await drain(body);
    throw err;
  }
}
