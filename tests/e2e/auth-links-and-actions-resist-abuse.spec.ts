import { expect, test, type APIRequestContext } from "./support/test";

import { serverActions } from "./support/server-actions";

const SITE = `http://127.0.0.1:${process.env.PORT ?? 3100}`;
const HOSTILE = {
  host: "evil.example",
  "x-forwarded-host": "evil.example",
  "x-forwarded-proto": "https",
  origin: "https://evil.example",
};

/** A made-up but well-formed token hash: it reaches the auth server, which refuses it. */
const madeUpHash = () =>
  Array.from({ length: 56 }, () => "0123456789abcdef"[Math.floor(Math.random() * 16)]).join("");

async function location(request: APIRequestContext, path: string, headers = {}) {
  const res = await request.get(path, { headers, maxRedirects: 0 });
  expect(res.status(), path).toBeGreaterThanOrEqual(300);
  expect(res.status(), path).toBeLessThan(400);
  return new URL(res.headers()["location"] ?? "", SITE);
}

test("a malformed confirm link is refused without asking the auth server", async ({ request }) => {
  for (const query of [
    "token_hash=zzz&type=email",
    `token_hash=${madeUpHash()}&type=sms`,
    `token_hash=${madeUpHash().toUpperCase()}&type=email`,
    `token_hash=${"a".repeat(5000)}&type=recovery`,
  ]) {
    const to = await location(request, `/auth/confirm?${query}`);
    expect(to.pathname).toBe("/auth/error");
    expect(to.searchParams.get("code")).toBe("invalid_link");
  }
  // A well-formed one does reach the auth server, which knows no such link.
  const real = await location(request, `/auth/confirm?token_hash=${madeUpHash()}&type=email`);
  expect(real.searchParams.get("code")).toBe("otp_expired");
});

test("link checks are limited per client, so one client cannot lock out everyone", async ({
  request,
}) => {
  const attacker = { "x-e2e-client-address": `198.51.100.${Math.floor(Math.random() * 250)}` };
  const codes: (string | null)[] = [];
  for (let i = 0; i < 11; i++) {
    const to = await location(
      request,
      `/auth/confirm?token_hash=${madeUpHash()}&type=email`,
      attacker,
    );
    codes.push(to.searchParams.get("code"));
  }
  expect(codes.slice(0, 10)).toEqual(Array(10).fill("otp_expired"));
  expect(codes[10]).toBe("over_request_rate_limit");

  const someoneElse = { "x-e2e-client-address": "203.0.113.77" };
  const to = await location(
    request,
    `/auth/confirm?token_hash=${madeUpHash()}&type=email`,
    someoneElse,
  );
  expect(to.searchParams.get("code")).toBe("otp_expired");
});

test("redirects are built from the configured site URL, never from request headers", async ({
  request,
}) => {
  for (const path of [
    `/auth/confirm?token_hash=zzz&type=email`,
    `/auth/confirm?token_hash=${madeUpHash()}&type=email&next=/account`,
    "/auth/callback?error=access_denied&error_code=otp_expired",
    "/auth/callback?code=not-a-real-code",
    "/account",
  ]) {
    const to = await location(request, path, HOSTILE);
    expect(to.hostname, path).not.toBe("evil.example");
    expect(to.port, path).toBe(new URL(SITE).port);
    // The route handlers build it themselves; for the middleware's, a forged X-Forwarded-Proto
    // makes the framework spell this same server's address differently.
    if (path.startsWith("/auth/")) expect(to.origin, path).toBe(SITE);
  }
});

test("malformed server-action requests get a 4xx and no stack trace", async ({ request }) => {
  const actions = serverActions();
  expect(actions.length).toBeGreaterThan(0);
  for (const action of actions) {
    const base = { "next-action": action.id, origin: SITE };
    const attempts: { headers: Record<string, string>; data: string | Buffer }[] = [
      {
        headers: { ...base, "content-type": "multipart/form-data; boundary=zz" },
        data: "--zz\r\nbroken",
      },
      { headers: { ...base, "content-type": "text/plain;charset=UTF-8" }, data: "[{" },
      { headers: { ...base, "content-type": "application/json" }, data: "{}" },
      {
        headers: { ...base, origin: "https://evil.example", "content-type": "text/plain" },
        data: "[]",
      },
      {
        headers: { ...base, "next-action": "not-an-action", "content-type": "text/plain" },
        data: "[]",
      },
    ];
    for (const { headers, data } of attempts) {
      const res = await request.post(action.page, { headers, data, maxRedirects: 0 });
      const body = await res.text();
      expect(res.status(), `${action.name} ${JSON.stringify(headers)}`).toBeGreaterThanOrEqual(400);
      expect(res.status(), `${action.name} ${JSON.stringify(headers)}`).toBeLessThan(500);
      expect(body).not.toMatch(/\n\s+at |\.tsx?:\d+|webpack-internal|\/work\//);
    }
  }
});
