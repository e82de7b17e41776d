// @vitest-environment node
import { describe, expect, it } from "vitest";

import {
  deleteAccount,
  hasVerifiedTotp,
  NOT_DELETED,
  sendDeleteCode,
  TYPE_EMAIL,
  type DeleteAccountClient,
  type DeleteAccountInput,
} from "@/lib/account/delete-account-flow";

/** A stand-in for supabase-js that records what the flow sends and answers as told. */
function fakeClient(answer: { data?: unknown; error?: unknown } = { data: { deleted: true } }) {
  const calls: { name: string; args: unknown }[] = [];
  const client: DeleteAccountClient = {
    auth: {
      async signInWithOtp(args) {
        calls.push({ name: "signInWithOtp", args });
        return { error: null };
      },
      async signOut(args) {
        calls.push({ name: "signOut", args });
      },
      mfa: {
        async listFactors() {
          return {
            data: {
              totp: [
                { id: "a", status: "unverified" },
                { id: "b", status: "verified" },
              ],
            },
            error: null,
          };
        },
      },
    },
    functions: {
      async invoke(name, args) {
        calls.push({ name, args });
        return { data: answer.data ?? null, error: answer.error ?? null };
      },
    },
  };
  return { client, calls };
}

const input: DeleteAccountInput = {
  email: "ada@example.com",
  typed: " Ada@Example.com ",
  method: "password",
  password: "my own password 1",
  code: "",
  totp: "",
  hasTotp: false,
};

/** How supabase-js hands over a non-2xx answer: a FunctionsHttpError whose context is the Response. */
const httpError = (status: number, body: unknown) => ({
  name: "FunctionsHttpError",
  context: new Response(JSON.stringify(body), { status }),
});

describe("deleting an account", () => {
  it("sends the password as proof in the request, then signs this device out", async () => {
    const { client, calls } = fakeClient();
    expect(await deleteAccount(client, input)).toEqual({ ok: true });
    expect(calls).toEqual([
      {
        name: "delete-account",
        args: { method: "POST", body: { password: "my own password 1" } },
      },
      { name: "signOut", args: { scope: "local" } },
    ]);
  });

  it("sends a mailed code instead, and the authenticator code when there is a second factor", async () => {
    const { client, calls } = fakeClient();
    const outcome = await deleteAccount(client, {
      ...input,
      method: "code",
      code: " 123456 ",
      hasTotp: true,
      totp: "654321",
    });
    expect(outcome).toEqual({ ok: true });
    expect(calls[0].args).toEqual({ method: "POST", body: { code: "123456", totp: "654321" } });
  });

  it("stops before calling anything when the address is mistyped or a proof is missing", async () => {
    const { client, calls } = fakeClient();
    expect(await deleteAccount(client, { ...input, typed: "ada@example.org" })).toEqual({
      ok: false,
      error: TYPE_EMAIL,
    });
    expect(await deleteAccount(client, { ...input, password: "" })).toEqual({
      ok: false,
      error: "Enter your password.",
    });
    expect(await deleteAccount(client, { ...input, method: "code" })).toEqual({
      ok: false,
      error: "Enter the code we emailed you.",
    });
    expect(await deleteAccount(client, { ...input, hasTotp: true })).toEqual({
      ok: false,
      error: "Enter the code from your authenticator app.",
    });
    expect(calls).toEqual([]);
  });

  it("shows the function's own words for a refusal, and stays signed in", async () => {
    const { client, calls } = fakeClient({
      error: httpError(403, { code: "invalid_password", message: "That password is not right" }),
    });
    expect(await deleteAccount(client, input)).toEqual({
      ok: false,
      error: "That password is not right",
    });
    expect(calls.map((c) => c.name)).toEqual(["delete-account"]);
  });

  it("says nothing was lost when the server fails or cannot be reached", async () => {
    const failed = fakeClient({ error: httpError(500, { code: "delete_incomplete" }) });
    expect(await deleteAccount(failed.client, input)).toEqual({ ok: false, error: NOT_DELETED });
    const offline = fakeClient({
      error: { name: "FunctionsFetchError", context: new TypeError() },
    });
    expect(await deleteAccount(offline.client, input)).toEqual({ ok: false, error: NOT_DELETED });
  });
});

describe("what the dialog asks first", () => {
  it("mails a sign-in code without creating an account", async () => {
    const { client, calls } = fakeClient();
    expect(await sendDeleteCode(client, "ada@example.com")).toEqual({ ok: true });
    expect(calls).toEqual([
      {
        name: "signInWithOtp",
        args: { email: "ada@example.com", options: { shouldCreateUser: false } },
      },
    ]);
  });

  it("asks for an authenticator code only when a verified one exists", async () => {
    expect(await hasVerifiedTotp(fakeClient().client)).toBe(true);
  });
});
