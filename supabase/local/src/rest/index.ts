import type { Service, ServiceContext } from "../http";
import { missingApiKey } from "../layer/gateway";
import { CallerError, type Caller } from "../keys/keys";
import {
  fromDatabaseError,
  invalidPath,
  jwtError,
  RestError,
  tableNotFound,
  unacceptableSchema,
} from "./errors";
import { closest } from "./fuzzy";
import type { RestContext } from "./handlers/context";
import { handleInsert } from "./handlers/insert";
import { handleOpenApi } from "./handlers/openapi";
import { handleRead } from "./handlers/read";
import { handleRpc } from "./handlers/rpc";
import { handleDelete, handleUpdate } from "./handlers/update-delete";
import { parsePrefer } from "./request/prefer";
import { SchemaState } from "./schema-state";
import { qualified } from "./schema-types";

function errorResponse(err: RestError): Response {
  const headers = new Headers({
    "content-type": "application/json; charset=utf-8",
    ...err.headers,
  });
  if (/^PGRST/.test(err.code)) headers.set("proxy-status", `PostgREST; error=${err.code}`);
  return new Response(JSON.stringify(err.body()), { status: err.status, headers });
}

function callerError(err: CallerError, req: Request): Response {
  if (err.kind === "invalid_api_key") {
    return Response.json(
      {
        message: "Invalid API key",
        hint: "Double check your Supabase `anon` or `service_role` API key.",
      },
      { status: 401 },
    );
  }
  if (err.kind === "expired_jwt") return errorResponse(jwtError("expired", "JWT expired"));
  const token = (req.headers.get("authorization") ?? "").replace(/^bearer\s+/i, "").trim();
  const parts = token.split(".").length;
  const message =
    parts !== 3
      ? `Expected 3 parts in JWT; got ${parts}`
      : /kid/.test(err.message)
        ? "No suitable key or wrong key type"
        : "JWT cryptographic operation failed";
  return errorResponse(jwtError("invalid", message));
}

/** Accept-Profile (reads) or Content-Profile (writes) chooses among the exposed schemas. */
function chooseSchema(req: Request, schemas: string[]): { schema: string; negotiated: boolean } {
  const header =
    req.method === "GET" || req.method === "HEAD" ? "accept-profile" : "content-profile";
  const asked = req.headers.get(header);
  if (asked === null) return { schema: schemas[0] ?? "public", negotiated: false };
  if (!schemas.includes(asked)) throw unacceptableSchema(asked, schemas);
  return { schema: asked, negotiated: true };
}

async function route(ctx: RestContext): Promise<Response> {
  let segments: string[];
  try {
    segments = ctx.path
      .split("/")
      .slice(1)
      .map((s) => decodeURIComponent(s));
  } catch {
    // A broken percent-encoding names no table or function.
    throw invalidPath();
  }
  const method = ctx.req.method;
  if (ctx.path === "/" || ctx.path === "") {
    if (method === "GET" || method === "HEAD") return handleOpenApi(ctx);
    throw new RestError(405, "PGRST117", `Unsupported HTTP method: ${method}`);
  }
  if (segments.length === 2 && segments[0] === "rpc" && segments[1])
    return handleRpc(ctx, segments[1]);
  if (segments.length !== 1 || !segments[0]) throw invalidPath();
  const name = segments[0];
  const table = ctx.cache.tables.get(qualified(ctx.schema, name));
  if (!table) {
    const names = [...ctx.cache.tables.values()]
      .filter((t) => t.schema === ctx.schema)
      .map((t) => t.name);
    throw tableNotFound(ctx.schema, name, closest(name, names));
  }
  switch (method) {
    case "GET":
    case "HEAD":
      return handleRead(ctx, table);
    case "POST":
      return handleInsert(ctx, table);
    case "PATCH":
      return handleUpdate(ctx, table);
    case "DELETE":
      return handleDelete(ctx, table);
    default:
      throw new RestError(405, "PGRST117", `Unsupported HTTP method: ${method}`);
  }
}

/** PostgREST-compatible database API under /rest/v1. */
export function createRestService(): Service {
  const schemas = new SchemaState();
  return async (req: Request, { backend, url, path }: ServiceContext) => {
    const refused = missingApiKey(req.headers, url.searchParams, backend.config.api.requireApiKey);
    if (refused) return refused;
    let caller: Caller;
    try {
      caller = await backend.keys.resolveCaller(req.headers, url.searchParams);
    } catch (err) {
      if (err instanceof CallerError) return callerError(err, req);
      throw err;
    }
    try {
      const { schema, negotiated } = chooseSchema(req, backend.config.api.schemas);
      const cache = await schemas.get(backend);
      const prefer = parsePrefer(req.headers);
      if (prefer.handling === "strict" && prefer.invalid.length) {
        throw new RestError(
          400,
          "PGRST122",
          "Invalid preferences given with handling=strict",
          `Invalid preferences: ${prefer.invalid.join(", ")}`,
        );
      }
      const ctx: RestContext = {
        req,
        url,
        path,
        backend,
        cache,
        caller,
        schema,
        negotiatedByProfile: negotiated,
        prefer,
      };
      return await route(ctx);
    } catch (err) {
      const mapped = fromDatabaseError(err, caller.role !== "anon");
      if (mapped) return errorResponse(mapped);
      throw err;
    }
  };
}
