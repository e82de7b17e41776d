import { safeNextPath } from "@/lib/auth/safe-next";

/** Query the auth server adds when a mail link fails (`?error=…&error_code=…&error_description=…`). */
export function linkErrorCode(params: URLSearchParams): string | null {
  const code = params.get("error_code") ?? params.get("error");
  return code ? code.replace(/[^a-z0-9_]/gi, "").slice(0, 64) || "unexpected_failure" : null;
}

/** Where a failed link sends the browser: the error page, saying why in the code. */
export function errorPagePath(code: string, next?: string | null): string {
  const query = new URLSearchParams({ code });
  const target = safeNextPath(next, "/");
  if (target !== "/") query.set("next", target);
  return `/auth/error?${query.toString()}`;
}

export const EMAIL_OTP_TYPES = [
  "signup",
  "invite",
  "magiclink",
  "recovery",
  "email_change",
  "email",
] as const;
export type EmailLinkType = (typeof EMAIL_OTP_TYPES)[number];

/** GoTrue's token hashes: hex SHA-224 (56 characters), `pkce_`-prefixed for PKCE links. */
export function isWellFormedTokenHash(value: string | null): value is string {
  return value !== null && /^(pkce_)?[0-9a-f]{56}$/.test(value);
}

export function isEmailLinkType(value: string | null): value is EmailLinkType {
  return value !== null && (EMAIL_OTP_TYPES as readonly string[]).includes(value);
}

/**
 * `next` on a mail link: a path on this site, or the address the app asked the auth server to come
 * back to (`{{ .RedirectTo }}` in the templates), of which only the path counts; for
 * `/auth/callback?next=…` that is the `next` it carries. The result never leaves this site.
 */
export function linkNextPath(next: string | null | undefined): string {
  if (!next) return "/";
  if (next.startsWith("/")) return safeNextPath(next);
  let url: URL;
  try {
    url = new URL(next);
  } catch {
    return "/";
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") return "/";
  if (url.pathname === "/auth/callback" || url.pathname === "/auth/confirm")
    return safeNextPath(url.searchParams.get("next"));
  return safeNextPath(`${url.pathname}${url.search}${url.hash}`);
}

/**
 * A recovery link always ends on the update-password page, whatever `next` says. So does an
 * invitation, whose account has no password yet; it then goes on to what the person was invited to
 * (`next`), which the update-password page takes once the password is chosen.
 */
export function afterLink(type: string | null, next: string | null): string {
  if (type === "recovery") return "/update-password";
  if (type === "invite") {
    const then = linkNextPath(next);
    return then === "/" ? "/update-password" : `/update-password?next=${encodeURIComponent(then)}`;
  }
  return linkNextPath(next);
}
