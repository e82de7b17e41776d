import { act, render } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

import { AUTH_TOASTS } from "@/lib/auth/auth-events";

type Callback = (event: string, session: { user: { id: string } } | null) => unknown;

const router = { push: vi.fn(), refresh: vi.fn() };
const toast = vi.fn();
let subscriber: Callback | null = null;
const getAuthenticatorAssuranceLevel = vi.fn(async () => ({
  data: { currentLevel: "aal1", nextLevel: "aal1" },
}));
const client = {
  auth: {
    onAuthStateChange: (callback: Callback) => {
      subscriber = callback;
      return { data: { subscription: { unsubscribe: () => (subscriber = null) } } };
    },
    mfa: { getAuthenticatorAssuranceLevel },
  },
};

vi.mock("next/navigation", () => ({ useRouter: () => router }));
vi.mock("sonner", () => ({ toast: (message: string) => toast(message) }));
vi.mock("@/components/supabase/supabase-provider", () => ({ useSupabase: () => client }));

const { AuthListener } = await import("@/components/auth/auth-listener");

beforeEach(() => {
  vi.useFakeTimers();
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
});
