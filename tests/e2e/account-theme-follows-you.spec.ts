import { expect, test } from "./support/test";

import { chooseTheme, htmlElement } from "./helpers";
import { admin, createUser, signInWithPassword } from "./support/auth";

// Two or three devices each sign in before anything is checked: on a busy machine that alone can
// take most of the default 30 s.
test.describe.configure({ timeout: 90_000 });

test("a theme chosen on one device changes the other live, and a new sign-in starts with it", async ({
  browser,
  baseURL,
}) => {
  const user = await createUser();
  const deviceA = await browser.newContext({ baseURL });
  const deviceB = await browser.newContext({ baseURL, colorScheme: "light" });
  const a = await deviceA.newPage();
  const b = await deviceB.newPage();
  await signInWithPassword(a, user.email, undefined, "/account");
  await signInWithPassword(b, user.email, undefined, "/account");
  await expect(a).toHaveURL(/\/account$/);
  await expect(b).toHaveURL(/\/account$/);
  await expect(htmlElement(b)).not.toHaveClass(/\bdark\b/);

  await chooseTheme(a, "Dark");
  await expect(htmlElement(a)).toHaveClass(/\bdark\b/);
  await expect(htmlElement(b)).toHaveClass(/\bdark\b/, { timeout: 10_000 });

  // A third browser that never chose anything: the first HTML after signing in is already dark.
  const deviceC = await browser.newContext({ baseURL, colorScheme: "light" });
  const c = await deviceC.newPage();
  await signInWithPassword(c, user.email, undefined, "/account");
  await expect(c).toHaveURL(/\/account$/);
  const html = await (await c.request.get("/account")).text();
  expect(html).toMatch(/<html[^>]*class="dark"/);
  await expect(htmlElement(c)).toHaveClass(/\bdark\b/);

  await Promise.all([deviceA.close(), deviceB.close(), deviceC.close()]);
});

test("a device that was cut off when the theme changed catches up once it reconnects", async ({
  browser,
  baseURL,
}) => {
  const user = await createUser();
  const deviceA = await browser.newContext({ baseURL });
  const deviceB = await browser.newContext({ baseURL, colorScheme: "light" });
  // Device B's Realtime connection goes through here, so the test can drop it like a lost network.
  let down = false;
  const live = new Set<{ close: () => Promise<void> }>();
  await deviceB.routeWebSocket(/\/realtime\/v1\/websocket/, async (ws) => {
    if (down) return void (await ws.close());
    ws.connectToServer();
    live.add(ws);
  });
  const a = await deviceA.newPage();
  const b = await deviceB.newPage();
  await signInWithPassword(a, user.email, undefined, "/account");
  await signInWithPassword(b, user.email, undefined, "/account");
  await expect(htmlElement(b)).not.toHaveClass(/\bdark\b/);
  await expect.poll(() => live.size, { timeout: 15_000 }).toBeGreaterThan(0);

  down = true;
  await Promise.all([...live].map((ws) => ws.close()));
  live.clear();
  await chooseTheme(a, "Dark");
  await expect(htmlElement(a)).toHaveClass(/\bdark\b/);
  await expect
    .poll(
      async () =>
        (await admin().from("profiles").select("theme").eq("id", user.id).single()).data?.theme,
    )
    .toBe("dark");
  // The change went by while B was away: nothing is replayed, so only a catch-up can bring it.
  await b.waitForTimeout(1_000);
  await expect(htmlElement(b)).not.toHaveClass(/\bdark\b/);

  down = false;
  await expect(htmlElement(b)).toHaveClass(/\bdark\b/, { timeout: 25_000 });
  await Promise.all([deviceA.close(), deviceB.close()]);
});
