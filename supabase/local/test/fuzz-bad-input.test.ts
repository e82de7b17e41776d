import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LOCAL_JWT_SECRET } from "@groundwork/local-backend/keys";
import { SignJWT } from "jose";
import {
  inParallel,
  LEAK,
  nastyBody,
  nastyString,
  rawSender,
  resetWhileUploading,
  seeded,
  type Random,
} from "./support/fuzz";
import {
  LOCAL_PUBLISHABLE_KEY,
  LOCAL_SECRET_KEY,
  startTestBackend,
  type TestBackend,
} from "./support/local-backend";

// Seeded, so a failure is replayed with FUZZ_SEED=<seed>; a few thousand requests, loopback only.
const SEED = Number(process.env.FUZZ_SEED ?? 20260601);
const REQUESTS = Number(process.env.FUZZ_REQUESTS ?? 2500);
const CONCURRENCY = 6;

/** Every service the backend mounts, and those it will; unmounted ones must answer 404 cleanly. */
const PREFIXES = [
  "/auth/v1",
  "/rest/v1",
  "/storage/v1",
  "/realtime/v1",
  "/functions/v1",
  "/pg",
  "/inbox",
];
const REST_PATHS = [
  "/",
  "/open_board",
  "/notes",
  "/staff_only",
  "/rpc/hashed",
  "/nope",
  "/rpc/nope",
  "/a/b",
];
const INBOX_PATHS = [
  "/",
  "/api/messages",
  "/api/messages/x",
  "/messages/%E0%A4%A",
  "/api/messages/%ff",
];
const FIELDS = [
  "email",
  "password",
  "phone",
  "data",
  "options",
  "token",
  "token_hash",
  "type",
  "refresh_token",
  "code_challenge",
  "redirect_to",
  "user_metadata",
  "app_metadata",
  "ban_duration",
  "factor_type",
  "friendly_name",
  "challenge_id",
  "code",
  "message",
  "id",
  "owner",
  "body",
  "secret",
  "query",
];
/** GoTrue's routes, as supabase-js and the admin API call them. */
const AUTH_PATHS = [
  "/health",
  "/settings",
  "/.well-known/jwks.json",
  "/signup",
  "/token",
  "/logout",
  "/user",
  "/reauthenticate",
  "/verify",
  "/otp",
  "/magiclink",
  "/recover",
  "/resend",
  "/invite",
  "/factors",
  "/factors/{id}/challenge",
  "/factors/{id}/verify",
  "/factors/{id}",
  "/admin/users",
  "/admin/users/{id}",
  "/admin/users/{id}/factors",
  "/admin/users/{id}/factors/{id}",
  "/admin/generate_link",
];
const METHODS = [
  "GET",
  "POST",
  "PUT",
  "PATCH",
  "DELETE",
  "HEAD",
  "OPTIONS",
  "TRACE",
  "PROPFIND",
  "BREW",
];

/** Percent-encodes what a client could put in a URL (a lone surrogate cannot be). */
const enc = (text: string) => encodeURIComponent(text.toWellFormed());

let t: TestBackend;
let tokens: string[] = [];
beforeAll(async () => {
  t = await startTestBackend({ supabaseDir: path.join(import.meta.dirname, "fixtures", "grants") });
  const sign = (claims: Record<string, unknown>) =>
    new SignJWT(claims)
      .setProtectedHeader({ alg: "HS256" })
      .setExpirationTime("10m")
      .sign(new TextEncoder().encode(LOCAL_JWT_SECRET));
  tokens = [
    await sign({ role: "authenticated", sub: "not-a-uuid" }),
    await sign({
      role: "authenticated",
      sub: "11111111-1111-1111-1111-111111111111",
      session_id: 7,
    }),
    await sign({ role: ["anon"], sub: 1 }),
    await sign({ role: "postgres" }),
    "e30.e30.e30",
    "a.b",
  ];
});
const raw = rawSender(CONCURRENCY);
afterAll(async () => {
  raw.close();
  await t?.stop();
});

function authPath(r: Random): string {
  const route = r.pick(AUTH_PATHS);
  return route.replace(/\{\w+\}/g, () =>
    r.pick([
      "00000000-0000-0000-0000-000000000000",
      "x",
      "%E0%A4%A",
      "%00",
      "..",
      enc(nastyString(r).slice(0, 50)),
    ]),
  );
}

function randomPath(r: Random): string {
  const prefix = r.pick(PREFIXES);
  const rest =
    prefix === "/auth/v1"
      ? authPath(r)
      : prefix === "/rest/v1"
        ? r.pick(REST_PATHS)
        : prefix === "/inbox"
          ? r.pick(INBOX_PATHS)
          : r.pick(["/", "/query", "/object/avatars/x", "/websocket", "/fn"]);
  const params = Array.from({ length: r.int(4) }, () => {
    const key = r.pick([
      "select",
      "order",
      "limit",
      "offset",
      "id",
      "message",
      "on_conflict",
      "columns",
      "redirect_to",
      "type",
      "token",
      "grant_type",
      "to",
      "and",
      "or",
      enc(nastyString(r).slice(0, 30)),
    ]);
    const value = r.pick([
      "eq.1",
      "in.(",
      "like.*",
      "not.is.null",
      "*,x(*)",
      "message.desc.nullsfirst",
      "-1",
      "%E0%A4%A",
      "password",
      "refresh_token",
      "(a.eq.1,or(b.eq.2",
      enc(nastyString(r).slice(0, 300)),
    ]);
    return `${key}=${value}`;
  });
  return prefix + rest + (params.length ? `?${params.join("&")}` : "");
}

function randomHeaders(r: Random, body: Buffer | null): Record<string, string> {
  const headers: Record<string, string> = {};
  const key = r.pick([
    LOCAL_PUBLISHABLE_KEY,
    LOCAL_SECRET_KEY,
    "",
    "sb_publishable_wrong",
    "x".repeat(5000),
  ]);
  if (key) headers.apikey = key;
  if (r.next() < 0.6) headers.authorization = `Bearer ${r.pick([key || "x", ...tokens])}`;
  else if (r.next() < 0.2)
    headers.authorization = r.pick(["Basic Zm9vOmJhcg==", "Bearer", "bearer  a b"]);
  if (body || r.next() < 0.3)
    headers["content-type"] = r.pick([
      "application/json",
      "application/json; charset=latin1",
      "text/plain",
      "application/x-www-form-urlencoded",
      "multipart/form-data; boundary=x",
      "application/vnd.pgrst.object+json",
      "text/csv",
      "application/octet-stream",
    ]);
  if (r.next() < 0.3)
    headers.prefer = r.pick([
      "return=representation",
      "count=exact",
      "resolution=merge-duplicates",
      "handling=strict, bogus",
      "tx=rollback",
      "missing=default",
      "params=single-object",
      "max-affected=x",
    ]);
  if (r.next() < 0.2) headers.range = r.pick(["0-9", "5-1", "x-y", "0-", "-1"]);
  if (r.next() < 0.2)
    headers.accept = r.pick([
      "application/vnd.pgrst.object+json",
      "text/csv",
      "application/openapi+json",
      "image/png",
      "*/*;q=x",
      "application/vnd.pgrst.plan+json",
    ]);
  if (r.next() < 0.15)
    headers[r.pick(["accept-profile", "content-profile"])] = r.pick([
      "public",
      "auth",
      "pg_catalog",
      "nope",
    ]);
  if (r.next() < 0.2)
    headers["x-supabase-api-version"] = r.pick(["2024-01-01", "garbage", "1999-01-01"]);
  if (r.next() < 0.2)
    headers["x-forwarded-for"] = r.pick(["203.0.113.1", "garbage", "1.1.1.1, 2.2.2.2"]);
  if (r.next() < 0.1) headers["content-length"] = r.pick(["abc", "-1", "99999999999"]);
  return headers;
}

/** The inbox has a port of its own: its routes are fuzzed there. */
function send(
  method: string,
  target: string,
  headers: Record<string, string>,
  body: Buffer | null,
) {
  const inbox = target.startsWith("/inbox");
  const path = inbox ? target.replace(/^\/inbox\/?/, "/") : target;
  return raw.send(inbox ? t.inboxUrl : t.url, method, path, headers, body);
}

describe(`bad input on every backend route (seed ${SEED})`, () => {
  it("never answers 5xx, never leaks a stack trace or a path, never crashes, never loses an acknowledged write", async () => {
    const r = seeded(SEED);
    const problems: string[] = [];
    const acknowledged = new Set<string>();
    const refused = new Set<string>();
    let sent = 0;
    let resets = 0;

    async function one(i: number) {
      let method = r.pick(METHODS);
      let target = randomPath(r);
      let body = nastyBody(r, FIELDS);
      let headers = randomHeaders(r, body);
      // One request in ten is a real write whose fate is checked at the end.
      let marker: string | null = null;
      if (i % 10 === 0) {
        marker = `fuzz-${SEED}-${i}`;
        method = "POST";
        target = "/rest/v1/open_board";
        const bodies = [
          { message: marker },
          { message: marker, id: "not-a-uuid" },
          [{ message: marker }, { message: 7 }],
          { message: marker, nope: 1 },
        ];
        body = Buffer.from(JSON.stringify(r.pick(bodies)));
        headers = {
          apikey: LOCAL_SECRET_KEY,
          authorization: `Bearer ${LOCAL_SECRET_KEY}`,
          "content-type": "application/json",
        };
      }
      if (headers["content-length"] && body === null) delete headers["content-length"];
      if (headers["content-length"]) delete headers["content-length"];
      const outcome = await send(method, target, headers, body);
      sent++;
      const what = `${method} ${target.slice(0, 200)} [${body?.subarray(0, 120).toString("utf8") ?? ""}]`;
      if (resetWhileUploading(body, outcome)) resets++;
      else if (outcome.error || outcome.status === 0)
        problems.push(`${what}: no answer (${outcome.error})`);
      else if (outcome.status >= 500)
        problems.push(`${what}: ${outcome.status} ${outcome.body.slice(0, 300)}`);
      if (LEAK.test(outcome.body)) problems.push(`${what}: leaks ${outcome.body.match(LEAK)?.[0]}`);
      if (marker)
        (outcome.status >= 200 && outcome.status < 300 ? acknowledged : refused).add(marker);
    }

    await inParallel(REQUESTS, CONCURRENCY, one);
    expect(sent).toBe(REQUESTS);
    expect(problems.slice(0, 20)).toEqual([]);

    const health = await fetch(`${t.url}/auth/v1/health`);
    expect(health.status).toBe(200);
    expect(resets).toBeLessThan(REQUESTS / 10);
    const { rows } = await t.backend.db.query<{ message: string }>(
      "select message from public.open_board where message like $1",
      [`fuzz-${SEED}-%`],
    );
    const stored = new Set(rows.map((row) => row.message));
    expect([...acknowledged].filter((m) => !stored.has(m))).toEqual([]);
    expect([...refused].filter((m) => stored.has(m))).toEqual([]);
    expect(acknowledged.size).toBeGreaterThan(0);
  }, 180_000);
});
