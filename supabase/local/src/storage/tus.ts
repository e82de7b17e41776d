import { rm } from "node:fs/promises";
import path from "node:path";
import { FileStore as TusFileStore } from "@tus/file-store";
import { Server, type Upload } from "@tus/server";
import type { Backend } from "../http";
import { CallerError } from "../keys";
import { mustBeValidKey, storageContext, type StorageContext } from "./context";
import { errors, fromDatabaseError, StorageApiError } from "./errors";
import type { FileStore } from "./files";
import { bucketRules, checkCanUpload, checkMime, commitUpload, ownerOf } from "./upload";

export const RESUMABLE_PATH = "/storage/v1/upload/resumable";

/** A hook's refusal in the shape the tus library sends back, with storage-api's body and status. */
function refusal(err: unknown): { status_code: number; body: string } {
  const known =
    err instanceof StorageApiError
      ? err
      : err instanceof CallerError
        ? errors.accessDenied(err.message)
        : fromDatabaseError(err);
  if (!known) throw err;
  return { status_code: known.statusCode, body: JSON.stringify(known.body()) };
}

function target(upload: Upload) {
  const meta = upload.metadata ?? {};
  const bucket = meta.bucketName ?? "";
  const key = meta.objectName ?? "";
  if (!bucket) throw errors.missingParameter("bucketName");
  return { bucket, key: mustBeValidKey(key) };
}

/**
 * tus 1.0.0 resumable uploads as hosted Storage offers them, on the tus project's own server and
 * file store. Unfinished uploads live apart from objects, so nothing is visible until the last
 * PATCH; then the file is fsynced, moved into the object store and the row committed as the caller.
 */
export function createResumable(
  backend: () => Backend,
  store: () => FileStore,
  maxSize: () => number,
) {
  let server: Server | null = null;
  async function context(req: Request): Promise<StorageContext> {
    const b = backend();
    const caller = await b.keys.resolveCaller(req.headers);
    return storageContext(req, new URL(req.url), b, store(), caller);
  }

  function get(): Server {
    server ??= new Server({
      path: RESUMABLE_PATH,
      datastore: new TusFileStore({ directory: store().resumable }),
      maxSize: () => maxSize(),
      // Every request of an upload carries a key or token that must still be valid.
      async onIncomingRequest(req) {
        try {
          await backend().keys.resolveCaller(req.headers);
        } catch (err) {
          throw refusal(err);
        }
      },
      async onUploadCreate(req, upload) {
        try {
          const ctx = await context(req as unknown as Request);
          const { bucket, key } = target(upload);
          const rules = await bucketRules(ctx, bucket);
          if (upload.size !== undefined && upload.size > rules.limit)
            throw errors.tooLarge(rules.limitText);
          checkMime(rules, upload.metadata?.contentType || "application/octet-stream");
          const upsert = req.headers.get("x-upsert") === "true";
          await checkCanUpload(ctx, bucket, key, upsert);
          // The server decides upsert, never the client's metadata.
          return { metadata: { ...upload.metadata, upsert: String(upsert) } };
        } catch (err) {
          throw refusal(err);
        }
      },
      async onUploadFinish(req, upload) {
        const file = path.join(store().resumable, upload.id);
        try {
          const ctx = await context(req as unknown as Request);
          const { bucket, key } = target(upload);
          const meta = upload.metadata ?? {};
          const stored = await ctx.store.adopt(file);
          await commitUpload(
            ctx,
            { bucket, key, upsert: meta.upsert === "true", owner: ownerOf(ctx) },
            stored,
            {
              contentType: meta.contentType || "application/octet-stream",
              cacheControl: meta.cacheControl
                ? /^\d+$/.test(meta.cacheControl)
                  ? `max-age=${meta.cacheControl}`
                  : meta.cacheControl
                : "no-cache",
              userMetadata: null,
            },
          );
          return {};
        } catch (err) {
          throw refusal(err);
        } finally {
          await rm(file, { force: true });
          await rm(`${file}.json`, { force: true });
        }
      },
    });
    return server;
  }

  return (req: Request) => get().handleWeb(req);
}
