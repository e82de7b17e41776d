import { expect, test, type Page } from "./support/test";
import { TOTP } from "otpauth";

import { chooseTheme, setThemeCookie, sitePages } from "./helpers";
import {
  addSessionCookies,
  createUser,
  expectSignedIn,
  linkIn,
  PASSWORD,
  sessionCookies,
  uniqueEmail,
  userMenuButton,
  waitForMail,
} from "./support/auth";
import { watchCspViolations } from "./support/csp-violations";
import { editor, newPerson, seedNote } from "./support/notes";

const signedOutPages = [...sitePages, "/sign-in", "/sign-in/email", "/sign-up", "/no-such-page"];
const signedInPages = [...sitePages, "/account"];

/** Loads a page and waits until React has hydrated it: the theme switcher answers a click. */
async function visit(page: Page, path: string) {
  await page.goto(path);
  const switcher = page.getByRole("banner").getByRole("button", { name: /^Theme:/ });
  await switcher.click();
  await expect(page.getByRole("menuitemradio", { name: "Dark" })).toBeVisible();
  await page.keyboard.press("Escape");
}

test("the listener hears a violation when there is one", async ({ context, page }) => {
  const violations = await watchCspViolations(context);
  await visit(page, "/");
  // An image from a host the policy does not name: blocked before any request leaves.
  await page.evaluate(() => {
    const img = document.createElement("img");
    img.src = "https://elsewhere.invalid/pixel.png";
    document.body.append(img);
  });
  await expect.poll(() => violations.map((v) => v.directive)).toContain("img-src");
});

// Each signed state in one theme: the theme changes no script or style the policy governs (the
// theme's first-paint script is the same nonced script in both), so both themes are still visited.
test("signed out, light: no page breaks the policy while it loads and hydrates", async ({
  context,
  page,
  baseURL,
}) => {
  test.slow(); // every page in turn, each until hydrated
  const violations = await watchCspViolations(context);
  await setThemeCookie(context, baseURL, "light");
  for (const path of signedOutPages) await visit(page, path);
  expect(violations).toEqual([]);
});

test("signed in, dark: no page breaks the policy while it loads and hydrates", async ({
  context,
  page,
  baseURL,
}) => {
  test.slow(); // every page in turn, each until hydrated
  const user = await createUser();
  await addSessionCookies(context, baseURL!, (await sessionCookies(user.email)).cookies);
  const violations = await watchCspViolations(context);
  await setThemeCookie(context, baseURL, "dark");
  for (const path of signedInPages) await visit(page, path);
  await expectSignedIn(page, user.email);
  expect(violations).toEqual([]);
});

test("sign-in dialog, theme switch and sign-out run within the policy", async ({
  context,
  page,
}) => {
  const violations = await watchCspViolations(context);
  const user = await createUser();
  await visit(page, "/features");
  await page.getByRole("banner").getByRole("link", { name: "Sign in" }).click();
  const dialog = page.getByRole("dialog", { name: "Sign in" });
  await dialog.getByLabel("Email").fill(user.email);
  await dialog.getByLabel("Password").fill(PASSWORD);
  await dialog.getByRole("button", { name: "Sign in", exact: true }).click();
  await expectSignedIn(page, user.email);

  await chooseTheme(page, "Dark");
  await chooseTheme(page, "Light");
  await chooseTheme(page, "System");

  await userMenuButton(page, user.email).click();
  await page.getByRole("menuitem", { name: "Sign out" }).click();
  await expect(page.getByText("You're signed out.")).toBeVisible();
  expect(violations).toEqual([]);
});

test("a magic link, then enrolling and using an authenticator, run within the policy", async ({
  context,
  page,
  request,
}) => {
  test.slow(); // two sign-ins, a mail and an enrolment
  const violations = await watchCspViolations(context);
  const user = await createUser(uniqueEmail("csp"));
  await page.goto("/sign-in/email?next=/account");
  await page.getByLabel("Email").fill(user.email);
  await page.getByRole("button", { name: "Email me a link and code" }).click();
  await expect(page.getByRole("heading", { name: "Check your email" })).toBeVisible();
  await page.goto(linkIn(await waitForMail(request, user.email)));
  await expect(page).toHaveURL(/\/account$/, { timeout: 15_000 });

  await page.getByRole("button", { name: "Add an authenticator app" }).click();
  await expect(page.getByRole("img", { name: "QR code for your authenticator app" })).toBeVisible();
  const secret = (await page.getByTestId("totp-secret").textContent())!.trim();
  const code = () => new TOTP({ secret, digits: 6, period: 30 }).generate();
  await page.getByLabel("Code from the app").fill(code());
  await page.getByRole("button", { name: "Turn on" }).click();
  await expect(
    page.getByRole("list", { name: "Authenticator apps" }).getByRole("listitem"),
  ).toHaveCount(1);

  await userMenuButton(page, user.email).click();
  await page.getByRole("menuitem", { name: "Sign out" }).click();
  await expect(page).toHaveURL(/\/sign-in/);
  await page.getByLabel("Email").fill(user.email);
  await page.getByLabel("Password").fill(PASSWORD);
  await page.getByRole("main").getByRole("button", { name: "Sign in", exact: true }).click();
  await expect(page).toHaveURL(/\/verify-mfa/);
  await page.getByLabel("Code from your authenticator app").fill(code());
  await page.getByRole("button", { name: "Verify" }).click();
  await expect(page).toHaveURL(/\/account$/, { timeout: 15_000 });
  await expectSignedIn(page, user.email);
  expect(violations).toEqual([]);
});

test("a note's page asks for the editor's code as it loads, within the policy, and fetches it once", async ({
  context,
  page,
  baseURL,
}) => {
  const person = await newPerson();
  const id = await seedNote(person, "Preloaded", "The editor's code is on its way early.");
  await addSessionCookies(context, baseURL!, (await sessionCookies(person.email)).cookies);
  const violations = await watchCspViolations(context);
  const response = await page.goto(`/notes/${id}`);
  const nonce = /'nonce-([^']+)'/.exec(response!.headers()["content-security-policy"])![1];
  const html = await response!.text();
  // The preloads in the HTML, before any script of the page has run.
  const preloads = [...html.matchAll(/<link[^>]*rel="preload"[^>]*>/g)]
    .map(([tag]) => tag)
    .filter((tag) => /as="script"/.test(tag) && /\/_next\/static\/chunks\//.test(tag));
  await expect(editor(page)).toContainText("The editor's code is on its way early.");
  await expect(editor(page)).toHaveAttribute("contenteditable", "true");
  // Among them, the chunk that holds the editor (ProseMirror's view: its caret's stand-in), with
  // the nonce.
  const chunks = await page.evaluate(() =>
    performance
      .getEntriesByType("resource")
      .map((entry) => entry.name)
      .filter((name) => name.includes("/_next/static/chunks/") && name.endsWith(".js")),
  );
  const editorChunk = await page.evaluate(async (urls) => {
    for (const url of urls)
      if ((await (await fetch(url)).text()).includes("ProseMirror-separator"))
        return new URL(url).pathname;
    return null;
  }, chunks);
  expect(editorChunk, "the editor's chunk was loaded").toBeTruthy();
  const tag = preloads.find((t) => t.includes(editorChunk!));
  expect(tag, `a preload of ${editorChunk} in the HTML`).toBeTruthy();
  expect(tag).toContain(`nonce="${nonce}"`);
  // Preloaded and then used: one fetch of it, not a second once the page asks for it.
  expect(chunks.filter((url) => url.endsWith(editorChunk!))).toHaveLength(1);
  expect(violations).toEqual([]);
});

test("a note's page carries the script that reads the device's copy only when loaded whole", async ({
  context,
  page,
  baseURL,
}) => {
  const person = await newPerson();
  const id = await seedNote(person, "Read ahead", "Opened from the list.");
  await addSessionCookies(context, baseURL!, (await sessionCookies(person.email)).cookies);
  const readsAhead = (text: string) => text.includes("__groundworkShellReads");
  // Loaded whole: in its HTML, with the response's nonce.
  const whole = await page.request.get(`/notes/${id}`);
  const nonce = /'nonce-([^']+)'/.exec(whole.headers()["content-security-policy"])![1];
  const script = /<script nonce="([^"]+)">[^<]*__groundworkShellReads/.exec(await whole.text());
  expect(script?.[1]).toBe(nonce);
  // The router's data for a soft navigation, fetched as the router fetches it, leaves it out.
  const data = await page.request.get(`/notes/${id}`, {
    headers: { RSC: "1", "Sec-Fetch-Dest": "empty", "Sec-Fetch-Mode": "cors" },
  });
  expect(data.status()).toBe(200);
  expect(await data.text()).toContain("Read ahead");
  expect(readsAhead(await data.text())).toBe(false);
  // Opened from the list, the note's page adds no script to the document.
  await page.goto("/notes");
  await page.getByRole("link", { name: /Read ahead/ }).click();
  await expect(editor(page)).toContainText("Opened from the list.");
  const scripts = await page.evaluate(
    () => [...document.scripts].filter((s) => s.text.includes("__groundworkShellReads")).length,
  );
  expect(scripts).toBe(0);
});
