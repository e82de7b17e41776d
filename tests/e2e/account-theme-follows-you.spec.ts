import { expect, test } from "@playwright/test";

import { chooseTheme, htmlElement } from "./helpers";
import { createUser, signInWithPassword } from "./support/auth";

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
