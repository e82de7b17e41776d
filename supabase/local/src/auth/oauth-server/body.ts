import { BodyError, readJson } from "../../http";
import { AuthError, badRequest } from "../errors";
import { refuseNul } from "../params";

const BODY_LIMIT = 1024 * 1024;

/**
 * A JSON object body as Go's json.Decoder takes it into a struct: any body that does not decode
 * (empty, not JSON, a field of the wrong type) is one `bad_json` error with the handler's words.
 */
export async function readJsonObject(
  req: Request,
  message: string,
): Promise<Record<string, unknown>> {
  let body: unknown;
  try {
    body = await readJson(req, BODY_LIMIT);
  } catch (err) {
    if (err instanceof BodyError && err.kind === "too_large")
      throw new AuthError(413, "request_entity_too_large", "Request body too large");
    if (err instanceof BodyError) throw badRequest("bad_json", message);
    throw err;
  }
  if (body === undefined) throw badRequest("bad_json", message);
  if (body === null) return {};
  if (typeof body !== "object" || Array.isArray(body)) throw badRequest("bad_json", message);
  refuseNul(body, "request body");
  return body as Record<string, unknown>;
}

export type Decoded = Record<string, string | string[] | undefined>;

/**
 * Checks the fields a Go struct would decode: each listed key is absent/null (undefined here), a
 * string, or a list of strings; any other type fails the whole decode with `fail()`.
 */
export function decode(
  p: Record<string, unknown>,
  spec: Record<string, "string" | "strings">,
  fail: () => Error,
): Decoded {
  const out: Decoded = {};
  for (const [key, kind] of Object.entries(spec)) {
    const v = p[key];
    if (v === undefined || v === null) continue;
    const ok =
      kind === "string"
        ? typeof v === "string"
        : Array.isArray(v) && v.every((x) => typeof x === "string");
    if (!ok) throw fail();
    out[key] = v as string | string[];
  }
  return out;
}
