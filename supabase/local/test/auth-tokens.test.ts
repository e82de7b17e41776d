import { SignJWT, decodeJwt, decodeProtectedHeader } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LOCAL_JWT_SECRET } from "@groundwork/local-backend/keys";
import {
  PASSWORD,
  browserClient,
  startTestBackend,
  uniqueEmail,
  type TestBackend,
} from "./support/auth-support";

let t: TestBackend;
beforeAll(async () => {
  t = await startTestBackend();
  t.backend.config.auth.email.enableConfirmations = false;
});
afterAll(() => t?.stop());

async function signedUp() {
  const email = uniqueEmail();
  const { data, error } = await browserClient(t).auth.signUp({ email, password: PASSWORD });
  if (error || !data.session) throw error ?? new Error("no session");
  return { email, session: data.session };
}

const refresh = (refreshToken: string) =>
  fetch(`${t.url}/auth/v1/token?grant_type=refresh_token`, {
    method: "POST",
    headers: { "content-type": "application/json", "x-supabase-api-version": "2024-01-01" },
    body: JSON.stringify({ refresh_token: refreshToken }),
  });

async function sessionCount(userId: string): Promise<number> {
  const { rows } = await t.backend.db.query<{ n: number }>(
    "select count(*)::int as n from auth.sessions where user_id = $1",
    [userId],
  );
  return rows[0].n;
}

describe("access tokens", () => {
  it("are ES256 JWTs with a kid from the JWKS and the claims hosted Supabase sets", async () => {
    const { email, session } = await signedUp();
    const header = decodeProtectedHeader(session.access_token);
    expect(header.alg).toBe("ES256");
    const jwks = await (await fetch(`${t.url}/auth/v1/.well-known/jwks.json`)).json();
    expect(jwks.keys.map((k: { kid: string }) => k.kid)).toContain(header.kid);
    const claims = decodeJwt(session.access_token);
    expect(claims).toMatchObject({
      iss: `${t.url}/auth/v1`,
      sub: session.user.id,
      aud: "authenticated",
      email,
      phone: "",
      role: "authenticated",
      aal: "aal1",
      is_anonymous: false,
      app_metadata: { provider: "email", providers: ["email"] },
    });
    expect(claims.exp! - claims.iat!).toBe(3600);
    expect(typeof claims.session_id).toBe("string");
    expect((claims.amr as { method: string }[])[0].method).toBe("password");
  });

  it("verify in getClaims() from the JWKS without calling /user", async () => {
    let userCalls = 0;
    const counting: typeof fetch = (input, init) => {
      if (String(input instanceof Request ? input.url : input).includes("/auth/v1/user"))
        userCalls += 1;
      return fetch(input, init);
    };
    const client = browserClient(t, { fetch: counting });
    await client.auth.signInWithPassword({ email: (await signedUp()).email, password: PASSWORD });
    const { data, error } = await client.auth.getClaims();
    expect(error).toBeNull();
    expect(data?.claims.role).toBe("authenticated");
    expect(userCalls).toBe(0);
  });

  it("are refused on /user when expired, and legacy HS256 tokens are still accepted", async () => {
    const { session } = await signedUp();
    const claims = decodeJwt(session.access_token);
    const now = Math.floor(Date.now() / 1000);
    const expired = await t.backend.keys.sign({ ...claims, iat: now - 7200, exp: now - 3600 });
    const res = await fetch(`${t.url}/auth/v1/user`, {
      headers: { authorization: `Bearer ${expired}` },
    });
    expect(res.status).toBe(403);
    expect((await res.json()).error_code).toBe("bad_jwt");

    const legacy = await new SignJWT({ ...claims, exp: now + 600 })
      .setProtectedHeader({ alg: "HS256", typ: "JWT" })
      .sign(new TextEncoder().encode(LOCAL_JWT_SECRET));
    const ok = await fetch(`${t.url}/auth/v1/user`, {
      headers: { authorization: `Bearer ${legacy}` },
    });
    expect(ok.status).toBe(200);
    expect((await ok.json()).id).toBe(session.user.id);
  });
});

describe("refresh tokens", () => {
  it("rotate: each refresh gives a new token, and supabase-js refreshSession works", async () => {
    const client = browserClient(t);
    const { email } = await signedUp();
    const { data: signIn } = await client.auth.signInWithPassword({ email, password: PASSWORD });
    const { data, error } = await client.auth.refreshSession();
    expect(error).toBeNull();
    expect(data.session?.refresh_token).not.toBe(signIn.session?.refresh_token);
    expect(data.session?.user.email).toBe(email);
  });

  it("reused within the reuse interval return the session's current token", async () => {
    const { session } = await signedUp();
    const first = await (await refresh(session.refresh_token)).json();
    const again = await refresh(session.refresh_token);
    expect(again.status).toBe(200);
    expect((await again.json()).refresh_token).toBe(first.refresh_token);
  });

  it("20 parallel refreshes with one token all succeed into one session", async () => {
    const { session } = await signedUp();
    const results = await Promise.all(
      Array.from({ length: 20 }, () => refresh(session.refresh_token)),
    );
    expect(results.map((r) => r.status)).toEqual(Array(20).fill(200));
    const bodies = await Promise.all(results.map((r) => r.json()));
    expect(new Set(bodies.map((b) => b.refresh_token)).size).toBe(1);
    expect(new Set(bodies.map((b) => decodeJwt(b.access_token).session_id)).size).toBe(1);
    expect(await sessionCount(session.user.id)).toBe(1);
  });

  it("reused after the interval fail with refresh_token_already_used and revoke the session's tokens", async () => {
    const { session } = await signedUp();
    const second = await (await refresh(session.refresh_token)).json();
    const third = await (await refresh(second.refresh_token)).json();
    const interval = t.backend.config.auth.refreshTokenReuseInterval;
    t.backend.config.auth.refreshTokenReuseInterval = 0;
    try {
      await new Promise((r) => setTimeout(r, 20));
      const reuse = await refresh(session.refresh_token);
      expect(reuse.status).toBe(400);
      expect(await reuse.json()).toEqual({
        code: "refresh_token_already_used",
        message: "Invalid Refresh Token: Already Used",
      });
      const current = await refresh(third.refresh_token);
      expect(current.status).toBe(400);
      expect((await current.json()).code).toBe("refresh_token_already_used");
    } finally {
      t.backend.config.auth.refreshTokenReuseInterval = interval;
    }
  });

  it("unknown tokens are refresh_token_not_found, a missing one is an OAuth invalid_request", async () => {
    const unknown = await refresh("not-a-token");
    expect(unknown.status).toBe(400);
    expect((await unknown.json()).code).toBe("refresh_token_not_found");
    const missing = await refresh("");
    expect(missing.status).toBe(400);
    expect(await missing.json()).toEqual({
      error: "invalid_request",
      error_description: "refresh_token required",
    });
  });
});
