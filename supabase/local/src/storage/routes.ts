import {
  createBucket,
  deleteBucket,
  emptyBucket,
  getBucket,
  listBuckets,
  updateBucket,
} from "./buckets";
import { splitBucketPath, type StorageContext } from "./context";
import { errors } from "./errors";
import { listObjects, listObjectsV2 } from "./list";
import { copyObject, moveObject, removeObject, removeObjects } from "./object-manage";
import { downloadAuthenticated, downloadPublic, objectInfo } from "./object-read";
import { receiveUpload } from "./object-write";
import { renderRoute } from "./render";
import { downloadSigned, signUploadUrl, signUrl, signUrls, uploadSigned } from "./signed";
import { ownerOf } from "./upload";

type Handler = (ctx: StorageContext, rest: string) => Promise<Response>;

const isRead = (m: string) => m === "GET" || m === "HEAD";
const READ = ["GET", "HEAD"];

async function bucketRoutes(ctx: StorageContext, rest: string): Promise<Response | null> {
  const m = ctx.req.method;
  if (rest === "") {
    if (m === "GET") return listBuckets(ctx);
    if (m === "POST") return createBucket(ctx);
    return null;
  }
  const [rawId, action, ...more] = rest.split("/");
  const id = decodeURIComponent(rawId);
  if (more.length) return null;
  if (action === "empty" && m === "POST") return emptyBucket(ctx, id);
  if (action !== undefined) return null;
  if (m === "GET") return getBucket(ctx, id);
  if (m === "PUT") return updateBucket(ctx, id);
  if (m === "DELETE") return deleteBucket(ctx, id);
  return null;
}

/**
 * The object routes with a fixed word first, in storage-api's order. The last column names the
 * methods that need no valid token (public objects, signed URLs): a bad one counts as none there.
 */
const OBJECT_ROUTES: [string, string[], Handler, open?: string[]][] = [
  ["list/", ["POST"], (ctx, rest) => listObjects(ctx, decodeURIComponent(rest))],
  ["list-v2/", ["POST"], (ctx, rest) => listObjectsV2(ctx, decodeURIComponent(rest))],
  [
    "authenticated/",
    ["GET", "HEAD"],
    (ctx, rest) => withKey(rest, (b, k) => downloadAuthenticated(ctx, b, k)),
  ],
  [
    "public/",
    ["GET", "HEAD"],
    (ctx, rest) => withKey(rest, (b, k) => downloadPublic(ctx, b, k)),
    READ,
  ],
  [
    "info/authenticated/",
    ["GET"],
    (ctx, rest) => withKey(rest, (b, k) => objectInfo(ctx, b, k, false)),
  ],
  ["info/public/", ["GET"], (ctx, rest) => withKey(rest, (b, k) => objectInfo(ctx, b, k, true))],
  ["info/", ["GET"], (ctx, rest) => withKey(rest, (b, k) => objectInfo(ctx, b, k, false))],
  [
    "upload/sign/",
    ["POST", "PUT"],
    (ctx, rest) =>
      withKey(rest, (b, k) =>
        ctx.req.method === "POST" ? signUploadUrl(ctx, b, k) : uploadSigned(ctx, b, k),
      ),
    ["PUT"],
  ],
  [
    "sign/",
    ["POST", "GET", "HEAD"],
    (ctx, rest) => {
      if (ctx.req.method === "POST" && !rest.includes("/"))
        return signUrls(ctx, decodeURIComponent(rest));
      return withKey(rest, (b, k) =>
        ctx.req.method === "POST" ? signUrl(ctx, b, k) : downloadSigned(ctx, b, k),
      );
    },
    READ,
  ],
];

/** The image routes under /render/image/ that need no valid token, as in OBJECT_ROUTES. */
const OPEN_RENDER_ROUTES: [string, string[]][] = [
  ["public/", READ],
  ["sign/", READ],
];

function withKey(rest: string, fn: (bucket: string, key: string) => Promise<Response>) {
  const { bucket, key } = splitBucketPath(rest);
  return fn(bucket, key);
}

const objectRoute = (m: string, rest: string) =>
  OBJECT_ROUTES.find(([prefix, methods]) => rest.startsWith(prefix) && methods.includes(m));

async function objectRoutes(ctx: StorageContext, rest: string): Promise<Response | null> {
  const m = ctx.req.method;
  if (rest === "move" && m === "POST") return moveObject(ctx);
  if (rest === "copy" && m === "POST") return copyObject(ctx);
  const route = objectRoute(m, rest);
  if (route) return route[2](ctx, rest.slice(route[0].length));
  if (!rest.includes("/"))
    return m === "DELETE" ? removeObjects(ctx, decodeURIComponent(rest)) : null;
  return withKey(rest, async (bucket, key) => {
    if (isRead(m)) return downloadAuthenticated(ctx, bucket, key);
    if (m === "DELETE") return removeObject(ctx, bucket, key);
    if (m !== "POST" && m !== "PUT") throw errors.notFound(m, ctx.url.pathname);
    // PUT replaces (storage-js `update`); POST creates unless x-upsert says otherwise.
    const upsert = m === "PUT" || ctx.req.headers.get("x-upsert") === "true";
    return Response.json(await receiveUpload(ctx, { bucket, key, upsert, owner: ownerOf(ctx) }));
  });
}

/** Whether the route for `method` and `path` needs no valid token, as the tables above declare. */
export function isOpenRoute(method: string, path: string): boolean {
  const under = (prefix: string) => (path.startsWith(prefix) ? path.slice(prefix.length) : null);
  const object = under("/object/");
  if (object !== null) return objectRoute(method, object)?.[3]?.includes(method) ?? false;
  const image = under("/render/image/");
  if (image === null) return false;
  return OPEN_RENDER_ROUTES.some(([p, open]) => image.startsWith(p) && open.includes(method));
}

export async function routeStorage(ctx: StorageContext, path: string): Promise<Response> {
  let response: Response | null = null;
  if (path === "/bucket" || path.startsWith("/bucket/"))
    response = await bucketRoutes(ctx, path.slice("/bucket/".length));
  else if (path.startsWith("/object/"))
    response = await objectRoutes(ctx, path.slice("/object/".length));
  else if (path.startsWith("/render/image/"))
    response = await renderRoute(ctx, path.slice("/render/image/".length));
  if (!response) throw errors.notFound(ctx.req.method, ctx.url.pathname);
  return response;
}
