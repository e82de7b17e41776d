import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  LOCAL_PUBLISHABLE_KEY,
  LOCAL_SECRET_KEY,
  startTestBackend,
  type TestBackend,
} from "./support/local-backend";

let t: TestBackend;
beforeAll(async () => {
  t = await startTestBackend({ supabaseDir: path.join(import.meta.dirname, "fixtures", "grants") });
});
afterAll(() => t?.stop());

const NUL = "\u0000";

function call(method: string, route: string, body?: unknown, key = LOCAL_PUBLISHABLE_KEY) {
  return fetch(`${t.url}${route}`, {
    method,
    headers: {
      apikey: key,
      authorization: `Bearer ${key}`,
      "content-type": "application/json",
      "x-supabase-api-version": "2024-01-01",
    },
    redirect: "manual",
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

describe("a NUL character in a string parameter is a 400 with a clear message", () => {
  it.each([
    [
      "sign-up email",
      "POST",
      "/auth/v1/signup",
      { email: `a${NUL}@example.com`, password: "long enough 12" },
    ],
    [
      "sign-up password",
      "POST",
      "/auth/v1/signup",
      { email: "nul-pw@example.com", password: `long enough${NUL}12` },
    ],
    [
      "sign-up metadata",
      "POST",
      "/auth/v1/signup",
      { email: "nul-md@example.com", password: "long enough 12", data: { name: `x${NUL}` } },
    ],
    [
      "metadata key",
      "POST",
      "/auth/v1/signup",
      { email: "nul-key@example.com", password: "long enough 12", data: { [`n${NUL}`]: 1 } },
    ],
    [
      "password sign-in",
      "POST",
      "/auth/v1/token?grant_type=password",
      { email: "x@example.com", password: `p${NUL}` },
    ],
    ["magic link", "POST", "/auth/v1/otp", { email: `x${NUL}@example.com` }],
    ["recovery", "POST", "/auth/v1/recover", { email: `x${NUL}@example.com` }],
    [
      "verify",
      "POST",
      "/auth/v1/verify",
      { type: "email", email: "x@example.com", token: `1${NUL}` },
    ],
    [
      "query string",
      "GET",
      `/auth/v1/verify?type=signup&token=abc${encodeURIComponent(NUL)}def`,
      undefined,
    ],
  ])("auth: %s", async (_name, method, route, body) => {
    const res = await call(method, route, body);
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({
      code: "validation_failed",
      message: expect.stringMatching(/must not contain NUL characters/),
    });
  });

  it("admin routes too", async () => {
    const res = await call(
      "POST",
      "/auth/v1/admin/users",
      { email: "nul-admin@example.com", user_metadata: { bio: `a${NUL}b` } },
      LOCAL_SECRET_KEY,
    );
    expect(res.status).toBe(400);
  });

  it.each([
    [
      "filter value",
      "GET",
      `/rest/v1/open_board?message=eq.a${encodeURIComponent(NUL)}`,
      undefined,
    ],
    ["select", "GET", `/rest/v1/open_board?select=mess${encodeURIComponent(NUL)}age`, undefined],
    ["inserted value", "POST", "/rest/v1/open_board", { message: `a${NUL}b` }],
    ["updated value", "PATCH", "/rest/v1/open_board?message=eq.nothing", { message: `a${NUL}b` }],
    ["rpc argument", "POST", "/rest/v1/rpc/hashed", { secret: `a${NUL}b` }],
    [
      "rpc query argument",
      "GET",
      `/rest/v1/rpc/hashed?secret=a${encodeURIComponent(NUL)}`,
      undefined,
    ],
    ["order", "GET", `/rest/v1/open_board?order=mess${encodeURIComponent(NUL)}age`, undefined],
    ["in list", "GET", `/rest/v1/open_board?message=in.(a,${encodeURIComponent(NUL)})`, undefined],
    ["like", "GET", `/rest/v1/open_board?message=like.*${encodeURIComponent(NUL)}*`, undefined],
    ["full text", "GET", `/rest/v1/open_board?message=fts.${encodeURIComponent(NUL)}`, undefined],
  ])("rest: %s", async (_name, method, route, body) => {
    const res = await call(method, route, body, LOCAL_SECRET_KEY);
    expect(res.status).toBe(400);
    const json = (await res.json()) as { code: string; message: string };
    expect(json.code).toMatch(/^(22P05|22021|PGRST\d+)$/);
  });

  it("nothing was written by the refused requests", async () => {
    const { rows } = await t.backend.db.query(
      "select 1 from auth.users where email like 'nul-%' union all select 1 from public.open_board where message like 'a%b'",
    );
    expect(rows).toEqual([]);
  });
});
