import type { AuthContext } from "../context";
import { notFound } from "../errors";

/**
 * GoTrue's requireOAuthServerEnabled. It runs where GoTrue mounts it: after the admin or user
 * guard on /admin/oauth and /user/oauth, before anything else on /oauth.
 */
export function requireEnabled(c: AuthContext): void {
  if (!c.backend.config.auth.oauthServer.enabled)
    throw notFound("feature_disabled", "OAuth server is disabled");
}
