import { expect, test } from "../e2e/support/test";

import { expectUploaded, sendFiles } from "../e2e/support/attachments";
import { expectSignedIn, linkIn, PASSWORD, uniqueEmail, waitForMail } from "../e2e/support/auth";
import { createNoteWithButton, deviceOf, editor, expectSaved } from "../e2e/support/notes";

// The app end to end with every backend service on PostgreSQL: sign-up (Auth as
// supabase_auth_admin), notes (REST as authenticator), live sync (Realtime), an attachment
// (Storage as supabase_storage_admin) and a share link read signed out.
test.describe.configure({ timeout: 120_000 });

test("on PostgreSQL: sign up, write a note that reaches a second device live, attach a file, share it", async ({
  browser,
  baseURL,
  request,
}) => {
  const email = uniqueEmail("postgres");
  const first = await browser.newContext({ baseURL });
  const page = await first.newPage();
  await page.goto("/sign-up");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(PASSWORD);
  await page.getByRole("button", { name: "Create account" }).click();
  const mail = await waitForMail(request, email, { subject: /confirm/i });
  await page.goto(linkIn(mail));
  await expectSignedIn(page, email);

  const id = await createNoteWithButton(page);
  await page.keyboard.type("Moving boxes");
  await page.keyboard.press("Enter");
  await page.keyboard.type("kitchen first");
  await expectSaved(page);

  // A second device of the same person sees the note, then what is typed next, live.
  const second = await deviceOf(browser, baseURL!, { id: "", email, password: PASSWORD });
  const other = await second.newPage();
  await other.goto(`/notes/${id}`);
  // A page's first load next to a production server, a PostgreSQL cluster and Chromium can be slow.
  await expect(editor(other)).toContainText("kitchen first", { timeout: 45_000 });
  await page.keyboard.type(", then the books");
  await expect(editor(other)).toContainText("kitchen first, then the books", { timeout: 15_000 });

  await sendFiles(page, "paste", [{ name: "inventory.txt", type: "text/plain", size: 2000 }]);
  await expectUploaded(page, "inventory.txt");
  await expectSaved(page);
  await expect(
    other.locator('[data-attachment-view="file"]', { hasText: "inventory.txt" }),
  ).toBeVisible({ timeout: 15_000 });

  await page.getByRole("button", { name: "Share", exact: true }).click();
  const dialog = page.getByRole("dialog");
  await dialog.getByRole("button", { name: "Share", exact: true }).click();
  const link = await dialog.getByLabel("Public link").inputValue();
  const reader = await browser.newContext({ baseURL });
  const readerPage = await reader.newPage();
  const response = await readerPage.goto(new URL(link).pathname);
  expect(response?.status()).toBe(200);
  await expect(readerPage.getByRole("heading", { name: "Moving boxes" })).toBeVisible();
  await expect(readerPage.getByText("kitchen first, then the books")).toBeVisible();

  await reader.close();
  await second.close();
  await first.close();
});
