import { readFile } from "node:fs/promises";

import { expect, test, type Page } from "./support/test";
import { createClient } from "@supabase/supabase-js";
import { unzipSync, strFromU8 } from "fflate";
import { TOTP } from "otpauth";

import {
  admin,
  BACKEND_URL,
  codeIn,
  createUser,
  expectSignedOut,
  PASSWORD,
  PUBLISHABLE_KEY,
  signInWithPassword,
  waitForMail,
} from "./support/auth";
import { deviceOf, seedNote } from "./support/notes";

async function openYourData(page: Page, email: string) {
  await signInWithPassword(page, email, undefined, "/account/data");
  await expect(page).toHaveURL(/\/account\/data$/);
}

async function deleteAccount(page: Page, email: string, totp?: string) {
  await page.getByRole("button", { name: "Delete my account" }).click();
  const dialog = page.getByRole("dialog", { name: "Delete your account?" });
  await dialog.getByLabel("Your email address").fill(email);
  await dialog.getByLabel("Your password").fill(PASSWORD);
  if (totp) await dialog.getByLabel("Code from your authenticator app").fill(totp);
  await dialog.getByRole("button", { name: "Delete everything" }).click();
  await expect(page.getByText("Your account and everything in it is deleted.")).toBeVisible({
    timeout: 20_000,
  });
  await expect(page).toHaveURL(/\/$/);
}

async function expectNothingLeft(id: string) {
  const user = await admin().auth.admin.getUserById(id);
  expect(user.data.user).toBeNull();
  for (const table of ["profiles", "notes"] as const) {
    const column = table === "profiles" ? "id" : "owner_id";
    const { data } = await admin().from(table).select("id").eq(column, id);
    expect(data, table).toEqual([]);
  }
}

test("export downloads an archive with the profile and every note as Markdown", async ({
  page,
}) => {
  const user = await createUser();
  await seedNote(user, "Shopping list", "- eggs\n- flour");
  await openYourData(page, user.email);

  const download = page.waitForEvent("download");
  await page.getByRole("button", { name: "Export my data" }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^groundwork-export-.*\.zip$/);
  const entries = unzipSync(new Uint8Array(await readFile((await file.path())!)));
  const profile = JSON.parse(strFromU8(entries["profile.json"]!));
  expect(profile.id).toBe(user.id);
  const notes = Object.keys(entries).filter((name) => name.startsWith("notes/"));
  expect(notes).toHaveLength(1);
  const markdown = strFromU8(entries[notes[0]!]!);
  expect(markdown).toContain("Shopping list");
  expect(markdown).toContain("- eggs");
  await expect(page.getByText("Your data is downloaded.")).toBeVisible();
});

test("delete removes everything, sign-in then fails, and the other device is signed out", async ({
  browser,
  baseURL,
}) => {
  const user = await createUser();
  await seedNote(user, "To be forgotten");
  const other = await deviceOf(browser, baseURL!, user);
  const otherPage = await other.newPage();
  await otherPage.goto("/account");
  await expect(otherPage).toHaveURL(/\/account$/);

  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  await openYourData(page, user.email);
  await deleteAccount(page, user.email);

  await expectNothingLeft(user.id);
  await expectSignedOut(otherPage);
  await signInWithPassword(page, user.email);
  await expect(page.getByRole("main").getByRole("alert")).toHaveText(/don't match an account/);
  await expectSignedOut(page);
  await Promise.all([context.close(), other.close()]);
});

test("a signed-in session without the password cannot delete: the function checks it", async ({
  page,
}) => {
  const user = await createUser();
  await seedNote(user, "Still mine");
  await openYourData(page, user.email);

  await page.getByRole("button", { name: "Delete my account" }).click();
  const dialog = page.getByRole("dialog", { name: "Delete your account?" });
  await dialog.getByLabel("Your email address").fill(user.email);
  await dialog.getByLabel("Your password").fill("not-my-password-1");
  await dialog.getByRole("button", { name: "Delete everything" }).click();
  await expect(dialog.getByRole("alert")).toHaveText("That password is not right");
  expect((await admin().auth.admin.getUserById(user.id)).data.user).not.toBeNull();
  const { data } = await admin().from("notes").select("id").eq("owner_id", user.id);
  expect(data).toHaveLength(1);
});

test("without a password, delete takes a code from the mail instead", async ({ page, request }) => {
  const user = await createUser();
  await openYourData(page, user.email);

  await page.getByRole("button", { name: "Delete my account" }).click();
  const dialog = page.getByRole("dialog", { name: "Delete your account?" });
  await dialog.getByLabel("Your email address").fill(user.email);
  await dialog.getByRole("button", { name: "No password? Use a code from your email" }).click();
  const since = Date.now();
  await dialog.getByRole("button", { name: "Email me a code" }).click();
  const mail = await waitForMail(request, user.email, { subject: /magic link/, since });
  await dialog.getByLabel(`Code we sent to ${user.email}`).fill(codeIn(mail));
  await dialog.getByRole("button", { name: "Delete everything" }).click();
  await expect(page.getByText("Your account and everything in it is deleted.")).toBeVisible({
    timeout: 20_000,
  });
  await expectNothingLeft(user.id);
});

test("with an authenticator app, delete also asks for its code", async ({ page }) => {
  const user = await createUser();
  const client = createClient(BACKEND_URL, PUBLISHABLE_KEY, { auth: { persistSession: false } });
  await client.auth.signInWithPassword({ email: user.email, password: PASSWORD });
  const { data: enrolled } = await client.auth.mfa.enroll({ factorType: "totp" });
  const totp = new TOTP({ secret: enrolled!.totp.secret, digits: 6, period: 30 });
  const verified = await client.auth.mfa.challengeAndVerify({
    factorId: enrolled!.id,
    code: totp.generate(),
  });
  expect(verified.error).toBeNull();

  await signInWithPassword(page, user.email, undefined, "/account/data");
  await expect(page).toHaveURL(/\/verify-mfa/);
  await page.getByLabel("Code from your authenticator app").fill(totp.generate());
  await page.getByRole("button", { name: "Verify" }).click();
  await expect(page).toHaveURL(/\/account\/data$/);

  // A wrong code stops it, and nothing is deleted.
  await page.getByRole("button", { name: "Delete my account" }).click();
  const dialog = page.getByRole("dialog", { name: "Delete your account?" });
  await dialog.getByLabel("Your email address").fill(user.email);
  await dialog.getByLabel("Your password").fill(PASSWORD);
  await dialog
    .getByLabel("Code from your authenticator app")
    .fill("000000" === totp.generate() ? "111111" : "000000");
  await dialog.getByRole("button", { name: "Delete everything" }).click();
  await expect(dialog.getByRole("alert")).toBeVisible();
  expect((await admin().auth.admin.getUserById(user.id)).data.user).not.toBeNull();
  await dialog.getByRole("button", { name: "Keep my account" }).click();

  await deleteAccount(page, user.email, totp.generate({ timestamp: Date.now() + 30_000 }));
  await expectNothingLeft(user.id);
});
