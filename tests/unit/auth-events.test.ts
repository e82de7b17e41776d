// @vitest-environment node
import { describe, expect, it } from "vitest";

import { AUTH_TOASTS, reactToAuthEvent, type AuthEventInput } from "@/lib/auth/auth-events";

const alice = "11111111-1111-1111-1111-111111111111";
const bob = "22222222-2222-2222-2222-222222222222";

function react(input: Partial<AuthEventInput> & Pick<AuthEventInput, "event">) {
  return reactToAuthEvent({ previousUserId: null, newUserId: null, pathname: "/", ...input });
}

describe("INITIAL_SESSION", () => {
  it("does nothing when the browser agrees with the server-rendered user", () => {
    expect(react({ event: "INITIAL_SESSION", previousUserId: alice, newUserId: alice })).toEqual(
      [],
    );
    expect(react({ event: "INITIAL_SESSION" })).toEqual([]);
  });

  it("refreshes when the browser knows a different user", () => {
    expect(react({ event: "INITIAL_SESSION", previousUserId: null, newUserId: alice })).toEqual([
      { kind: "refresh" },
    ]);
    expect(react({ event: "INITIAL_SESSION", previousUserId: alice, newUserId: null })).toEqual([
      { kind: "refresh" },
    ]);
  });
});

describe("SIGNED_IN", () => {
  it("does nothing when it repeats for the same user (tab focus)", () => {
    expect(
      react({ event: "SIGNED_IN", previousUserId: alice, newUserId: alice, pathname: "/sign-in" }),
    ).toEqual([]);
  });

  it("toasts and refreshes in place on an ordinary page", () => {
    expect(react({ event: "SIGNED_IN", newUserId: alice, pathname: "/docs/sharing" })).toEqual([
      { kind: "toast", message: AUTH_TOASTS.signedIn },
      { kind: "refresh" },
    ]);
  });

  it("continues to a safe next from an auth page", () => {
    expect(
      react({ event: "SIGNED_IN", newUserId: alice, pathname: "/sign-in", next: "/account" }),
    ).toEqual([
      { kind: "toast", message: AUTH_TOASTS.signedIn },
      { kind: "navigate", href: "/account" },
      { kind: "refresh" },
    ]);
  });

  it("never follows an unsafe next", () => {
    const reactions = react({
      event: "SIGNED_IN",
      newUserId: alice,
      pathname: "/sign-in",
      next: "//evil.com",
    });
    expect(reactions).toContainEqual({ kind: "navigate", href: "/" });
  });

  it("reacts when another user signs in over the previous one", () => {
    expect(
      react({ event: "SIGNED_IN", previousUserId: alice, newUserId: bob, pathname: "/" }),
    ).toContainEqual({
      kind: "refresh",
    });
  });

  it("sends a user who still owes an MFA code to the challenge, keeping where they were going", () => {
    expect(
      react({
        event: "SIGNED_IN",
        newUserId: alice,
        pathname: "/sign-in",
        next: "/account",
        needsMfa: true,
      }),
    ).toEqual([{ kind: "navigate", href: "/verify-mfa?next=%2Faccount" }]);
    expect(
      react({ event: "SIGNED_IN", newUserId: alice, pathname: "/about", needsMfa: true }),
    ).toEqual([{ kind: "navigate", href: "/verify-mfa?next=%2Fabout" }]);
  });
});

describe("SIGNED_OUT", () => {
  it("toasts and refreshes on a public page", () => {
    expect(react({ event: "SIGNED_OUT", previousUserId: alice, pathname: "/about" })).toEqual([
      { kind: "toast", message: AUTH_TOASTS.signedOut },
      { kind: "refresh" },
    ]);
  });

  it("leaves a signed-in-only page for sign-in with next", () => {
    expect(react({ event: "SIGNED_OUT", previousUserId: alice, pathname: "/account" })).toEqual([
      { kind: "toast", message: AUTH_TOASTS.signedOut },
      { kind: "navigate", href: "/sign-in?next=%2Faccount" },
      { kind: "refresh" },
    ]);
  });

  it("does nothing when nobody was signed in", () => {
    expect(react({ event: "SIGNED_OUT", previousUserId: null, pathname: "/account" })).toEqual([]);
  });
});

describe("the other events", () => {
  it("TOKEN_REFRESHED changes nothing visible", () => {
    expect(
      react({
        event: "TOKEN_REFRESHED",
        previousUserId: alice,
        newUserId: alice,
        pathname: "/account",
      }),
    ).toEqual([]);
  });

  it("USER_UPDATED toasts and refreshes the server-rendered user", () => {
    expect(react({ event: "USER_UPDATED", previousUserId: alice, newUserId: alice })).toEqual([
      { kind: "toast", message: AUTH_TOASTS.userUpdated },
      { kind: "refresh" },
    ]);
  });

  it("PASSWORD_RECOVERY goes to the update-password page", () => {
    expect(
      react({ event: "PASSWORD_RECOVERY", newUserId: alice, pathname: "/auth/confirm" }),
    ).toEqual([{ kind: "navigate", href: "/update-password" }]);
    expect(
      react({ event: "PASSWORD_RECOVERY", newUserId: alice, pathname: "/update-password" }),
    ).toEqual([]);
  });

  it("MFA_CHALLENGE_VERIFIED toasts, continues to next and refreshes", () => {
    expect(
      react({
        event: "MFA_CHALLENGE_VERIFIED",
        previousUserId: alice,
        newUserId: alice,
        pathname: "/verify-mfa",
        next: "/account",
      }),
    ).toEqual([
      { kind: "toast", message: AUTH_TOASTS.mfaVerified },
      { kind: "navigate", href: "/account" },
      { kind: "refresh" },
    ]);
  });
});
