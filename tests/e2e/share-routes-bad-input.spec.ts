import { expect, test, type APIResponse } from "./support/test";

import { LEAK, nastyString, seeded } from "@groundwork/local-backend/testing/fuzz";
import { admin } from "./support/auth";
import { newPerson, seedNote } from "./support/notes";

// Seeded, bounded and loopback only: replay a failure with FUZZ_SEED=<seed>.
const SEED = Number(process.env.FUZZ_SEED ?? 20261125);
const METHODS = ["GET", "HEAD", "POST", "PUT", "DELETE", "PATCH", "OPTIONS"];
const TAILS = ["", "/files", "/opengraph-image", "/twitter-image"];

/** What every answer of the app carries, errors included. */
function problemsWith(response: APIResponse): string[] {
  const headers = response.headers();
  const problems: string[] = [];
  if (response.status() >= 500) problems.push(`status ${response.status()}`);
  if (!headers["content-security-policy"]?.includes("frame-ancestors 'none'"))
    problems.push("no Content-Security-Policy");
  if (headers["x-content-type-options"] !== "nosniff") problems.push("no nosniff");
  if (headers["x-frame-options"] !== "DENY") problems.push("no X-Frame-Options");
  if (headers["x-powered-by"] !== undefined) problems.push("X-Powered-By");
  return problems;
}

function oddSlugs(live: string): string[] {
  const r = seeded(SEED);
  return [
    "%E0%A4%A",
    "%",
    "%%",
    "abc%2",
    "%C0%AF",
    "%FF%FE",
    "%ED%A0%80",
    "%00",
    "a%2Fb",
    "..%2F..%2Fetc%2Fpasswd",
    "%3Cscript%3Ealert(1)%3C%2Fscript%3E",
    "A".repeat(22),
    "A".repeat(64),
    "A".repeat(65),
    "A".repeat(4_000),
    `${live}%`,
    `${live}%E0%A4%A`,
    `${live}.`,
    encodeURIComponent(`${live} `),
    live.toLowerCase(),
    ...Array.from({ length: 12 }, () =>
      encodeURIComponent(nastyString(r).slice(0, 300).toWellFormed()),
    ),
  ];
}

test(`odd slugs, encodings and methods on every share route answer a 4xx or 2xx with headers (seed ${SEED})`, async ({
  request,
}) => {
  test.setTimeout(240_000);
  const { data: live, error } = await admin().rpc("share_note", {
    note_id: await seedNote(await newPerson(), "Fuzzed", "Some *text*"),
  });
  if (error) throw error;
  const problems: string[] = [];
  const targets = oddSlugs(live as string).flatMap((slug) =>
    TAILS.map((tail) => `/n/${slug}${tail}`),
  );
  const jobs = targets.flatMap((target) => METHODS.map((method) => ({ method, target })));
  let next = 0;
  await Promise.all(
    Array.from({ length: 4 }, async () => {
      while (next < jobs.length) {
        const { method, target } = jobs[next++];
        const what = `${method} ${target.slice(0, 120)}`;
        try {
          const res = await request.fetch(target, { method, maxRedirects: 0, timeout: 30_000 });
          const text = method === "HEAD" ? "" : await res.text();
          for (const p of problemsWith(res)) problems.push(`${what}: ${p}`);
          if (LEAK.test(text)) problems.push(`${what}: leaks ${text.match(LEAK)?.[0]}`);
        } catch (e) {
          problems.push(`${what}: no answer (${(e as Error).message.split("\n")[0]})`);
        }
      }
    }),
  );
  expect(problems.slice(0, 20)).toEqual([]);
  // The real link still works after all that.
  expect((await request.get(`/n/${live}`)).status()).toBe(200);
});

test("a broken percent-encoding is a 400 with headers, on share pages and note pages alike", async ({
  request,
}) => {
  for (const path of ["/n/%E0%A4%A", "/n/%E0%A4%A/files", "/notes/%E0%A4%A", "/n/abc%2"]) {
    const res = await request.get(path, { maxRedirects: 0 });
    expect(res.status(), path).toBe(400);
    expect(problemsWith(res), path).toEqual([]);
    expect(await res.text()).toMatch(/percent-encoding/);
  }
});

test("built files answer only GET and HEAD: other methods get a 405 with headers", async ({
  request,
  page,
}) => {
  await page.goto("/");
  const script = await page.locator('script[src^="/_next/static/"]').first().getAttribute("src");
  expect(script).toBeTruthy();
  for (const method of ["POST", "OPTIONS", "PUT", "DELETE", "PATCH"]) {
    const res = await request.fetch(script!, { method });
    expect(res.status(), method).toBe(405);
    expect(res.headers()["allow"]).toBe("GET, HEAD");
    expect(problemsWith(res), method).toEqual([]);
  }
  expect((await request.get(script!)).status()).toBe(200);
});
