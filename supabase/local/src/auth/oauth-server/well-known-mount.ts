import type { Mount, Service } from "../../http";

const PATH = "/.well-known/oauth-authorization-server";

/**
 * RFC 8414 metadata at the API's root, where the CLI's gateway forwards it to the auth server,
 * and with the issuer's path appended (`…/auth/v1`), where OAuth clients that insert the path,
 * as MCP clients do, look for it on hosted projects.
 */
export function authorizationServerMetadataMount(auth: Service): Mount {
  return {
    prefix: PATH,
    handle: (req, ctx) => {
      const rest = ctx.path === "/" || ctx.path === "/auth/v1" ? "" : ctx.path;
      return auth(req, { ...ctx, path: `${PATH}${rest}` });
    },
  };
}
