import { act, render } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

import { AUTH_TOASTS } from "@/lib/auth/auth-events";

type Session = { user: { id: string }; access_token?: string };
type Callback = (event: string, session: Session | null) => unknown;

const router = { push: vi.fn(), refresh: vi.fn() };
const toast = vi.fn();
let subscriber: Callback | null = null;
const getAuthenticatorAssuranceLevel = vi.fn(async () => ({
  data: { currentLevel: "aal1", nextLevel: "aal1" },
}));
/** What the browser's cookies hold now, as supabase-js reads it. */
let stored: Session | null = null;
const signOut = vi.fn(async () => {
  stored = null;
  return { error: null };
});
const client = {
  auth: {
    onAuthStateChange: (callback: Callback) => {
      subscriber = callback;
      return { data: { subscription: { unsubscribe: () => (subscriber = null) } } };
    },
    getSession: async () => ({ data: { session: stored }, error: null }),
    signOut,
    mfa: { getAuthenticatorAssuranceLevel },
  },
};

/** A session of user u1 whose access token names the session (only its payload is read). */
const sessionOf = (sessionId: string): Session => ({
  user: { id: "u1" },
  access_token: ["e30", btoa(JSON.stringify({ session_id: sessionId })), "sig"].join("."),
});

vi.mock("next/navigation", () => ({ useRouter: () => router }));
vi.mock("sonner", () => ({ toast: (message: string) => toast(message) }));
vi.mock("@/components/supabase/supabase-provider", () => ({ useSupabase: () => client }));

const { AuthListener } = await import("@/components/auth/auth-listener");

beforeEach(() => {
  vi.useFakeTimers();
  localStorage.clear();
  stored = null;
  window.history.replaceState(null, "", "/docs/sharing");
});

afterEach(() => {
  vi.useRealTimers();
  vi.clearAllMocks();
});

describe("AuthListener", () => {
  it("returns from the auth callback at once and reacts afterwards", async () => {
    render(<AuthListener serverUserId={null} />);
    const result = subscriber!("SIGNED_IN", { user: { id: "u1" } });
    expect(result).toBeUndefined();
    expect(getAuthenticatorAssuranceLevel).not.toHaveBeenCalled();
    expect(router.refresh).not.toHaveBeenCalled();

    await act(async () => {
      await vi.runAllTimersAsync();
    });
    expect(getAuthenticatorAssuranceLevel).toHaveBeenCalledTimes(1);
    expect(toast).toHaveBeenCalledWith(AUTH_TOASTS.signedIn);
    expect(router.refresh).toHaveBeenCalledTimes(1);
    expect(router.push).not.toHaveBeenCalled();
  });

  it("ignores the SIGNED_IN that repeats when the tab regains focus", async () => {
    render(<AuthListener serverUserId="u1" />);
    subscriber!("SIGNED_IN", { user: { id: "u1" } });
    await act(async () => {
      await vi.runAllTimersAsync();
    });
    expect(toast).not.toHaveBeenCalled();
    expect(router.refresh).not.toHaveBeenCalled();
  });

  it("follows a sign-out from another tab off a signed-in page", async () => {
    window.history.replaceState(null, "", "/account");
    render(<AuthListener serverUserId="u1" />);
    subscriber!("SIGNED_OUT", null);
    await act(async () => {
      await vi.runAllTimersAsync();
    });
    expect(toast).toHaveBeenCalledWith(AUTH_TOASTS.signedOut);
    expect(router.push).toHaveBeenCalledWith("/sign-in?next=%2Faccount");
    expect(router.refresh).toHaveBeenCalled();
  });

  it("drops a session that ended at a sign-out when it comes back, and renders the page again", async () => {
    render(<AuthListener serverUserId="u1" />);
    subscriber!("INITIAL_SESSION", sessionOf("s1"));
    subscriber!("SIGNED_OUT", null);
    await act(async () => {
      await vi.runAllTimersAsync();
    });
    expect(signOut).not.toHaveBeenCalled();
    vi.clearAllMocks();

    // Its refresh, answered late, brings it back: it is dropped, not taken for the person.
    subscriber!("TOKEN_REFRESHED", sessionOf("s1"));
    await act(async () => {
      await vi.runAllTimersAsync();
    });
    expect(signOut).toHaveBeenCalledWith({ scope: "local" });
    expect(router.refresh).toHaveBeenCalled();
    expect(toast).not.toHaveBeenCalledWith(AUTH_TOASTS.signedIn);
  });

  it("looks at the cookies again in the seconds after a sign-out", async () => {
    render(<AuthListener serverUserId="u1" />);
    subscriber!("INITIAL_SESSION", sessionOf("s1"));
    subscriber!("SIGNED_OUT", null);
    // A response on its way sets the ended session's cookies again, with no auth event.
    stored = sessionOf("s1");
    await act(async () => {
      await vi.advanceTimersByTimeAsync(1_000);
    });
    expect(signOut).toHaveBeenCalledWith({ scope: "local" });
    expect(stored).toBeNull();
  });

  it("keeps a new sign-in after a sign-out: a new session is not an ended one", async () => {
    render(<AuthListener serverUserId="u1" />);
    subscriber!("INITIAL_SESSION", sessionOf("s1"));
    subscriber!("SIGNED_OUT", null);
    stored = sessionOf("s2");
    subscriber!("SIGNED_IN", sessionOf("s2"));
    await act(async () => {
      await vi.runAllTimersAsync();
    });
    expect(signOut).not.toHaveBeenCalled();
  });
});
