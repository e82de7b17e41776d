import { expect, test } from "./support/test";

import { LEAK, nastyString, seeded, type Random } from "@groundwork/local-backend/testing/fuzz";
import { appRoutes } from "./support/app-routes";
import { serverActions } from "./support/server-actions";

// Seeded, bounded and loopback only: replay a failure with FUZZ_SEED=<seed>.
const SEED = Number(process.env.FUZZ_SEED ?? 20260602);
const REQUESTS = Number(process.env.APP_FUZZ_REQUESTS ?? 600);
const CONCURRENCY = 4;
const SITE = `http://127.0.0.1:${process.env.PORT ?? 3100}`;

const enc = (text: string) => encodeURIComponent(text.toWellFormed());
const PARAMS = [
  "next",
  "code",
  "token_hash",
  "type",
  "error",
  "error_code",
  "error_description",
  "message",
  "email",
  "redirect_to",
  "_rsc",
];

function query(r: Random): string {
  const parts = Array.from({ length: r.int(4) }, () => {
    const value = r.pick([
      () => enc(nastyString(r).slice(0, 2000)),
      () =>
        r.pick([
          "//evil.example",
          "https://evil.example/x",
          "/account",
          "javascript:alert(1)",
          "%E0%A4%A",
          "email",
          "recovery",
          "a".repeat(56),
        ]),
    ])();
    return `${r.pick(PARAMS)}=${value}`;
  });
  return parts.length ? `?${parts.join("&")}` : "";
}

function headers(r: Random): Record<string, string> {
  const h: Record<string, string> = {};
  if (r.next() < 0.3)
    h.cookie = r.pick([
      "sb-127-auth-token=base64-%%%garbage",
      "sb-127-auth-token=base64-eyJhY2Nlc3NfdG9rZW4iOjF9",
      "sb-127-auth-token.0=x; sb-127-auth-token.1=y",
      `theme=${enc(nastyString(r).slice(0, 100))}`,
    ]);
  if (r.next() < 0.2) h["x-forwarded-host"] = "evil.example";
  if (r.next() < 0.2) h.rsc = "1";
  if (r.next() < 0.1) h["next-router-state-tree"] = enc(nastyString(r).slice(0, 200));
  if (r.next() < 0.1) h["next-router-prefetch"] = "1";
  if (r.next() < 0.2)
    h.accept = r.pick(["text/x-component", "application/json", "*/*", "text/html;q=x"]);
  if (r.next() < 0.1) h["next-action"] = r.pick(["0".repeat(42), "zz", ""]);
  return h;
}

/** A server-action call as React encodes one (previous state, FormData), with nasty values. */
function actionBody(r: Random): { contentType: string; data: Buffer } {
  const boundary = "----fuzz" + r.int(1e9);
  const field = (name: string, value: string) =>
    `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
  let body = field("0", r.pick(['["$undefined","$K1"]', '[{},"$K1"]', "[", '"x"', "[1,2,3]"]));
  for (const name of ["email", "password", "confirm", "next", "code"])
    if (r.next() < 0.7) body += field(`1_${name}`, nastyString(r).slice(0, 5000));
  body += `--${boundary}--\r\n`;
  return { contentType: `multipart/form-data; boundary=${boundary}`, data: Buffer.from(body) };
}

test(`bad input on every app route and server action (seed ${SEED})`, async ({ request }) => {
  test.setTimeout(240_000);
  const r = seeded(SEED);
  const routes = appRoutes();
  const actions = serverActions();
  expect(routes.length).toBeGreaterThan(5);
  const problems: string[] = [];
  let next = 0;

  async function one() {
    const i = next++;
    const useAction = i % 4 === 0 && actions.length > 0;
    let method = r.pick(["GET", "GET", "GET", "HEAD", "POST", "PUT", "DELETE", "PATCH", "OPTIONS"]);
    let target = r.pick(routes) + query(r);
    const h = headers(r);
    let data: Buffer | string | undefined;
    if (useAction) {
      const action = r.pick(actions);
      const body = actionBody(r);
      method = "POST";
      target = action.page;
      h["next-action"] = action.id;
      h.origin = r.next() < 0.9 ? SITE : "https://evil.example";
      h["content-type"] = body.contentType;
      data = body.data;
    } else if (method !== "GET" && method !== "HEAD" && r.next() < 0.5) {
      data = nastyString(r);
    }
    const what = `${method} ${target.slice(0, 160)} ${JSON.stringify(h).slice(0, 160)}`;
    try {
      const res = await request.fetch(target, {
        method,
        headers: h,
        data,
        maxRedirects: 0,
        timeout: 30_000,
      });
      const text = method === "HEAD" ? "" : await res.text();
      if (res.status() >= 500) problems.push(`${what}: ${res.status()} ${text.slice(0, 200)}`);
      if (LEAK.test(text)) problems.push(`${what}: leaks ${text.match(LEAK)?.[0]}`);
      const location = res.headers()["location"];
      if (location && new URL(location, SITE).hostname === "evil.example")
        problems.push(`${what}: redirects off-site to ${location}`);
    } catch (error) {
      problems.push(`${what}: no answer (${(error as Error).message.split("\n")[0]})`);
    }
  }

  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < REQUESTS) await one();
    }),
  );
  expect(problems.slice(0, 15)).toEqual([]);
  expect((await request.get("/")).status()).toBe(200);
});
