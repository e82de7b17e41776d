import { expect, test } from "./support/test";

import {
  addSessionCookies,
  createUser,
  expectSignedIn,
  PASSWORD,
  sessionCookies,
  signInWithPassword,
} from "./support/auth";

/** The access token inside the auth cookie(s), however @supabase/ssr chunked and encoded them. */
function accessToken(cookies: { name: string; value: string }[]): string {
  const chunks = cookies
    .filter((c) => /^sb-.*-auth-token(\.\d+)?$/.test(c.name))
    .sort((a, b) => a.name.localeCompare(b.name, "en", { numeric: true }))
    .map((c) => c.value)
    .join("");
  const json = Buffer.from(chunks.replace(/^base64-/, ""), "base64url").toString("utf8");
  return (JSON.parse(json) as { access_token: string }).access_token;
}

function expiresAt(token: string): number {
  return (
    JSON.parse(Buffer.from(token.split(".")[1], "base64url").toString("utf8")) as { exp: number }
  ).exp;
}

test("with short-lived tokens the browser refreshes the session by itself and the server keeps rendering it", async ({
  page,
}) => {
  const user = await createUser();
  await page.clock.install();
  await signInWithPassword(page, user.email, PASSWORD, "/account");
  await expect(page).toHaveURL(/\/account$/, { timeout: 15_000 });
  const before = accessToken(await page.context().cookies());
  expect(expiresAt(before) - Date.now() / 1000).toBeLessThanOrEqual(120);

  // 100 s later in the browser: inside the 90 s margin, so the next 30 s tick refreshes.
  await page.clock.fastForward("01:40");
  await expect
    .poll(async () => accessToken(await page.context().cookies()), { timeout: 10_000 })
    .not.toBe(before);

  await page.reload();
  await expect(page.getByRole("heading", { name: "Account", level: 1 })).toBeVisible();
  await expectSignedIn(page, user.email);
});

test("twenty concurrent server requests with one expiring session all stay signed in", async ({
  playwright,
  baseURL,
  context,
}) => {
  test.setTimeout(90_000);
  const user = await createUser();
  const { cookies, session } = await sessionCookies(user.email);
  // Wait (real time: the server's clock) until the token is inside the 90 s refresh margin.
  const wait = (session.expires_at! - 85) * 1000 - Date.now();
  if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));

  const cookie = cookies.map((c) => `${c.name}=${c.value}`).join("; ");
  const api = await playwright.request.newContext({ baseURL });
  const responses = await Promise.all(
    Array.from({ length: 20 }, (_, i) =>
      api.get(i % 2 ? "/account" : "/", { headers: { cookie }, maxRedirects: 0 }),
    ),
  );
  for (const response of responses) {
    expect(response.status()).toBe(200);
    expect(await response.text()).toContain(`Account menu for ${user.email}`);
  }
  // Each response carries a refreshed session; the browser keeps whichever arrives last.
  const refreshed = responses.map((r) =>
    r.headersArray().filter((h) => h.name.toLowerCase() === "set-cookie"),
  );
  expect(refreshed.every((headers) => headers.length > 0)).toBe(true);
  // The headers @supabase/ssr hands over with refreshed cookies (Next.js alone sends no Pragma).
  for (const response of responses) {
    expect(response.headers()["cache-control"]).toMatch(/private/);
    expect(response.headers()["pragma"]).toBe("no-cache");
  }
  const untouched = await api.get("/about");
  expect(untouched.headers()["pragma"]).toBeUndefined();

  // One of them, stored in a browser, is a working session.
  const last = responses[19].headersArray().filter((h) => h.name.toLowerCase() === "set-cookie");
  const jar = last.map((h) => {
    const [pair] = h.value.split(";");
    const index = pair.indexOf("=");
    return { name: pair.slice(0, index), value: decodeURIComponent(pair.slice(index + 1)) };
  });
  await addSessionCookies(
    context,
    baseURL!,
    jar.filter((c) => c.value),
  );
  const page = await context.newPage();
  await page.goto("/account");
  await expectSignedIn(page, user.email);
  await api.dispose();
});
