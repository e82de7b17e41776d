// @vitest-environment node
import { AuthApiError, AuthRetryableFetchError } from "@supabase/supabase-js";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { z } from "zod";

import { failure, NO_SUCH_NOTE, SESSION_ENDED } from "@/lib/actions/failure";

const server = vi.hoisted(() => ({
  claims: null as { sub: string; email?: string } | null,
  user: null as { id: string; email?: string } | null,
}));

vi.mock("server-only", () => ({}));
vi.mock("@/lib/supabase/server", () => {
  const client = {
    auth: {
      getUser: async () => ({ data: { user: server.user }, error: null }),
    },
  };
  return { createClient: async () => client, getClaims: async () => server.claims };
});

const { userAction, withUser } = await import("@/lib/actions/with-user");

beforeEach(() => {
  server.claims = null;
  server.user = null;
  vi.spyOn(console, "error").mockImplementation(() => {});
});

describe("failure", () => {
  it("gives auth errors their own sentence, and the wait after a rate limit", () => {
    const limited = new AuthApiError(
      "you can only request this after 42 seconds.",
      429,
      "over_email_send_rate_limit",
    );
    expect(failure("change your email address", limited)).toEqual({
      error: "We've just sent you an email. Please wait before asking for another one.",
      retryAfter: 42,
    });
    expect(failure("sign up", new AuthRetryableFetchError("fetch failed", 0)).error).toMatch(
      /can't reach the server/,
    );
  });

  it("passes on what our SQL functions raise for people (PT404), and hides everything else", () => {
    const raised = { code: "PT404", message: "That note does not exist." };
    expect(failure("share the note", raised)).toEqual({ error: "That note does not exist." });
    // Any other PL/pgSQL code is PostgREST's 500, not a sentence for people.
    expect(failure("share the note", { code: "P0002", message: "no rows" }).error).toBe(
      "Couldn't share the note. Check your connection and try again.",
    );
    expect(failure("pin the note", { code: "42501", message: "permission denied" })).toEqual({
      error: "Couldn't pin the note. Check your connection and try again.",
    });
    expect(failure("empty the Trash", new Error("socket hang up")).error).toBe(
      "Couldn't empty the Trash. Check your connection and try again.",
    );
    expect(console.error).toHaveBeenCalledWith("empty the Trash failed:", "socket hang up");
  });
});

describe("userAction", () => {
  const pin = userAction(
    z.tuple([z.uuid(), z.boolean()]),
    async ([id, pinned], { user }) => ({ said: `${user.id} ${id} ${pinned}` }),
    { invalid: NO_SUCH_NOTE },
  );
  const id = "0b9f5f52-3f4f-4a53-9f61-6e0f3ee0f0a1";

  it("answers input that does not parse before asking who is signed in", async () => {
    server.claims = { sub: "u1" };
    expect(await pin("not-a-note" as string, true)).toEqual({ error: NO_SUCH_NOTE });
    // A forged call can send any arguments at all.
    const forged = pin as unknown as (...args: unknown[]) => Promise<unknown>;
    expect(await forged(id, "yes")).toEqual({ error: NO_SUCH_NOTE });
    expect(await forged(id, true, "extra")).toEqual({ error: NO_SUCH_NOTE });
  });

  it("refuses when nobody is signed in, and hands the action the user otherwise", async () => {
    expect(await pin(id, true)).toEqual({ error: SESSION_ENDED });
    server.claims = { sub: "u1" };
    expect(await pin(id, true)).toEqual({ said: `u1 ${id} true` });
  });

  it("asks the auth server, not the cookie, when told to", async () => {
    const whoAmI = withUser(async (_: null, { user }) => ({ message: user.email }), "auth-server");
    server.claims = { sub: "u1", email: "a@example.com" };
    expect(await whoAmI(null)).toEqual({ error: SESSION_ENDED });
    server.user = { id: "u1", email: "b@example.com" };
    expect(await whoAmI(null)).toEqual({ message: "b@example.com" });
  });
});
