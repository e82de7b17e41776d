import { BodyError, json, readBody, type ServiceContext } from "../http";
import { CallerError } from "../keys/keys";
import type { Hub } from "./hub";
import { roomOf } from "./hub";
import { writePolicy } from "./policies";
import type { Claims } from "./tokens";

interface Caller {
  role: string;
  claims: Claims;
}

const PAYLOAD_PADDING = 500;

async function caller(req: Request, ctx: ServiceContext): Promise<Caller | Response> {
  try {
    const c = await ctx.backend.keys.resolveCaller(req.headers, ctx.url.searchParams);
    return { role: c.role, claims: c.claims as Claims };
  } catch (err) {
    if (err instanceof CallerError) return json({ message: "Unauthorized" }, 401);
    throw err;
  }
}

async function body(req: Request, limit: number): Promise<Uint8Array | Response> {
  try {
    return await readBody(req, limit);
  } catch (err) {
    if (err instanceof BodyError) return json({ message: "Payload Too Large" }, 413);
    throw err;
  }
}

function mayWrite(ctx: ServiceContext, who: Caller, topic: string): Promise<boolean> {
  return writePolicy(ctx.backend.db, { topic, role: who.role, claims: who.claims }, "broadcast");
}

/** `POST /api/broadcast`: a batch of JSON messages; private ones only where policies allow. */
export async function batchBroadcast(req: Request, ctx: ServiceContext, hub: Hub, limitKb: number) {
  const who = await caller(req, ctx);
  if (who instanceof Response) return who;
  const raw = await body(req, 100 * (limitKb * 1000 + PAYLOAD_PADDING));
  if (raw instanceof Response) return raw;
  let parsed: { messages?: unknown };
  try {
    parsed = JSON.parse(new TextDecoder().decode(raw));
  } catch {
    return json({ message: "could not parse request body as JSON" }, 400);
  }
  const messages = parsed?.messages;
  if (!Array.isArray(messages) || messages.length === 0)
    return json({ errors: { messages: ["can't be blank"] } }, 422);
  const errors = messages.map((m: Record<string, unknown>) => {
    const e: Record<string, string[]> = {};
    for (const k of ["topic", "event", "payload"])
      if (m?.[k] === undefined || m?.[k] === null || m?.[k] === "") e[k] = ["can't be blank"];
    if (
      m?.payload &&
      Buffer.byteLength(JSON.stringify(m.payload)) > limitKb * 1000 + PAYLOAD_PADDING
    )
      e.payload = ["Payload size exceeds tenant limit"];
    return e;
  });
  if (errors.some((e) => Object.keys(e).length)) return json({ errors: { messages: errors } }, 422);
  const allowed = new Map<string, boolean>();
  for (const m of messages as Record<string, unknown>[]) {
    const topic = String(m.topic);
    const isPrivate = m.private === true;
    if (isPrivate) {
      if (!allowed.has(topic)) allowed.set(topic, await mayWrite(ctx, who, topic));
      if (!allowed.get(topic)) continue;
    }
    const payload: Record<string, unknown> = {
      type: "broadcast",
      event: m.event,
      payload: m.payload,
    };
    if (typeof m.id === "string") payload.meta = { id: m.id };
    hub.broadcast(roomOf(topic, isPrivate), { json: payload });
  }
  return new Response(null, { status: 202 });
}

/** `POST /api/broadcast/:topic/events/:event`: one message, JSON or binary (octet-stream). */
export async function singleBroadcast(
  req: Request,
  ctx: ServiceContext,
  hub: Hub,
  limitKb: number,
  topic: string,
  event: string,
) {
  const who = await caller(req, ctx);
  if (who instanceof Response) return who;
  const isBinary = (req.headers.get("content-type") ?? "").startsWith("application/octet-stream");
  const raw = await body(req, limitKb * 1000 + PAYLOAD_PADDING);
  if (raw instanceof Response) return raw;
  if (raw.byteLength === 0) return json({ errors: { payload: ["can't be blank"] } }, 422);
  if (!isBinary) {
    try {
      JSON.parse(new TextDecoder().decode(raw));
    } catch {
      return json({ message: "could not parse request body as JSON" }, 400);
    }
  }
  const isPrivate = ctx.url.searchParams.get("private") === "true";
  if (isPrivate && !(await mayWrite(ctx, who, topic)))
    return json({ message: "Unauthorized" }, 403);
  hub.broadcast(roomOf(topic, isPrivate), {
    user: { event, encoding: isBinary ? "binary" : "json", data: raw },
  });
  return new Response(null, { status: 202 });
}
