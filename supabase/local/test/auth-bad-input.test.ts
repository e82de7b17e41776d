import { SignJWT } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LOCAL_JWT_SECRET } from "@groundwork/local-backend/keys";
import { startTestBackend, type TestBackend } from "./support/auth-support";

let t: TestBackend;
let usersBefore: number;
beforeAll(async () => {
  t = await startTestBackend();
  usersBefore = await userCount();
});
afterAll(() => t?.stop());

async function userCount(): Promise<number> {
  return (await t.backend.db.query<{ n: number }>("select count(*)::int as n from auth.users"))
    .rows[0].n;
}

const post = (path: string, body: BodyInit, headers: Record<string, string> = {}) =>
  fetch(`${t.url}/auth/v1${path}`, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      "x-supabase-api-version": "2024-01-01",
      ...headers,
    },
    body,
  });

async function expectError(res: Response, status: number, code: string) {
  expect(res.status).toBe(status);
  const body = await res.json();
  expect(body.code).toBe(code);
  expect(typeof body.message).toBe("string");
}

describe("bad input", () => {
  it("malformed JSON and non-object bodies are bad_json", async () => {
    await expectError(await post("/signup", "{not json"), 400, "bad_json");
    await expectError(await post("/token?grant_type=password", "[1,2]"), 400, "bad_json");
  });

  it("wrong-typed fields are bad_json, missing ones validation_failed", async () => {
    await expectError(
      await post("/signup", JSON.stringify({ email: 42, password: "long enough pw 1" })),
      400,
      "bad_json",
    );
    await expectError(
      await post("/signup", JSON.stringify({ email: "a@example.com" })),
      422,
      "validation_failed",
    );
    await expectError(
      await post("/verify", JSON.stringify({ token: "123456" })),
      400,
      "validation_failed",
    );
    await expectError(await post("/recover", JSON.stringify({})), 422, "validation_failed");
    await expectError(
      await post(
        "/signup",
        JSON.stringify({ email: "a@example.com", password: "long enough pw 1", data: "x" }),
      ),
      400,
      "bad_json",
    );
  });

  it("huge bodies are refused with 413 before they are read whole", async () => {
    const huge = JSON.stringify({
      email: "big@example.com",
      password: "x".repeat(2 * 1024 * 1024),
    });
    await expectError(await post("/signup", huge), 413, "request_entity_too_large");
  });

  it("invalid emails are email_address_invalid", async () => {
    await expectError(
      await post("/otp", JSON.stringify({ email: "no at sign" })),
      400,
      "email_address_invalid",
    );
    await expectError(
      await post("/signup", JSON.stringify({ email: "a@b", password: "long enough pw 1" })),
      400,
      "email_address_invalid",
    );
  });

  it("an unknown grant type is refused as GoTrue does", async () => {
    const res = await post("/token?grant_type=magic", JSON.stringify({}));
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({
      code: "invalid_credentials",
      message: "unsupported_grant_type",
    });
  });

  it("tokens that are tampered with, signed with another secret, or carry a bad sub are refused", async () => {
    const forged = await new SignJWT({
      sub: "7d3c1d2c-6a43-4c55-9e4e-4a0d3b7a1f00",
      role: "authenticated",
    })
      .setProtectedHeader({ alg: "HS256" })
      .setExpirationTime("1h")
      .sign(new TextEncoder().encode("not-the-secret-not-the-secret-not-the-secret"));
    const put = (token: string) =>
      fetch(`${t.url}/auth/v1/user`, {
        method: "PUT",
        headers: {
          authorization: `Bearer ${token}`,
          "content-type": "application/json",
          "x-supabase-api-version": "2024-01-01",
        },
        body: JSON.stringify({ data: { x: 1 } }),
      });
    await expectError(await put(forged), 403, "bad_jwt");
    await expectError(await put("abc.def.ghi"), 403, "bad_jwt");
    const badSub = await new SignJWT({ sub: "not-a-uuid", role: "authenticated" })
      .setProtectedHeader({ alg: "HS256" })
      .setExpirationTime("1h")
      .sign(new TextEncoder().encode(LOCAL_JWT_SECRET));
    await expectError(await put(badSub), 400, "bad_jwt");
    const ghost = await new SignJWT({
      sub: "7d3c1d2c-6a43-4c55-9e4e-4a0d3b7a1f00",
      role: "authenticated",
    })
      .setProtectedHeader({ alg: "HS256" })
      .setExpirationTime("1h")
      .sign(new TextEncoder().encode(LOCAL_JWT_SECRET));
    await expectError(await put(ghost), 403, "user_not_found");
  });

  it("unknown routes are 404 and wrong methods 405, never 500", async () => {
    expect((await fetch(`${t.url}/auth/v1/nope`)).status).toBe(404);
    expect((await fetch(`${t.url}/auth/v1/signup`)).status).toBe(405);
    expect(
      (
        await fetch(`${t.url}/auth/v1/admin/users/not-a-uuid`, {
          headers: { authorization: "Bearer sb_secret_N7UND0UgjKTVK-Uodkm0Hg_xSvEMPvz" },
        })
      ).status,
    ).toBe(404);
  });

  it("wrote nothing", async () => {
    expect(await userCount()).toBe(usersBefore);
  });
});
