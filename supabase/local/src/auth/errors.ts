import { json } from "../http";

/** An error the auth server answers with its own JSON shape (GoTrue's HTTPError). */
export class AuthError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly extra: Record<string, unknown> = {},
  ) {
    super(message);
  }
}

/** RFC 6749 errors, which GoTrue answers as `{error, error_description}` with status 400. */
export class OAuthError extends Error {
  constructor(
    readonly error: string,
    readonly description: string,
  ) {
    super(description);
  }
}

export const badRequest = (code: string, msg: string) => new AuthError(400, code, msg);
export const unauthorized = (code: string, msg: string) => new AuthError(401, code, msg);
export const forbidden = (code: string, msg: string) => new AuthError(403, code, msg);
export const notFound = (code: string, msg: string) => new AuthError(404, code, msg);
export const unprocessable = (code: string, msg: string) => new AuthError(422, code, msg);
export const tooManyRequests = (code: string, msg: string) => new AuthError(429, code, msg);

export function weakPassword(message: string, reasons: string[]): AuthError {
  return new AuthError(422, "weak_password", message, { weak_password: { reasons } });
}

export const API_VERSION_HEADER = "x-supabase-api-version";
const API_2024_01_01 = Date.UTC(2024, 0, 1);

/**
 * The API version a request asks for. Clients that send 2024-01-01 or later (every supabase-js
 * since 2.40) get `{code: "<error code>", message}`; older ones the original `{code, error_code, msg}`.
 */
export function wantsApi20240101(headers: Headers): boolean {
  const raw = headers.get(API_VERSION_HEADER);
  if (!raw || !/^\d{4}-\d{2}-\d{2}$/.test(raw)) return false;
  const at = Date.parse(`${raw}T00:00:00Z`);
  return Number.isFinite(at) && at >= API_2024_01_01;
}

export function errorResponse(err: AuthError | OAuthError, headers: Headers): Response {
  if (err instanceof OAuthError) {
    return json({ error: err.error, error_description: err.description }, 400);
  }
  const h = new Headers({ "x-sb-error-code": err.code });
  if (wantsApi20240101(headers)) {
    h.set(API_VERSION_HEADER, "2024-01-01");
    return json({ code: err.code, message: err.message, ...err.extra }, err.status, h);
  }
  return json(
    { code: err.status, error_code: err.code, msg: err.message, ...err.extra },
    err.status,
    h,
  );
}
