import { BodyError, readBody } from "../../http";
import { invalidBody, RestError } from "../errors";
import type { BodyMedia } from "./routine-match";

const MAX_BODY = 10 * 1024 * 1024;

export interface RpcArgs {
  media: BodyMedia;
  /** Named arguments (query string, JSON object keys or form fields). */
  named: Record<string, unknown>;
  /**
   * What a function with one unnamed parameter receives (PostgREST's OnePosParam): a raw body as
   * sent, a JSON body as PostgREST keeps it, or the named arguments as JSON for GET and forms.
   */
  raw: Uint8Array;
  /** A JSON array of objects: only a function taking the whole body accepts it. */
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
  const encoder = new TextEncoder();
  // PostgREST (Plan.hs callReadPlan) hands GET and form arguments to a call as one JSON object.
  const asJson = (named: Record<string, unknown>) => encoder.encode(JSON.stringify(named));
  if (isRead) {
    const named = collect(queryArgs);
    return { media: "json", named, raw: asJson(named) };
  }
  const media = bodyMedia(req.headers.get("content-type"));
  let raw: Uint8Array;
  try {
    raw = await readBody(req, MAX_BODY);
  } catch (err) {
    if (err instanceof BodyError) throw new RestError(413, "PGRST102", err.message);
    throw err;
  }
  const text = new TextDecoder().decode(raw);
  if (media === "form") {
    const named = collect(new URLSearchParams(text));
    return { media, named, raw: asJson(named) };
  }
  if (media !== "json") return { media, named: {}, raw };
  if (text.trim() === "") return { media, named: {}, raw };
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw invalidBody("Empty or invalid json");
  }
  // PostgREST's payloadAttributes (ApiRequest/Payload.hs): an object's keys name the arguments; an
  // array must hold objects with the same keys; any other value is kept as an empty array.
  const isObject = (v: unknown): v is Record<string, unknown> =>
    typeof v === "object" && v !== null && !Array.isArray(v);
  if (isObject(value)) return { media, named: value, raw };
  if (Array.isArray(value)) {
    if (!value.length) return { media, named: {}, raw: encoder.encode("[]") };
    const first: unknown = value[0];
    if (!isObject(first)) throw invalidBody("All object keys must match");
    const keys = Object.keys(first).sort().join("\u0000");
    if (!value.every((v) => isObject(v) && Object.keys(v).sort().join("\u0000") === keys))
      throw invalidBody("All object keys must match");
    return { media, named: first, raw, isArray: true };
  }
  return { media, named: {}, raw: encoder.encode("[]") };
}
