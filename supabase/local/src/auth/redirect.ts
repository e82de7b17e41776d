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

/**
 * GoTrue's redirect check: the site URL's host, or one of additional_redirect_urls as a glob
 * (`*` stops at `.` and `/`, `**` does not). Anything else falls back to the site URL.
 */
export function safeRedirect(auth: AuthConfig, candidate: string | null | undefined): string {
  if (!candidate) return auth.siteUrl;
  let target: URL;
  try {
    target = new URL(candidate);
  } catch {
    return auth.siteUrl;
  }
  try {
    if (new URL(auth.siteUrl).hostname === target.hostname) return candidate;
  } catch {
    // an unparsable site URL only disables the same-host rule
  }
  const exact = candidate.replace(/#.*$/, "");
  if (auth.additionalRedirectUrls.some((glob) => globToRegExp(glob).test(exact))) return candidate;
  return auth.siteUrl;
}
