import type { Route } from "../routes";
import {
  createClient,
  deleteClient,
  getClient,
  listClients,
  regenerateSecret,
  registerDynamically,
  updateClient,
} from "./admin";
import { authorize } from "./authorize";
import { authorizationDetails, consent } from "./consent";
import { listGrants, revokeGrant, userInfo } from "./grants";
import { authorizationServerMetadata, openIdConfiguration } from "./metadata";
import { oauthToken } from "./token";

/**
 * The OAuth 2.1 server's routes. Each handler answers "OAuth server is disabled" itself when
 * [auth.oauth_server] is off, after the guard GoTrue runs before that check (admin, user) and
 * before the caller is looked at on /oauth, where GoTrue checks first.
 */
export const oauthServerRoutes: Route[] = [
  ["GET", "/.well-known/openid-configuration", "public", openIdConfiguration],
  ["GET", "/.well-known/oauth-authorization-server", "public", authorizationServerMetadata],
  ["GET", "/user/oauth/grants", "user", listGrants],
  ["DELETE", "/user/oauth/grants", "user", revokeGrant],
  ["GET", "/admin/oauth/clients", "admin", listClients],
  ["POST", "/admin/oauth/clients", "admin", createClient],
  ["GET", "/admin/oauth/clients/{id}", "admin", getClient],
  ["PUT", "/admin/oauth/clients/{id}", "admin", updateClient],
  ["DELETE", "/admin/oauth/clients/{id}", "admin", deleteClient],
  ["POST", "/admin/oauth/clients/{id}/regenerate_secret", "admin", regenerateSecret],
  ["POST", "/oauth/clients/register", "public", registerDynamically],
  ["POST", "/oauth/token", "public", oauthToken],
  ["GET", "/oauth/userinfo", "public", userInfo],
  ["GET", "/oauth/authorize", "public", authorize],
  ["GET", "/oauth/authorizations/{id}", "public", authorizationDetails],
  ["POST", "/oauth/authorizations/{id}/consent", "public", consent],
];
