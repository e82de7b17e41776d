import { expect, test, type Page } from "./support/test";

import { siteConfig } from "@/lib/site-config";

import { expectSignedIn, expectSignedOut } from "./support/auth";
import { deviceOf, newPerson } from "./support/notes";

/** The nonce the response's policy allows scripts by. */
function policyNonce(csp: string | undefined): string {
  const nonce = /'nonce-([^']+)'/.exec(csp ?? "")?.[1];
  expect(nonce, "a nonce in the Content-Security-Policy").toBeTruthy();
  return nonce!;
}

/** Console errors and failed page errors, collected for the whole visit. */
function watchErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(message.text());
  });
  page.on("pageerror", (error) => errors.push(error.message));
  return errors;
}

test("a visitor gets the kept home page; a signed-in person and a chosen theme get the live one", async ({
  browser,
  baseURL,
  request,
}) => {
  // The kept copy: one nonce for everyone, the security headers, and no shared cache.
  const first = await request.get("/");
  const second = await request.get("/");
  expect(first.status()).toBe(200);
  const kept = policyNonce(first.headers()["content-security-policy"]);
  expect(policyNonce(second.headers()["content-security-policy"])).toBe(kept);
  for (const response of [first, second]) {
    const headers = response.headers();
    expect(headers["x-content-type-options"]).toBe("nosniff");
    expect(headers["x-frame-options"]).toBe("DENY");
    expect(headers["content-security-policy"]).toContain("'strict-dynamic'");
    // One address, two pages: no shared cache may keep the visitor's copy for a signed-in person.
    expect(headers["cache-control"]).toMatch(/^private\b/);
    const html = await response.text();
    expect(html).toContain(`nonce="${kept}"`);
    expect(html).toMatch(/<h1\b/);
  }

  // In a browser: no console errors, and links move between home and sign-in without a reload.
  const visitor = await browser.newContext({ baseURL });
  const page = await visitor.newPage();
  const errors = watchErrors(page);
  const response = await page.goto("/");
  expect(policyNonce(response?.headers()["content-security-policy"])).toBe(kept);
  await expectSignedOut(page);
  await expect(page.locator("html")).not.toHaveClass(/\b(dark|light)\b.*\b(dark|light)\b/);
  await page.evaluate(() => ((window as unknown as { stayed: boolean }).stayed = true));
  const stayed = () => page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed);
  // The header's Sign in opens its dialog (the kept page's scripts run), which leads on to sign-in.
  await page.getByRole("banner").getByRole("link", { name: "Sign in", exact: true }).click();
  await page
    .getByRole("dialog", { name: "Sign in" })
    .getByRole("link", { name: "Email me a sign-in link or code" })
    .click();
  await expect(page).toHaveURL(/\/sign-in\/email$/);
  // The dialog stays open over the page it led to (as it does on every page); close it to see it.
  await page.keyboard.press("Escape");
  await expect(page.getByRole("main").getByLabel("Email")).toBeVisible();
  expect(await stayed()).toBe(true);
  await page.getByRole("banner").getByRole("link", { name: siteConfig.name }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole("main").locator("h1")).toBeVisible();
  expect(await stayed()).toBe(true);
  // A reload is served the kept copy again, and it runs as the first one did.
  await page.reload();
  await expect(page.getByRole("main").locator("h1")).toBeVisible();
  expect(errors).toEqual([]);
  await visitor.close();

  // A visitor who chose dark gets a page rendered for them: dark from the first byte.
  const dark = await request.get("/", { headers: { cookie: "theme=dark" } });
  expect(policyNonce(dark.headers()["content-security-policy"])).not.toBe(kept);
  expect(await dark.text()).toMatch(/<html[^>]*class="[^"]*\bdark\b/);
  // Only the server marks a request for the kept copy: a visitor's own mark is ignored.
  const marked = await request.get("/", {
    headers: { cookie: "theme=dark", "x-groundwork-kept-page": "/kept/home" },
  });
  expect(policyNonce(marked.headers()["content-security-policy"])).not.toBe(kept);
  expect(await marked.text()).toMatch(/<html[^>]*class="[^"]*\bdark\b/);

  // A signed-in person gets their own page: the account menu, never the visitor's header.
  const person = await newPerson();
  const device = await deviceOf(browser, baseURL!, person);
  const theirs = await device.newPage();
  const live = await theirs.goto("/");
  expect(policyNonce(live?.headers()["content-security-policy"])).not.toBe(kept);
  await expectSignedIn(theirs, person.email);
  await device.close();
});
