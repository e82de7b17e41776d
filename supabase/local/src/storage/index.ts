import { rmSync } from "node:fs";
import { BodyError, type Backend, type Mount, type ServiceContext } from "../http";
import { missingApiKey, namesNoKey } from "../layer/gateway";
import { CallerError, type Caller } from "../keys/keys";
import { isOpenRoute, routeStorage } from "./routes";
import { storageContext } from "./context";
import { errors, fromDatabaseError, StorageApiError } from "./errors";
import { FileStore } from "./files";
import { seedBuckets } from "./seed";
import { createResumable } from "./tus";

const ANON: Caller = { role: "anon", claims: { role: "anon" }, apiKey: "none", userToken: null };

/** Bad keys as the API gateway answers them; bad tokens as storage-api words jose's refusals. */
function callerFailure(err: CallerError, req?: Request): Response {
  if (err.kind === "invalid_api_key")
    return Response.json(
      {
        message: "Invalid API key",
        hint: "Double check your Supabase `anon` or `service_role` API key.",
      },
      { status: 401 },
    );
  if (err.kind === "expired_jwt")
    return errors.accessDenied('"exp" claim timestamp check failed').response();
  const token = (req?.headers.get("authorization") ?? "").replace(/^bearer\s+/i, "").trim();
  return errors
    .accessDenied(
      token.split(".").length === 3 ? "signature verification failed" : "Invalid Compact JWS",
    )
    .response();
}

function failure(err: unknown): Response | null {
  if (err instanceof StorageApiError) return err.response();
  if (err instanceof BodyError)
    return (
      err.kind === "too_large" ? errors.tooLarge() : errors.invalidRequest(err.message)
    ).response();
  if (err instanceof CallerError) return callerFailure(err);
  return fromDatabaseError(err)?.response() ?? null;
}

/** Supabase Storage (storage-api) under /storage/v1: buckets, objects, signed URLs, tus, transforms. */
export function createStorageService(): Mount {
  let store: FileStore | null = null;
  let backend: Backend | null = null;
  const files = () => (store ??= FileStore.forDataDir(backend!.config.dataDir));
  const resumable = createResumable(
    () => backend!,
    files,
    () => backend!.config.storage.fileSizeLimit,
  );

  // Requests that arrive between listen and the sweep wait for it: the sweep must never see a
  // file that a request has just put in place but not yet committed.
  let sweeper: NodeJS.Timeout | null = null;
  let markReady: () => void = () => {};
  const ready = new Promise<void>((resolve) => (markReady = resolve));

  return {
    prefix: "/storage/v1",
    // Object bodies are limited by the global and per-bucket file_size_limit, answered as storage-api does.
    bodyLimit: Number.POSITIVE_INFINITY,
    async start(b) {
      backend = b;
      try {
        const { rows } = await b.db.query<{ version: string }>(
          "select version from storage.objects where version is not null",
        );
        await files().sweep(new Set(rows.map((r) => r.version)));
        await seedBuckets(b, files());
        await resumable.sweep();
      } finally {
        markReady();
      }
      // Abandoned resumable uploads go once they expire, checked as often as the expiry allows.
      const every = Math.min(60_000, Math.max(b.config.storage.resumableExpiryMs / 2, 100));
      sweeper = setInterval(() => {
        resumable.sweep().catch((err: unknown) => b.log(`resumable sweep: ${String(err)}`));
      }, every);
      sweeper.unref();
    },
    async stop() {
      if (sweeper) clearInterval(sweeper);
      // An in-memory backend's files go with it.
      if (store && backend && !backend.config.dataDir)
        rmSync(store.root, { recursive: true, force: true });
    },
    async handle(req: Request, { backend: b, url, path }: ServiceContext) {
      backend = b;
      await ready;
      if (!b.config.storage.enabled) return errors.notFound(req.method, url.pathname).response();
      // A path whose percent-escapes do not decode names nothing (fastify's FST_ERR_BAD_URL).
      try {
        decodeURIComponent(url.pathname);
      } catch {
        return errors.invalidRequest(`'${url.pathname}' is not a valid url component`).response();
      }
      if (!isOpenRoute(req.method, path)) {
        const refused = missingApiKey(req.headers, url.searchParams, b.config.api.requireApiKey);
        if (refused) return refused;
        // The CLI's gateway passes a keyless request on with no Authorization, and storage-api's
        // jwt plugin (src/http/plugins/jwt.ts) then refuses the empty token as jose does.
        if (namesNoKey(req.headers, url.searchParams))
          return errors.accessDenied("Invalid Compact JWS").response();
      }
      if (path === "/upload/resumable" || path.startsWith("/upload/resumable/"))
        return resumable.handle(req);
      let caller: Caller;
      try {
        caller = await b.keys.resolveCaller(req.headers, url.searchParams);
      } catch (err) {
        if (!(err instanceof CallerError)) throw err;
        if (!isOpenRoute(req.method, path)) return callerFailure(err, req);
        caller = ANON;
      }
      try {
        return await routeStorage(storageContext(req, url, b, files(), caller), path);
      } catch (err) {
        const response = failure(err);
        if (response) return response;
        throw err;
      }
    },
  };
}
