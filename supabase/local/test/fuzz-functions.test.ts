import { generateKeyPair, SignJWT } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LOCAL_ANON_KEY, LOCAL_JWT_SECRET } from "@groundwork/local-backend/keys";
import { fixtureDir, startFunctionsBackend } from "./support/functions-support";
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
import { LOCAL_PUBLISHABLE_KEY, LOCAL_SECRET_KEY, type TestBackend } from "./support/local-backend";

// Seeded, so a failure is replayed with FUZZ_SEED=<seed>. Each function is a Deno process, so the
// run is a few hundred requests rather than thousands.
const SEED = Number(process.env.FUZZ_SEED ?? 20261125);
const REQUESTS = Number(process.env.FUZZ_REQUESTS ?? 400);
const CONCURRENCY = 4;

/** Real functions (hello checks the JWT, open does not, throws always fails), and names that are not. */
const NAMES = ["hello", "open", "throws", "no-such-function", "disabled", "_shared", "HELLO"];
const METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE", "OPTIONS", "HEAD", "PROPFIND", "FOO"];
const CONTENT_TYPES = [
  "application/json",
  "text/plain",
  "application/octet-stream",
  "multipart/form-data; boundary=x",
  "application/x-www-form-urlencoded",
  "garbage",
  "",
];

/** The edge runtime's answer when a function's handler throws (supabase/edge-runtime). */
const WORKER_ERROR = {
  code: "WORKER_ERROR",
  message: "Function exited due to an error (please check logs)",
};

const enc = (text: string) => encodeURIComponent(text.toWellFormed());
/** What a header can carry at all (Node refuses control characters and non-Latin-1 outright). */
const headerSafe = (text: string) => text.replace(/[^\x20-\x7e]/g, "?");

let t: TestBackend;
let tokens: string[] = [];
beforeAll(async () => {
  t = await startFunctionsBackend(fixtureDir("runtime"));
  const now = Math.floor(Date.now() / 1000);
  const hs = (claims: Record<string, unknown>) =>
    new SignJWT(claims)
      .setProtectedHeader({ alg: "HS256" })
      .sign(new TextEncoder().encode(LOCAL_JWT_SECRET));
  const { privateKey } = await generateKeyPair("ES256");
  tokens = [
    LOCAL_PUBLISHABLE_KEY,
    LOCAL_SECRET_KEY,
    LOCAL_ANON_KEY,
    "sb_publishable_nope",
    "sb_secret_",
    await t.backend.keys.sign({ sub: crypto.randomUUID(), role: "authenticated", exp: now + 600 }),
    await t.backend.keys.sign({ sub: "x", role: "authenticated", exp: now - 600 }),
    await hs({ role: ["anon"], sub: 1, exp: now + 600 }),
    await hs({ role: "postgres" }),
    await new SignJWT({ role: "service_role" })
      .setProtectedHeader({ alg: "ES256", kid: t.backend.keys.jwks().keys[0].kid })
      .sign(privateKey),
    "a.b.c",
    "eyJhbGciOiJub25lIn0.eyJyb2xlIjoic2VydmljZV9yb2xlIn0.",
  ];
});
const raw = rawSender(CONCURRENCY, 30_000);
afterAll(async () => {
  raw.close();
  await t?.stop();
});

function randomPath(r: Random): string {
  const name = r.pick([
    ...NAMES,
    ...NAMES,
    () => enc(nastyString(r).slice(0, 60)),
    () => "..%2Fhello",
    () => "%2e%2e/auth/v1/health",
    () => "hello%00",
    () => "%E0%A4%A",
    () => "",
  ]);
  const base = typeof name === "function" ? name() : name;
  const sub = r.pick(["", "", "/", "/sub/path", "/count", `/${enc(nastyString(r).slice(0, 80))}`]);
  const query =
    r.next() < 0.3
      ? `?${enc(nastyString(r).slice(0, 40))}=${enc(nastyString(r).slice(0, 200))}`
      : "";
  return `/functions/v1/${base}${sub}${query}`;
}

function randomHeaders(r: Random, body: Buffer | null): Record<string, string> {
  const headers: Record<string, string> = {};
  if (r.next() < 0.7) headers.apikey = r.pick([LOCAL_PUBLISHABLE_KEY, LOCAL_SECRET_KEY, "nope"]);
  const auth = r.int(6);
  if (auth < 3) headers.authorization = `Bearer ${r.pick(tokens)}`;
  else if (auth === 3)
    headers.authorization = r.pick([
      "Bearer",
      "Bearer ",
      "bearer  a b",
      "Basic Zm9vOmJhcg==",
      headerSafe(nastyString(r).slice(0, 300)),
    ]);
  if (body || r.next() < 0.3) headers["content-type"] = r.pick(CONTENT_TYPES);
  if (r.next() < 0.3) headers["x-custom"] = headerSafe(nastyString(r).slice(0, 2000));
  if (r.next() < 0.1) headers["x-region"] = headerSafe(nastyString(r).slice(0, 40));
  if (r.next() < 0.1) headers.origin = r.pick(["null", "http://evil.example", "garbage"]);
  if (r.next() < 0.1) headers["accept-encoding"] = r.pick(["gzip", "br", "x-unknown", "*;q=0"]);
  return headers;
}

describe(`bad input to edge functions (seed ${SEED})`, () => {
  it("answers every odd name, method, header, body and token as the edge runtime does, and keeps serving", async () => {
    const r = seeded(SEED);
    const problems: string[] = [];
    const seen = new Map<number, number>();
    let sent = 0;

    async function one() {
      const method = r.pick(METHODS);
      const target = randomPath(r);
      const body = method === "GET" || method === "HEAD" ? null : nastyBody(r, ["name", "data"]);
      const headers = randomHeaders(r, body);
      const outcome = await raw.send(t.url, method, target, headers, body);
      sent++;
      seen.set(outcome.status, (seen.get(outcome.status) ?? 0) + 1);
      const what = `${method} ${target.slice(0, 160)} ${JSON.stringify(headers).slice(0, 160)}`;
      if (resetWhileUploading(body, outcome)) return;
      if (outcome.error || outcome.status === 0) {
        problems.push(`${what}: no answer (${outcome.error})`);
        return;
      }
      if (LEAK.test(outcome.body)) problems.push(`${what}: leaks ${outcome.body.match(LEAK)?.[0]}`);
      // HEAD answers carry no body to check; their status still must be one the runtime gives.
      const hasBody = method !== "HEAD";
      if (outcome.status >= 500) {
        // A handler that throws (throws always does; hello does on bodies it cannot read) is the
        // runtime's 500 WORKER_ERROR; nothing else here may be a 5xx.
        const workerError =
          outcome.status === 500 && (!hasBody || outcome.body === JSON.stringify(WORKER_ERROR));
        if (!workerError) problems.push(`${what}: ${outcome.status} ${outcome.body.slice(0, 200)}`);
      }
      // A refused token is the runtime's JSON `msg`, never the function's own answer.
      if (outcome.status === 401 && hasBody && !/^\{"msg":/.test(outcome.body))
        problems.push(`${what}: 401 without the runtime's msg: ${outcome.body.slice(0, 200)}`);
    }

    await inParallel(REQUESTS, CONCURRENCY, one);
    expect(sent).toBe(REQUESTS);
    expect(problems.slice(0, 20)).toEqual([]);
    // The run reached the functions themselves, not only the gateway's refusals.
    expect(seen.get(200) ?? 0).toBeGreaterThan(0);
    expect(seen.get(401) ?? 0).toBeGreaterThan(0);
    expect(seen.get(404) ?? 0).toBeGreaterThan(0);

    // Nothing was harmed: the functions and the rest of the backend still answer.
    const hello = await fetch(`${t.url}/functions/v1/hello`, {
      method: "POST",
      headers: { authorization: `Bearer ${LOCAL_ANON_KEY}`, "content-type": "text/plain" },
      body: "still here",
    });
    expect(hello.status).toBe(200);
    expect(await hello.json()).toMatchObject({ method: "POST", body: "still here" });
    const open = await fetch(`${t.url}/functions/v1/open`);
    expect(await open.text()).toBe("open to anyone");
    expect((await fetch(`${t.url}/auth/v1/health`)).status).toBe(200);
  }, 240_000);
});
