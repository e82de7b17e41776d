import type { AuthConfig } from "./context";

function globToRegExp(glob: string): RegExp {
  let re = "";
  for (let i = 0; i < glob.length; i++) {
    const ch = glob[i];
    if (ch === "*" && glob[i + 1] === "*") {
      re += ".*";
      i++;
    } else if (ch === "*") {
      re += "[^./]*";
    } else if (ch === "?") {
      re += "[^./]";
    } else {
      re += ch.replace(/[.+^${}()|[\]\\]/g, "\\$&");
    }
  }
  return new RegExp(`^${re}$`);
}

const REGULAR_HOSTNAME = /^[a-zA-Z0-9]([a-zA-Z0-9.-]*[a-zA-Z0-9])?$/;

/**
 * GoTrue's IsRedirectURLValid: no control characters or spaces; an http(s) URL back to the site
 * (same scheme, host and port; unlike GoTrue, a loopback host gets no port leeway, as no native
 * app signs in here) or one matching an entry of
 * additional_redirect_urls as a glob (`*` stops at `.` and `/`, `**` does not; the fragment is
 * not matched). Decimal IP hosts and unusual host names never pass the site rule.
 */
export function isRedirectAllowed(auth: AuthConfig, candidate: string): boolean {
  if (!candidate || /[\u0000-\u0020\u007f]/.test(candidate)) return false;
  let site: URL;
  let target: URL;
  try {
    site = new URL(auth.siteUrl);
    target = new URL(candidate);
  } catch {
    return false;
  }
  const isHttp = target.protocol === "http:" || target.protocol === "https:";
  if (!isHttp) return false;
  const host = target.hostname;
  const oddHost = host.startsWith("[") ? host !== "[::1]" : !REGULAR_HOSTNAME.test(host);
  if (/^[0-9]+$/.test(host) || oddHost) return false;
  if (
    site.hostname === target.hostname &&
    site.protocol === target.protocol &&
    site.port === target.port
  )
    return true;
  const withoutFragment = candidate.split("#")[0];
  return auth.additionalRedirectUrls.some((glob) => globToRegExp(glob).test(withoutFragment));
}

/** The redirect a request asked for when it is allowed, otherwise the site URL. */
export function safeRedirect(auth: AuthConfig, candidate: string | null | undefined): string {
  return candidate && isRedirectAllowed(auth, candidate) ? candidate : auth.siteUrl;
}
