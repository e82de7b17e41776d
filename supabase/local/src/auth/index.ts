import type { Service } from "../http";
import type { AuthContext, Handler } from "./context";
import { AuthError, errorResponse, OAuthError } from "./errors";
import { clientAddress } from "./client-address";
import { refuseNul } from "./params";
import { guarded, routes } from "./routes";

interface CompiledRoute {
  method: string;
  pattern: RegExp;
  names: string[];
  handler: Handler;
}

function compile(): CompiledRoute[] {
  return routes.map((route) => {
    const [method, path] = route;
    const names: string[] = [];
    const source = path.replace(/[.]/g, "\\.").replace(/\{(\w+)\}/g, (_, name: string) => {
      names.push(name);
      return "([^/]+)";
    });
    return { method, pattern: new RegExp(`^${source}/?$`), names, handler: guarded(route) };
  });
}

/** GoTrue-compatible auth API under /auth/v1. */
export function createAuthService(): Service {
  const table = compile();
  return async (req, { backend, url, path, remoteAddress }) => {
    try {
      const method = req.method === "HEAD" ? "GET" : req.method;
      let pathMatched = false;
      for (const route of table) {
        const m = route.pattern.exec(path);
        if (!m) continue;
        pathMatched = true;
        if (route.method !== method) continue;
        let params: Record<string, string>;
        try {
          params = Object.fromEntries(route.names.map((n, i) => [n, decodeURIComponent(m[i + 1])]));
        } catch {
          throw new AuthError(404, "not_found", "Not Found");
        }
        for (const [key, value] of url.searchParams) refuseNul([key, value], "query string");
        refuseNul(Object.values(params), "path");
        const trusted = backend.config.auth.rateLimit.trustedProxies;
        const ip = clientAddress(req.headers, remoteAddress, trusted);
        const c: AuthContext = { req, backend, url, params, ip };
        return await route.handler(c);
      }
      if (pathMatched) throw new AuthError(405, "method_not_allowed", "Method Not Allowed");
      throw new AuthError(404, "not_found", "Not Found");
    } catch (err) {
      if (err instanceof AuthError || err instanceof OAuthError) {
        return errorResponse(err, req.headers);
      }
      backend.log(`auth ${req.method} ${path}: ${(err as Error).stack ?? String(err)}`);
      const failure = new AuthError(
        500,
        "unexpected_failure",
        "Unexpected failure, please check server logs for more information",
      );
      return errorResponse(failure, req.headers);
    }
  };
}
