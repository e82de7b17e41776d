import { rm, stat } from "node:fs/promises";
import path from "node:path";
import { FileStore as TusFileStore } from "@tus/file-store";
import { Metadata, Server, type Upload } from "@tus/server";
import type { Backend } from "../http";
import { CallerError } from "../keys/keys";
import { mustBeValidKey, storageContext, type StorageContext } from "./context";
import { errors, fromDatabaseError, StorageApiError } from "./errors";
import type { FileStore } from "./files";
import { bucketRules, checkCanUpload, checkMime, commitUpload, ownerOf } from "./upload";

export const RESUMABLE_PATH = "/storage/v1/upload/resumable";

/**
 * The tus file store without its own folder check: FileStore makes the folder synchronously, while
 * the library's check is an asynchronous mkdir that throws from its callback (an uncaught
 * exception) when an in-memory backend removes its folder while the mkdir is still queued.
 */
export class ResumableFiles extends TusFileStore {}
Object.defineProperty(ResumableFiles.prototype, "checkOrCreateDirectory", { value() {} });

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

/** Who made an upload: the user (the token's `sub`), or the role of a key without one. */
function identity(ctx: StorageContext): string {
  const owner = ownerOf(ctx);
  return owner ? `user:${owner}` : `role:${ctx.caller.role}`;
}

/** The bucket an upload goes to: from its stored metadata, or from the creating request's header. */
function bucketOf(req: Request, stored: Upload | null): string | null {
  if (stored) return stored.metadata?.bucketName ?? null;
  try {
    return Metadata.parse(req.headers.get("upload-metadata") ?? undefined)?.bucketName ?? null;
  } catch {
    return null;
  }
}

/**
 * tus 1.0.0 resumable uploads as hosted Storage offers them, on the tus project's own server and
 * file store. Unfinished uploads live apart from objects, so nothing is visible until the last
 * PATCH; then the file is fsynced, moved into the object store and the row committed as the caller.
 *
 * An upload belongs to whoever made it: another user (or key) holding its URL finds no upload
 * there, and every PATCH and DELETE is checked against the bucket's policies again, as storage-api
 * checks each request (src/http/routes/tus/lifecycle.ts). The bucket's size limit applies to a
 * deferred length when it is declared and to the bytes as they arrive; uploads left unfinished go
 * after storage-api's TUS_URL_EXPIRY_MS.
 */
export function createResumable(
  backend: () => Backend,
  store: () => FileStore,
  maxSize: () => number,
) {
  let server: Server | null = null;
  let datastore: TusFileStore | null = null;
  async function context(req: Request): Promise<StorageContext> {
    const b = backend();
    const caller = await b.keys.resolveCaller(req.headers);
    return storageContext(req, new URL(req.url), b, store(), caller);
  }

  async function storedUpload(id: string | null): Promise<Upload | null> {
    if (!id) return null;
    try {
      return await datastore!.getUpload(id);
    } catch {
      return null;
    }
  }

  function get(): Server {
    datastore ??= new ResumableFiles({
      directory: store().resumable,
      expirationPeriodInMilliseconds: backend().config.storage.resumableExpiryMs,
    });
    server ??= new Server({
      path: RESUMABLE_PATH,
      datastore,
      // The smaller of the global limit and the bucket's, as storage-api's maxSize does.
      async maxSize(req, id) {
        const global = maxSize();
        const bucket = bucketOf(req as unknown as Request, await storedUpload(id));
        if (!bucket) return global;
        try {
          return (await bucketRules(await context(req as unknown as Request), bucket)).limit;
        } catch {
          return global;
        }
      },
      // Every request of an upload carries a key or token that must still be valid, and the
      // upload it names must be the caller's own.
      async onIncomingRequest(req, id) {
        try {
          const ctx = await context(req as unknown as Request);
          if (req.method === "POST") return;
          const upload = await storedUpload(id);
          // An id that names nothing is answered by the tus server (404, or 410 once expired).
          if (!upload) return;
          if (upload.metadata?.creator !== identity(ctx)) throw errors.noSuchUpload();
          if (req.method === "PATCH" || req.method === "DELETE") {
            const { bucket, key } = target(upload);
            await checkCanUpload(ctx, bucket, key, upload.metadata?.upsert === "true");
          }
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
          // The server decides upsert and who the upload belongs to, never the client's metadata.
          return {
            metadata: { ...upload.metadata, upsert: String(upsert), creator: identity(ctx) },
          };
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
          const contentType = meta.contentType || "application/octet-stream";
          // The bucket's rules as they are now, whatever length the upload declared or deferred.
          const rules = await bucketRules(ctx, bucket);
          if ((await stat(file)).size > rules.limit) throw errors.tooLarge(rules.limitText);
          checkMime(rules, contentType);
          const stored = await ctx.store.adopt(file);
          await commitUpload(
            ctx,
            { bucket, key, upsert: meta.upsert === "true", owner: ownerOf(ctx) },
            stored,
            {
              contentType,
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

  return {
    handle(req: Request): Promise<Response> {
      // storage-api has no GET route for uploads: an unfinished upload is never served.
      if (req.method === "GET")
        return Promise.resolve(errors.notFound(req.method, new URL(req.url).pathname).response());
      // The tus library answers an extension it lacks with 501; a client asking for it sent bad
      // input, so it hears a 400 with the library's own words.
      if (req.headers.has("upload-concat"))
        return Promise.resolve(
          errors
            .invalidRequest(
              "Concatenation extension is not (yet) supported. Disable parallel uploads in the tus client.",
            )
            .response(),
        );
      return get().handleWeb(req);
    },
    /** Removes unfinished uploads older than the expiry; returns how many went. */
    sweep(): Promise<number> {
      return get().cleanUpExpiredUploads();
    },
  };
}
