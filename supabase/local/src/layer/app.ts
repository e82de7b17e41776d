import type { HttpBindings } from "@hono/node-server";
import { Hono, type MiddlewareHandler } from "hono";
import { cors } from "hono/cors";
import { json, type Backend, type Mount } from "../http";
import { limitBody } from "./body-limit";
import { CORS_HEADERS, crossOriginRefusal } from "./cross-origin";

export interface AppOptions {
  /** The body limit of every service that sets none of its own, in bytes. */
  bodyLimit: number;
  /** The address the backend listens on (a same-origin-only service answers only to it). */
  host: string;
}

const split = (list: string) => list.split(",").map((s) => s.trim());

const allowAnyOrigin = cors({
  origin: CORS_HEADERS["access-control-allow-origin"],
  allowMethods: split(CORS_HEADERS["access-control-allow-methods"]),
  allowHeaders: split(CORS_HEADERS["access-control-allow-headers"]),
  exposeHeaders: split(CORS_HEADERS["access-control-expose-headers"]),
  maxAge: Number(CORS_HEADERS["access-control-max-age"]),
});

/** A response whose headers can still be changed (a fetched or redirect response has fixed ones). */
function mutable(res: Response): Response {
  try {
    res.headers.set("x-content-type-options", "nosniff");
    return res;
  } catch {
    const copy = new Response(res.body, res);
    copy.headers.set("x-content-type-options", "nosniff");
    return copy;
  }
}

function tooLarge(limit: number): Response {
  return json(
    {
      code: 413,
      error_code: "request_entity_too_large",
      message: `Request body too large: the limit is ${limit} bytes`,
    },
    413,
  );
}

/** The mount a path belongs to: the prefix itself or anything below it. */
export function findMount(mounts: Mount[], pathname: string): Mount | undefined {
  return mounts.find(({ prefix }) => pathname === prefix || pathname.startsWith(prefix + "/"));
}

/**
 * The backend's one HTTP front: each service mounted once under its prefix, with its body limit
 * and its cross-origin policy applied before it sees a request. Browsers may not sniff a type
 * from any response.
 */
export function createApp(mounts: Mount[], backend: Backend, options: AppOptions) {
  const app = new Hono<{ Bindings: Partial<HttpBindings> }>();
  const refused = new Set(mounts.filter((m) => m.crossOrigin === "refuse"));
  // Edge functions answer their own preflight and CORS headers, as on hosted Supabase.
  const ownCors = new Set(mounts.filter((m) => m.crossOrigin === "self"));

  app.use("*", async (c, next) => {
    await next();
    c.res = mutable(c.res);
  });
  app.use("*", (c, next) => {
    const mount = findMount(mounts, c.req.path);
    return mount && (refused.has(mount) || ownCors.has(mount)) ? next() : allowAnyOrigin(c, next);
  });

  for (const mount of mounts) {
    const limit = mount.bodyLimit ?? options.bodyLimit;
    const handle: MiddlewareHandler<{ Bindings: Partial<HttpBindings> }> = async (c) => {
      if (refused.has(mount)) {
        const reason = crossOriginRefusal(c.req.raw, options.host);
        if (reason) return json({ error: reason }, 403);
      }
      const { request, exceeded, discardRest } = limitBody(c.req.raw, limit);
      // Node reads the next request of a kept-alive connection only once this body has ended.
      c.env?.outgoing?.once("finish", () => void discardRest());
      const url = new URL(request.url);
      const path = url.pathname.slice(mount.prefix.length) || "/";
      const remoteAddress = c.env?.incoming?.socket?.remoteAddress ?? "";
      const response = await mount.handle(request, { backend, url, path, remoteAddress });
      // Mail a request sent is stored before the client hears back, so it survives a crash too.
      await backend.mail.flush?.();
      if (exceeded() && response.status !== 413) {
        await response.body?.cancel();
        return tooLarge(limit);
      }
      return response;
    };
    app.all(mount.prefix, handle);
    app.all(`${mount.prefix}/*`, handle);
  }

  app.notFound(() => json({ message: "no Route matched with those values" }, 404));
  app.onError((err, c) => {
    backend.log(`${c.req.method} ${c.req.path}: ${err.stack ?? String(err)}`);
    return json({ message: "internal server error" }, 500);
  });
  return app;
}
