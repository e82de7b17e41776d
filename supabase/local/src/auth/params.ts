import { BodyError, readJson } from "../http";
import { AuthError, badRequest } from "./errors";

/** GoTrue reads bodies into typed structs; a body that does not fit is `bad_json`. */
const BODY_LIMIT = 1024 * 1024;

export type Params = Record<string, unknown>;

export async function readParams(req: Request): Promise<Params> {
  let body: unknown;
  try {
    body = await readJson(req, BODY_LIMIT);
  } catch (err) {
    if (err instanceof BodyError && err.kind === "too_large") {
      throw new AuthError(413, "request_entity_too_large", "Request body too large");
    }
    if (err instanceof BodyError)
      throw badRequest("bad_json", `Could not parse request body as JSON: ${err.message}`);
    throw err;
  }
  if (body === undefined || body === null) return {};
  if (typeof body !== "object" || Array.isArray(body)) {
    throw badRequest(
      "bad_json",
      "Could not parse request body as JSON: the body must be a JSON object",
    );
  }
  refuseNul(body, "request body");
  return body as Params;
}

/**
 * Postgres text cannot hold a NUL character; a value carrying one is refused here with a clear
 * message rather than failing in the database.
 */
export function refuseNul(value: unknown, where: string): void {
  if (typeof value === "string") {
    if (value.includes("\u0000"))
      throw badRequest("validation_failed", `The ${where} must not contain NUL characters`);
  } else if (Array.isArray(value)) {
    for (const item of value) refuseNul(item, where);
  } else if (value && typeof value === "object") {
    for (const [key, item] of Object.entries(value)) {
      refuseNul(key, where);
      refuseNul(item, where);
    }
  }
}

function typeError(key: string, want: string): AuthError {
  return badRequest(
    "bad_json",
    `Could not parse request body as JSON: json: cannot unmarshal into field ${key} of type ${want}`,
  );
}

/** A string field; absent or null is "" as in GoTrue's structs. */
export function str(p: Params, key: string): string {
  const v = p[key];
  if (v === undefined || v === null) return "";
  if (typeof v !== "string") throw typeError(key, "string");
  return v;
}

/** A string field where null and absent differ from "" (e.g. `password` on PUT /user). */
export function optionalStr(p: Params, key: string): string | undefined {
  const v = p[key];
  if (v === undefined || v === null) return undefined;
  if (typeof v !== "string") throw typeError(key, "string");
  return v;
}

export function bool(p: Params, key: string, fallback: boolean): boolean {
  const v = p[key];
  if (v === undefined || v === null) return fallback;
  if (typeof v !== "boolean") throw typeError(key, "bool");
  return v;
}

export function object(p: Params, key: string): Record<string, unknown> | undefined {
  const v = p[key];
  if (v === undefined || v === null) return undefined;
  if (typeof v !== "object" || Array.isArray(v)) throw typeError(key, "map[string]interface {}");
  return v as Record<string, unknown>;
}

// GoTrue's own email check: a local part, an @ and a domain with a dot, no spaces.
const EMAIL =
  /^[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)+$/;

/** Validates and normalises an email address as GoTrue does (trimmed, lower case). */
export function validEmail(raw: string): string {
  const email = raw.trim().toLowerCase();
  if (email.length > 255 || !EMAIL.test(email)) {
    throw badRequest("email_address_invalid", "Unable to validate email address: invalid format");
  }
  return email;
}

export function isUuid(value: string): boolean {
  return /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value);
}
