import { BodyError, readBody } from "../../http";
import { AuthError, badRequest } from "../errors";
import { isUuid, refuseNul } from "../params";
import { findClient, secretMatches, type ClientRow } from "./clients";

/** The token endpoint's body, read once: a form (with the query string under it) or JSON. */
export interface TokenBody {
  fields: Record<string, unknown>;
  /** Set when the JSON body does not decode into an object. */
  malformed: boolean;
  json: boolean;
}

export async function readTokenBody(req: Request, url: URL): Promise<TokenBody> {
  let bytes: Uint8Array;
  try {
    bytes = await readBody(req, 1024 * 1024);
  } catch (err) {
    if (err instanceof BodyError)
      throw new AuthError(413, "request_entity_too_large", "Request body too large");
    throw err;
  }
  const text = new TextDecoder().decode(bytes);
  refuseNul(text, "request body");
  if ((req.headers.get("content-type") ?? "").includes("application/json")) {
    try {
      const value: unknown = JSON.parse(text);
      if (value === null) return { fields: {}, malformed: false, json: true };
      if (typeof value === "object" && !Array.isArray(value))
        return { fields: value as Record<string, unknown>, malformed: false, json: true };
    } catch {
      // Go's decoder fails the same way on any text that is not one JSON object.
    }
    return { fields: {}, malformed: true, json: true };
  }
  // Go's FormValue: the body's first value, else the query string's.
  const fields: Record<string, unknown> = {};
  for (const source of [new URLSearchParams(text), url.searchParams])
    for (const [key, value] of source) if (!(key in fields)) fields[key] = value;
  return { fields, malformed: false, json: false };
}

const invalid = (why: string) => badRequest("invalid_credentials", why);

function credentials(req: Request, body: TokenBody) {
  const header = req.headers.get("authorization") ?? "";
  if (header.startsWith("Basic ")) {
    const encoded = header.slice("Basic ".length);
    if (!/^[A-Za-z0-9+/]*={0,2}$/.test(encoded) || encoded.length % 4 !== 0)
      throw invalid("Invalid client credentials: invalid basic auth encoding");
    const decoded = Buffer.from(encoded, "base64").toString("utf8");
    const colon = decoded.indexOf(":");
    if (colon < 0) throw invalid("Invalid client credentials: invalid basic auth format");
    return {
      id: decoded.slice(0, colon),
      secret: decoded.slice(colon + 1),
      method: "client_secret_basic",
    };
  }
  const { client_id: id, client_secret: secret } = body.fields;
  const typed = (v: unknown) => v === undefined || v === null || typeof v === "string";
  if (body.json && (body.malformed || !typed(id) || !typed(secret)))
    throw invalid("Invalid client credentials: failed to parse JSON body");
  const clientId = (id as string | undefined) ?? "";
  const clientSecret = (secret as string | undefined) ?? "";
  if (!clientId) throw invalid("Invalid client credentials: client_id is required");
  return {
    id: clientId,
    secret: clientSecret,
    method: clientSecret ? "client_secret_post" : "none",
  };
}

/**
 * GoTrue's requireOAuthClientAuth: the client names itself (Basic header, or client_id in the
 * body) and proves it with the method it registered; a public client proves nothing.
 */
export async function authenticateClient(
  req: Request,
  body: TokenBody,
  db: Parameters<typeof findClient>[0],
): Promise<ClientRow> {
  const creds = credentials(req, body);
  if (!isUuid(creds.id)) throw invalid("Invalid client_id format");
  const client = await findClient(db, creds.id);
  if (!client) throw invalid("Invalid client credentials");
  if (creds.method !== client.token_endpoint_auth_method)
    throw invalid(
      `invalid authentication method: client is registered for '${client.token_endpoint_auth_method}' but '${creds.method}' was used`,
    );
  if (client.client_type === "public") {
    if (creds.secret) throw invalid("public clients must not provide client_secret");
  } else {
    if (!creds.secret) throw invalid("confidential clients must provide client_secret");
    if (!secretMatches(creds.secret, client.client_secret_hash))
      throw invalid("invalid client credentials");
  }
  return client;
}
