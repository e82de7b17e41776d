import { createHash, randomBytes, randomUUID, timingSafeEqual } from "node:crypto";
import type { Queryable } from "../context";
import { AuthError, badRequest, notFound } from "../errors";
import { isUuid } from "../params";
import {
  AUTH_METHODS,
  checkClientName,
  checkGrantTypes,
  checkRedirectUris,
  checkUri,
  clientTypeOf,
  goList,
} from "./validate";

/** A row of auth.oauth_clients. */
export interface ClientRow {
  id: string;
  client_secret_hash: string | null;
  registration_type: "dynamic" | "manual";
  redirect_uris: string;
  grant_types: string;
  client_name: string | null;
  client_uri: string | null;
  logo_uri: string | null;
  created_at: Date;
  updated_at: Date;
  deleted_at: Date | null;
  client_type: "public" | "confidential";
  token_endpoint_auth_method: string;
}

const split = (list: string) => (list ? list.split(",") : []);
export const redirectUrisOf = (c: ClientRow) => split(c.redirect_uris);
export const grantTypesOf = (c: ClientRow) => split(c.grant_types).map((t) => t.trim());

/** The client as GoTrue's OAuthServerClientResponse shows it (empty fields left out). */
export function clientJson(c: ClientRow, secret?: string): Record<string, unknown> {
  const out: Record<string, unknown> = { client_id: c.id };
  if (secret) out.client_secret = secret;
  out.client_type = c.client_type;
  const uris = redirectUrisOf(c);
  if (uris.length) out.redirect_uris = uris;
  out.token_endpoint_auth_method = c.token_endpoint_auth_method;
  const grants = split(c.grant_types);
  if (grants.length) out.grant_types = grants;
  out.response_types = ["code"];
  if (c.client_name) out.client_name = c.client_name;
  if (c.client_uri) out.client_uri = c.client_uri;
  if (c.logo_uri) out.logo_uri = c.logo_uri;
  out.registration_type = c.registration_type;
  out.created_at = c.created_at;
  out.updated_at = c.updated_at;
  return out;
}

/** A live (not soft-deleted) client. */
export async function findClient(db: Queryable, id: string): Promise<ClientRow | null> {
  if (!isUuid(id)) return null;
  const { rows } = await db.query<ClientRow>(
    "select * from auth.oauth_clients where id = $1 and deleted_at is null",
    [id],
  );
  return rows[0] ?? null;
}

/** The client of an admin route's {id}, with GoTrue's LoadOAuthServerClient answers. */
export async function loadClient(db: Queryable, id: string): Promise<ClientRow> {
  if (!isUuid(id)) throw badRequest("validation_failed", "invalid client_id format");
  const client = await findClient(db, id);
  if (!client) throw notFound("oauth_client_not_found", "OAuth client not found");
  return client;
}

/** 32 random bytes, base64url; only their SHA-256 is stored. */
export function newSecret(): { secret: string; hash: string } {
  const secret = randomBytes(32).toString("base64url");
  return { secret, hash: createHash("sha256").update(secret).digest("base64url") };
}

export function secretMatches(provided: string, storedHash: string | null): boolean {
  if (!storedHash) return false;
  const stored = Buffer.from(storedHash, "base64url");
  const computed = createHash("sha256").update(provided).digest();
  return stored.length === computed.length && timingSafeEqual(stored, computed);
}

export interface RegisterParams {
  redirect_uris?: string[];
  client_type?: string;
  token_endpoint_auth_method?: string;
  grant_types?: string[];
  client_name?: string;
  client_uri?: string;
  logo_uri?: string;
}

function checkRegistration(p: RegisterParams): void {
  checkRedirectUris(p.redirect_uris, true);
  if (p.grant_types?.length) checkGrantTypes(p.grant_types);
  checkClientName(p.client_name ?? "");
  checkUri(p.client_uri ?? "", "client_uri");
  checkUri(p.logo_uri ?? "", "logo_uri");
  const type = p.client_type ?? "";
  if (type && type !== "public" && type !== "confidential")
    throw badRequest("validation_failed", "client_type must be 'public' or 'confidential'");
  const method = p.token_endpoint_auth_method ?? "";
  if (method && !(AUTH_METHODS as readonly string[]).includes(method))
    throw badRequest(
      "validation_failed",
      `token_endpoint_auth_method must be one of: ${goList(AUTH_METHODS)}`,
    );
  if (type && method) {
    const expected = clientTypeOf("", method);
    if (type !== expected)
      throw badRequest(
        "validation_failed",
        `client_type '${type}' is inconsistent with token_endpoint_auth_method '${method}' (expected client_type '${expected}')`,
      );
  }
}

/** Registers a client; a confidential one gets its secret, shown this once. */
export async function registerClient(
  db: Queryable,
  p: RegisterParams,
  registrationType: "dynamic" | "manual",
): Promise<{ client: ClientRow; secret?: string }> {
  try {
    checkRegistration(p);
  } catch (err) {
    // GoTrue wraps the validation error's own text ("400: …") in a second validation error.
    if (err instanceof AuthError)
      throw badRequest("validation_failed", `${err.status}: ${err.message}`);
    throw err;
  }
  const clientType = clientTypeOf(p.client_type ?? "", p.token_endpoint_auth_method ?? "");
  const method =
    p.token_endpoint_auth_method || (clientType === "public" ? "none" : "client_secret_basic");
  const grants = p.grant_types?.length ? p.grant_types : ["authorization_code", "refresh_token"];
  const secret = clientType === "confidential" ? newSecret() : null;
  const { rows } = await db.query<ClientRow>(
    `insert into auth.oauth_clients (id, client_secret_hash, registration_type, redirect_uris, grant_types,
       client_name, client_uri, logo_uri, created_at, updated_at, client_type, token_endpoint_auth_method)
     values ($1, $2, $3, $4, $5, $6, $7, $8, now(), now(), $9, $10) returning *`,
    [
      randomUUID(),
      secret?.hash ?? null,
      registrationType,
      p.redirect_uris!.join(","),
      grants.join(","),
      p.client_name || null,
      p.client_uri || null,
      p.logo_uri || null,
      clientType,
      method,
    ],
  );
  return { client: rows[0], secret: secret?.secret };
}
