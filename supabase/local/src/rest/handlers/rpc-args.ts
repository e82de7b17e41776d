import { BodyError, readBody } from "../../http";
import { invalidBody, RestError } from "../errors";
import type { BodyMedia } from "./routine-match";

const MAX_BODY = 10 * 1024 * 1024;

export interface RpcArgs {
  media: BodyMedia;
  /** Named arguments (query string, JSON object keys or form fields). */
  named: Record<string, unknown>;
  /** The body as sent, for a function taking it whole through one unnamed parameter. */
  raw: Uint8Array;
  /** A JSON array body: only a function taking the whole body accepts it. */
  isArray?: boolean;
}

function bodyMedia(header: string | null): BodyMedia {
  const type = (header ?? "application/json").split(";")[0].trim().toLowerCase();
  if (type === "" || type === "application/json" || type.endsWith("+json")) return "json";
  if (type === "text/plain") return "text";
  if (type === "text/xml") return "xml";
  if (type === "application/octet-stream") return "octet";
  if (type === "application/x-www-form-urlencoded") return "form";
  throw new RestError(415, "PGRST107", `None of these media types are available: ${type}`);
}

function collect(pairs: Iterable<[string, string]>): Record<string, unknown> {
  const args: Record<string, unknown> = {};
  for (const [k, v] of pairs) {
    const prev = args[k];
    args[k] = prev === undefined ? v : Array.isArray(prev) ? [...prev, v] : [prev, v];
  }
  return args;
}

/** The arguments of a call: query parameters for GET/HEAD, the body (by its media type) for POST. */
export async function readRpcArgs(
  req: Request,
  isRead: boolean,
  queryArgs: [string, string][],
): Promise<RpcArgs> {
  const empty = new Uint8Array();
  if (isRead) return { media: "json", named: collect(queryArgs), raw: empty };
  const media = bodyMedia(req.headers.get("content-type"));
  let raw: Uint8Array;
  try {
    raw = await readBody(req, MAX_BODY);
  } catch (err) {
    if (err instanceof BodyError) throw new RestError(413, "PGRST102", err.message);
    throw err;
  }
  const text = new TextDecoder().decode(raw);
  if (media === "form") return { media, named: collect(new URLSearchParams(text)), raw };
  if (media !== "json") return { media, named: {}, raw };
  if (text.trim() === "") return { media, named: {}, raw: new TextEncoder().encode("{}") };
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw invalidBody("Empty or invalid json");
  }
  if (typeof value === "object" && value !== null && !Array.isArray(value))
    return { media, named: value as Record<string, unknown>, raw };
  if (Array.isArray(value)) {
    const first: unknown = value[0];
    const named = typeof first === "object" && first !== null ? first : {};
    return { media, named: named as Record<string, unknown>, raw, isArray: true };
  }
  return { media, named: {}, raw };
}
