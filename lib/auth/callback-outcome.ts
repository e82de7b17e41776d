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

export function isEmailLinkType(value: string | null): value is EmailLinkType {
  return value !== null && (EMAIL_OTP_TYPES as readonly string[]).includes(value);
}

/** A recovery link always ends on the update-password page, whatever `next` says. */
export function afterLink(type: string | null, next: string | null): string {
  return type === "recovery" ? "/update-password" : safeNextPath(next);
}
