import { json } from "../../http";
import type { AuthContext } from "../context";
import { badRequest, forbidden } from "../errors";
import { decode, readJsonObject } from "./body";
import {
  clientJson,
  loadClient,
  newSecret,
  registerClient,
  type ClientRow,
  type RegisterParams,
} from "./clients";
import { requireEnabled } from "./enabled";
import { takeRegistration } from "./registration-limit";
import {
  AUTH_METHODS,
  checkClientName,
  checkGrantTypes,
  checkRedirectUris,
  checkUri,
  goList,
  validAuthMethodsFor,
} from "./validate";

const CLIENT_FIELDS = {
  redirect_uris: "strings",
  client_type: "string",
  token_endpoint_auth_method: "string",
  grant_types: "strings",
  client_name: "string",
  client_uri: "string",
  logo_uri: "string",
} as const;

/** The update takes every field but the client type, which a client keeps for life. */
const { client_type: _clientType, ...UPDATE_FIELDS } = CLIENT_FIELDS;

const invalidJson = () => badRequest("bad_json", "Invalid JSON body");

async function registration(c: AuthContext, type: "dynamic" | "manual"): Promise<Response> {
  const body = await readJsonObject(c.req, "Invalid JSON body");
  const params = decode(body, CLIENT_FIELDS, invalidJson) as RegisterParams;
  const { client, secret } = await registerClient(c.backend.db, params, type);
  return json(clientJson(client, secret), 201);
}

/** POST /admin/oauth/clients: a client an administrator registers. */
export async function createClient(c: AuthContext): Promise<Response> {
  requireEnabled(c);
  return registration(c, "manual");
}

/** POST /oauth/clients/register: RFC 7591 registration, open to anyone when the project allows it. */
export async function registerDynamically(c: AuthContext): Promise<Response> {
  requireEnabled(c);
  takeRegistration(c.backend, c.ip);
  if (!c.backend.config.auth.oauthServer.allowDynamicRegistration)
    throw forbidden(
      "oauth_dynamic_client_registration_disabled",
      "Dynamic client registration is not enabled",
    );
  return registration(c, "dynamic");
}

/** GET /admin/oauth/clients: every live client, newest first (GoTrue does not paginate them). */
export async function listClients(c: AuthContext): Promise<Response> {
  requireEnabled(c);
  const { rows } = await c.backend.db.query<ClientRow>(
    "select * from auth.oauth_clients where deleted_at is null order by created_at desc",
  );
  // The list is left out when empty, as Go's omitempty does.
  return json(rows.length ? { clients: rows.map((row) => clientJson(row)) } : {});
}

export async function getClient(c: AuthContext): Promise<Response> {
  requireEnabled(c);
  return json(clientJson(await loadClient(c.backend.db, c.params.id)));
}

function checkUpdate(p: RegisterParams): void {
  if (p.redirect_uris !== undefined) checkRedirectUris(p.redirect_uris, false);
  if (p.grant_types !== undefined) checkGrantTypes(p.grant_types);
  if (p.client_name !== undefined) checkClientName(p.client_name);
  if (p.client_uri !== undefined) checkUri(p.client_uri, "client_uri");
  if (p.logo_uri !== undefined) checkUri(p.logo_uri, "logo_uri");
  const method = p.token_endpoint_auth_method;
  if (method !== undefined && !(AUTH_METHODS as readonly string[]).includes(method))
    throw badRequest(
      "validation_failed",
      `invalid token_endpoint_auth_method: must be one of ${goList(AUTH_METHODS)}`,
    );
}

/** PUT /admin/oauth/clients/{id}: changes only the fields given. */
export async function updateClient(c: AuthContext): Promise<Response> {
  requireEnabled(c);
  const client = await loadClient(c.backend.db, c.params.id);
  const body = await readJsonObject(c.req, "Invalid JSON body");
  const p = decode(body, UPDATE_FIELDS, invalidJson) as RegisterParams;
  if (Object.values(p).every((v) => v === undefined))
    throw badRequest("validation_failed", "No fields provided for update");
  checkUpdate(p);
  const method = p.token_endpoint_auth_method;
  if (method !== undefined && !validAuthMethodsFor(client.client_type).includes(method))
    throw badRequest(
      "validation_failed",
      `token_endpoint_auth_method '${method}' is not valid for client_type '${client.client_type}'; valid methods: ${goList(validAuthMethodsFor(client.client_type))}`,
    );
  const optional = (v: string | undefined, current: string | null) =>
    v === undefined ? current : v || null;
  const { rows } = await c.backend.db.query<ClientRow>(
    `update auth.oauth_clients set redirect_uris = $2, grant_types = $3, client_name = $4, client_uri = $5,
       logo_uri = $6, token_endpoint_auth_method = $7, updated_at = now()
     where id = $1 returning *`,
    [
      client.id,
      p.redirect_uris?.join(",") ?? client.redirect_uris,
      p.grant_types?.join(",") ?? client.grant_types,
      optional(p.client_name, client.client_name),
      optional(p.client_uri, client.client_uri),
      optional(p.logo_uri, client.logo_uri),
      method ?? client.token_endpoint_auth_method,
    ],
  );
  return json(clientJson(rows[0]));
}

/** DELETE /admin/oauth/clients/{id}: a soft delete, as GoTrue keeps the row with deleted_at set. */
export async function deleteClient(c: AuthContext): Promise<Response> {
  requireEnabled(c);
  const client = await loadClient(c.backend.db, c.params.id);
  await c.backend.db.query(
    "update auth.oauth_clients set deleted_at = now(), updated_at = now() where id = $1",
    [client.id],
  );
  return new Response(null, { status: 204 });
}

/** POST /admin/oauth/clients/{id}/regenerate_secret: the old secret stops working at once. */
export async function regenerateSecret(c: AuthContext): Promise<Response> {
  requireEnabled(c);
  const client = await loadClient(c.backend.db, c.params.id);
  if (client.client_type !== "confidential")
    throw badRequest("validation_failed", "Cannot regenerate secret for public client");
  const { secret, hash } = newSecret();
  const { rows } = await c.backend.db.query<ClientRow>(
    "update auth.oauth_clients set client_secret_hash = $2, updated_at = now() where id = $1 returning *",
    [client.id, hash],
  );
  return json(clientJson(rows[0], secret));
}
