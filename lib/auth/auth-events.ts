import { isAuthPage, isSignedInOnlyPath, MFA_PATH, UPDATE_PASSWORD_PATH } from "@/lib/auth/routes";
import { safeNextPath, signInHref } from "@/lib/auth/safe-next";

export const AUTH_EVENTS = [
  "INITIAL_SESSION",
  "SIGNED_IN",
  "SIGNED_OUT",
  "TOKEN_REFRESHED",
  "USER_UPDATED",
  "PASSWORD_RECOVERY",
  "MFA_CHALLENGE_VERIFIED",
] as const;

export type AuthEventName = (typeof AUTH_EVENTS)[number];

export type Reaction =
  { kind: "toast"; message: string } | { kind: "navigate"; href: string } | { kind: "refresh" };

export type AuthEventInput = {
  event: AuthEventName;
  /** The user this tab last showed: the server-rendered one at first, then each event's user. */
  previousUserId: string | null;
  /** The user the event carries (null when it carries no session). */
  newUserId: string | null;
  /** Where the tab is now, and its `next` query parameter if any. */
  pathname: string;
  next?: string | null;
  /** The new session is at aal1 while the account has a verified factor. */
  needsMfa?: boolean;
};

export const AUTH_TOASTS = {
  signedIn: "You're signed in.",
  signedOut: "You're signed out.",
  userUpdated: "Your account has been updated.",
  mfaVerified: "Code accepted.",
} as const;

function continueTo(next: string | null | undefined): string {
  return safeNextPath(next, "/");
}

/**
 * What a tab does about an auth event (DESIGN.md, "auth events"). Pure so every event can be
 * pinned by a test; navigation comes before refresh so the refresh renders the new page.
 */
export function reactToAuthEvent(input: AuthEventInput): Reaction[] {
  const { event, previousUserId, newUserId, pathname, next, needsMfa = false } = input;
  const onAuthPage = isAuthPage(pathname);

  switch (event) {
    case "INITIAL_SESSION":
      // The server rendered with the cookies it saw; if the browser knows better, re-render.
      return previousUserId === newUserId ? [] : [{ kind: "refresh" }];

    case "SIGNED_IN": {
      // Fired again whenever a tab regains focus: only a different user is news.
      if (newUserId === null || newUserId === previousUserId) return [];
      if (needsMfa) {
        const after = onAuthPage ? continueTo(next) : pathname;
        return [{ kind: "navigate", href: `${MFA_PATH}?next=${encodeURIComponent(after)}` }];
      }
      const reactions: Reaction[] = [{ kind: "toast", message: AUTH_TOASTS.signedIn }];
      if (onAuthPage) reactions.push({ kind: "navigate", href: continueTo(next) });
      reactions.push({ kind: "refresh" });
      return reactions;
    }

    case "SIGNED_OUT": {
      if (previousUserId === null) return [];
      const reactions: Reaction[] = [{ kind: "toast", message: AUTH_TOASTS.signedOut }];
      if (
        isSignedInOnlyPath(pathname) ||
        pathname === UPDATE_PASSWORD_PATH ||
        pathname === MFA_PATH
      ) {
        reactions.push({
          kind: "navigate",
          href: signInHref(isSignedInOnlyPath(pathname) ? pathname : null),
        });
      }
      reactions.push({ kind: "refresh" });
      return reactions;
    }

    case "TOKEN_REFRESHED":
      return [];

    case "USER_UPDATED":
      return [{ kind: "toast", message: AUTH_TOASTS.userUpdated }, { kind: "refresh" }];

    case "PASSWORD_RECOVERY":
      return pathname === UPDATE_PASSWORD_PATH
        ? []
        : [{ kind: "navigate", href: UPDATE_PASSWORD_PATH }];

    case "MFA_CHALLENGE_VERIFIED": {
      const reactions: Reaction[] = [{ kind: "toast", message: AUTH_TOASTS.mfaVerified }];
      if (onAuthPage) reactions.push({ kind: "navigate", href: continueTo(next) });
      reactions.push({ kind: "refresh" });
      return reactions;
    }
  }
}

export function isAuthEventName(value: string): value is AuthEventName {
  return (AUTH_EVENTS as readonly string[]).includes(value);
}
