/** PostgREST's error bodies `{code, message, details, hint}` and the HTTP statuses it gives them. */
export class RestError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly details: unknown = null,
    readonly hint: unknown = null,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }

  body(): Record<string, unknown> {
    return { code: this.code, details: this.details, hint: this.hint, message: this.message };
  }
}

/** PGRST100: the query string could not be parsed. */
export function parseError(
  what: string,
  input: string,
  column: number,
  details: string,
): RestError {
  return new RestError(
    400,
    "PGRST100",
    `"failed to parse ${what} (${input})" (line 1, column ${column})`,
    details,
  );
}

export const maxAffectedError = (rows: number) =>
  new RestError(
    400,
    "PGRST124",
    "Query result exceeds max-affected preference constraint",
    `The query affects ${rows} rows`,
  );

export const invalidBody = (message: string) => new RestError(400, "PGRST102", message);

export function invalidRange(details: string): RestError {
  return new RestError(416, "PGRST103", "Requested range not satisfiable", details);
}

export function unacceptableSchema(schema: string, schemas: string[]): RestError {
  return new RestError(
    406,
    "PGRST106",
    `Invalid schema: ${schema}`,
    null,
    `Only the following schemas are exposed: ${schemas.join(", ")}`,
  );
}

export function mediaTypeError(types: string[]): RestError {
  return new RestError(
    406,
    "PGRST107",
    `None of these media types are available: ${types.join(", ")}`,
  );
}

export function notEmbedded(resource: string): RestError {
  return new RestError(
    400,
    "PGRST108",
    `'${resource}' is not an embedded resource in this request`,
    null,
    `Verify that '${resource}' is included in the 'select' query parameter.`,
  );
}

export function singularityError(rows: number): RestError {
  return new RestError(
    406,
    "PGRST116",
    "Cannot coerce the result to a single JSON object",
    `The result contains ${rows} rows`,
  );
}

export function relatedOrderNotToOne(origin: string, target: string): RestError {
  return new RestError(
    400,
    "PGRST118",
    `A related order on '${target}' is not possible`,
    `'${origin}' and '${target}' do not form a many-to-one or one-to-one relationship`,
  );
}

export function unacceptableFilter(target: string): RestError {
  return new RestError(
    400,
    "PGRST120",
    `Bad operator on the '${target}' embedded resource`,
    "Only is null or not is null filters are allowed on embedded resources",
  );
}

export const aggregatesNotAllowed = () =>
  new RestError(400, "PGRST123", "Use of aggregate functions is not allowed");

export const invalidPath = () =>
  new RestError(404, "PGRST125", "Invalid path specified in request URL");

export function columnNotFound(relation: string, column: string): RestError {
  return new RestError(
    400,
    "PGRST204",
    `Could not find the '${column}' column of '${relation}' in the schema cache`,
  );
}

export function tableNotFound(schema: string, name: string, suggestion: string | null): RestError {
  return new RestError(
    404,
    "PGRST205",
    `Could not find the table '${schema}.${name}' in the schema cache`,
    null,
    suggestion ? `Perhaps you meant the table '${schema}.${suggestion}'` : null,
  );
}

function wwwAuthenticate(message: string): Record<string, string> {
  return {
    "www-authenticate": `Bearer error="invalid_token", error_description=${JSON.stringify(message)}`,
  };
}

/** PGRST301 (a token that cannot be decoded or verified) and PGRST303 (a claim such as exp fails). */
export function jwtError(kind: "invalid" | "expired", message: string): RestError {
  return kind === "expired"
    ? new RestError(401, "PGRST303", message, null, null, wwwAuthenticate(message))
    : new RestError(401, "PGRST301", message, null, null, wwwAuthenticate(message));
}

interface PgErrorLike {
  code?: string;
  message: string;
  detail?: string;
  hint?: string;
}

function isPgError(err: unknown): err is PgErrorLike & Error {
  if (!(err instanceof Error)) return false;
  const code: unknown = (err as { code?: unknown }).code;
  return typeof code === "string" && code.length === 5;
}

/** The status PostgREST gives a Postgres SQLSTATE (its pgErrorStatus table). */
export function pgStatus(code: string, message: string, authenticated: boolean): number {
  if (code === "42501") return authenticated ? 403 : 401;
  // A JWT naming a role that does not exist is a JWT error to PostgREST.
  if (code === "22023" && message.startsWith("role") && message.endsWith("does not exist"))
    return 401;
  if (code === "23503" || code === "23505") return 409;
  if (code === "25006") return 405;
  if (code === "21000") return message.endsWith("requires a WHERE clause") ? 400 : 500;
  if (code === "42883") return message.startsWith("function xmlagg(") ? 406 : 404;
  if (code === "42P01") return 404;
  if (code === "42P17") return 500;
  if (code === "53400") return 500;
  if (code === "57P01") return 503;
  if (code === "P0001") return 400;
  const two = code.slice(0, 2);
  const byClass: Record<string, number> = {
    "08": 503,
    "09": 500,
    "0L": 403,
    "0P": 403,
    "25": 500,
    "28": 403,
    "2D": 500,
    "38": 500,
    "39": 500,
    "3B": 500,
    "40": 500,
    "53": 503,
    "54": 500,
    "55": 500,
    "57": 500,
    "58": 500,
    F0: 500,
    HV: 500,
    P0: 500,
    XX: 500,
  };
  if (byClass[two] !== undefined) return byClass[two];
  if (two === "PT") {
    const status = Number(code.slice(2));
    return Number.isInteger(status) && status >= 100 && status <= 599 ? status : 500;
  }
  return 400;
}

/**
 * Turns what the database threw into PostgREST's answer. `RAISE SQLSTATE 'PGRST'` with a JSON message
 * and detail gives the caller full control of code, message, status and headers, as PostgREST allows.
 */
export function fromDatabaseError(err: unknown, authenticated: boolean): RestError | null {
  if (err instanceof RestError) return err;
  if (!isPgError(err)) return null;
  const code = err.code ?? "";
  if (code === "PGRST") return fromRaisePgrst(err);
  const status = pgStatus(code, err.message, authenticated);
  const headers: Record<string, string> = status === 401 ? { "www-authenticate": "Bearer" } : {};
  return new RestError(status, code, err.message, err.detail ?? null, err.hint ?? null, headers);
}

function fromRaisePgrst(err: PgErrorLike): RestError {
  const parse = (text: string | undefined): Record<string, unknown> | null => {
    try {
      const v: unknown = JSON.parse(text ?? "");
      return v && typeof v === "object" && !Array.isArray(v)
        ? (v as Record<string, unknown>)
        : null;
    } catch {
      return null;
    }
  };
  const msg = parse(err.message);
  const problem = (details: string, hint: string) =>
    new RestError(
      500,
      "PGRST121",
      `Could not parse JSON in the "RAISE SQLSTATE 'PGRST'" error`,
      details,
      hint,
    );
  const msgHint =
    "MESSAGE must be a JSON object with obligatory keys: 'code', 'message' and optional keys: 'details', 'hint'.";
  const detHint =
    "DETAIL must be a JSON object with obligatory keys: 'status', 'headers' and optional key: 'status_text'.";
  if (!msg || typeof msg.code !== "string" || typeof msg.message !== "string") {
    return problem(`Invalid JSON value for MESSAGE: '${err.message}'`, msgHint);
  }
  if (err.detail === undefined) return problem("DETAIL is missing in the RAISE statement", detHint);
  const det = parse(err.detail);
  if (!det || typeof det.status !== "number" || !det.headers || typeof det.headers !== "object") {
    return problem(`Invalid JSON value for DETAIL: '${err.detail}'`, detHint);
  }
  const headers: Record<string, string> = {};
  for (const [k, v] of Object.entries(det.headers as Record<string, unknown>))
    if (typeof v === "string") headers[k.toLowerCase()] = v;
  return new RestError(
    det.status,
    msg.code,
    msg.message,
    msg.details ?? null,
    msg.hint ?? null,
    headers,
  );
}
