import { badRequest } from "../errors";

/** GoTrue's client fields and their rules (oauthserver/service.go), with its exact words. */

export const AUTH_METHODS = ["none", "client_secret_basic", "client_secret_post"] as const;
/** How Go prints a []string in an error message. */
export const goList = (items: readonly string[]) => `[${items.join(" ")}]`;

const DANGEROUS_SCHEMES = ["javascript", "data", "file", "vbscript", "about", "blob"];

/** Go's url.Parse enough to tell scheme, host and fragment apart, also for custom schemes. */
function parseUri(
  uri: string,
): { scheme: string; host: string; hostname: string; fragment: string } | null {
  const m = /^([a-zA-Z][a-zA-Z0-9+.-]*):(.*)$/s.exec(uri);
  if (!m) return { scheme: "", host: "", hostname: "", fragment: uri.split("#")[1] ?? "" };
  const [, scheme, rest] = m;
  const [beforeFragment, ...fragmentParts] = rest.split("#");
  const authority = /^\/\/([^/?]*)/.exec(beforeFragment)?.[1] ?? "";
  const host = authority.replace(/^[^@]*@/, "");
  const hostname = host.startsWith("[")
    ? host.slice(1, host.indexOf("]"))
    : host.replace(/:\d*$/, "");
  if (/[\s<>"{}|\\^`]/.test(uri)) return null;
  return { scheme, host, hostname, fragment: fragmentParts.join("#") };
}

function redirectUriProblem(uri: string): string | null {
  if (!uri) return "redirect URI cannot be empty";
  const u = parseUri(uri);
  if (!u) return "invalid URL format";
  if (!u.scheme || !u.host) return "must have scheme and host";
  if (DANGEROUS_SCHEMES.includes(u.scheme.toLowerCase()))
    return `scheme '${u.scheme}' is not allowed for security reasons`;
  if (u.scheme === "http" && !["localhost", "127.0.0.1", "::1"].includes(u.hostname))
    return "HTTP scheme only allowed for localhost";
  if (u.fragment) return "fragment not allowed in redirect URI";
  return null;
}

export function checkRedirectUris(uris: string[] | undefined, required: boolean): void {
  if (required && (!uris || uris.length === 0))
    throw badRequest("validation_failed", "redirect_uris is required");
  if (!uris || uris.length === 0)
    throw badRequest("validation_failed", "redirect_uris cannot be empty");
  if (uris.length > 10)
    throw badRequest("validation_failed", "redirect_uris cannot exceed 10 items");
  for (const uri of uris) {
    const problem = redirectUriProblem(uri);
    if (problem) throw badRequest("validation_failed", `invalid redirect_uri '${uri}': ${problem}`);
  }
}

export function checkGrantTypes(types: string[]): void {
  if (types.length === 0) throw badRequest("validation_failed", "grant_types cannot be empty");
  if (types.some((t) => t !== "authorization_code" && t !== "refresh_token"))
    throw badRequest(
      "validation_failed",
      "grant_types must only contain 'authorization_code' and/or 'refresh_token'",
    );
}

export function checkClientName(name: string): void {
  if (Buffer.byteLength(name) > 1024)
    throw badRequest("validation_failed", "client_name cannot exceed 1024 characters");
}

/** Go's url.ParseRequestURI: an absolute URI or an absolute path. */
function isRequestUri(value: string): boolean {
  if (value.startsWith("/")) return !/\s/.test(value);
  return /^[a-zA-Z][a-zA-Z0-9+.-]*:\S*$/.test(value);
}

export function checkUri(value: string, name: "client_uri" | "logo_uri"): void {
  if (!value) return;
  if (Buffer.byteLength(value) > 2048)
    throw badRequest("validation_failed", `${name} cannot exceed 2048 characters`);
  if (!isRequestUri(value)) throw badRequest("validation_failed", `${name} must be a valid URL`);
}

export function validAuthMethodsFor(clientType: string): string[] {
  return clientType === "public" ? ["none"] : ["client_secret_basic", "client_secret_post"];
}

export function clientTypeOf(explicit: string, authMethod: string): "public" | "confidential" {
  if (explicit) return explicit as "public" | "confidential";
  return authMethod === "none" ? "public" : "confidential";
}
