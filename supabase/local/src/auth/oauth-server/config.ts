import type { ConfigSource } from "../../config/config-source";

/** `[auth.oauth_server]`: the project acting as an OAuth 2.1 / OpenID Connect provider. */
export interface OAuthServerConfig {
  enabled: boolean;
  /** Path on the site URL of the consent page /oauth/authorize sends the browser to. */
  authorizationUrlPath: string;
  /** Whether anyone may register a client at /oauth/clients/register (RFC 7591). */
  allowDynamicRegistration: boolean;
}

export function parseOAuthServerConfig(c: ConfigSource): OAuthServerConfig {
  return {
    enabled: c.boolean("auth.oauth_server.enabled", false),
    authorizationUrlPath: c.string("auth.oauth_server.authorization_url_path", ""),
    allowDynamicRegistration: c.boolean("auth.oauth_server.allow_dynamic_registration", false),
  };
}
