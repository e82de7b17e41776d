import { readFileSync } from "node:fs";

import { expect, test, type Page } from "./support/test";

import { setThemeCookie } from "./helpers";
import { admin } from "./support/auth";
import { seriousViolations } from "./support/axe";
import { expectStoredBody, storedBody } from "./support/editor";
import {
  createNoteWithButton,
  deviceOf,
  editor,
  expectSaved,
  newPerson,
  openNote,
} from "./support/notes";

// Two browsers and a production server share a busy machine: allow them time.
test.describe.configure({ timeout: 240_000 });

/**
 * Makes the note's last stored edit look six minutes old to the server, as a pause would (the
 * server decides by its own clock; waiting five minutes has no place in a test).
 */
async function pauseSession(id: string) {
  const at = new Date(Date.now() - 6 * 60_000).toISOString();
  const { error } = await admin()
    .from("note_history_marks")
    .update({ last_update_at: at })
    .eq("note_id", id);
  expect(error).toBeNull();
}

async function typeAtEnd(page: Page, text: string) {
  await editor(page).click();
  await page.keyboard.press("Control+End");
  await page.keyboard.type(text);
  await expectSaved(page);
}

test("history: a version per session, previewed with its changes, restored on every device, undone and copied", async ({
  browser,
  baseURL,
}) => {
  const person = await newPerson();
  const a = await deviceOf(browser, baseURL!, person, { reducedMotion: "reduce" });
  const b = await deviceOf(browser, baseURL!, person);
  const pageA = await a.newPage();

  // First session, then a pause, then a second session: the first is kept as a version.
  const id = await createNoteWithButton(pageA);
  await pageA.keyboard.type("Groceries");
  await pageA.keyboard.press("Enter");
  await pageA.keyboard.type("apples and pears");
  await expectSaved(pageA);
  await pauseSession(id);
  await typeAtEnd(pageA, " and plums");
  await expectStoredBody(id, /apples and pears and plums/);

  // Device B has the note open.
  const pageB = await b.newPage();
  await openNote(pageB, id);
  await expect(editor(pageB)).toContainText("apples and pears and plums");

  // A opens the note's history from the note's menu.
  await pageA.getByRole("link", { name: "History", exact: true }).click();
  await pageA.waitForURL(`**/notes/${id}/history`);
  await expect(pageA.getByRole("heading", { name: "History of Groceries" })).toBeVisible();
  const versions = pageA.getByRole("list", { name: "Versions, newest first" });
  await expect(versions.getByRole("button")).toHaveCount(1);
  await expect(versions.getByRole("button").first()).toContainText("Edited");
  // The preview marks what the note has now that this version has not.
  const preview = pageA.getByTestId("history-preview");
  await expect(preview).toContainText("apples and pears");
  await expect(preview.locator("del", { hasText: "plums" })).toBeVisible();

  // Restore on A: B shows the restored text live; Undo restore brings the later text back.
  await pageA.getByRole("button", { name: "Restore", exact: true }).click();
  const undo = pageA.getByRole("button", { name: "Undo restore" });
  await expect(undo).toBeVisible();
  await expect(editor(pageB)).not.toContainText("plums", { timeout: 15_000 });
  await expect(editor(pageB)).toContainText("apples and pears");
  // By keyboard, as the toast's button is reached: the toast may still be settling into place.
  await undo.focus();
  await pageA.keyboard.press("Enter");
  await expect(editor(pageB)).toContainText("apples and pears and plums", { timeout: 15_000 });
  await expectStoredBody(id, /apples and pears and plums/);

  // The timeline shows the restore and the state kept before it.
  await expect(versions.getByRole("button")).toHaveCount(5, { timeout: 15_000 });
  await expect(versions.getByText("Before restore").first()).toBeVisible();

  // Restored again, B types after it: both the restore and B's words are kept.
  await versions.getByRole("button").last().focus();
  await pageA.keyboard.press("Enter");
  await expect(preview.locator("del", { hasText: "plums" })).toBeVisible();
  await pageA.getByRole("button", { name: "Restore", exact: true }).click();
  await expect(editor(pageB)).not.toContainText("plums", { timeout: 15_000 });
  await typeAtEnd(pageB, " and figs");
  await expectStoredBody(id, /^apples and pears and figs$/);

  // The history view passes axe in both themes, and reads at a phone's width.
  expect(await seriousViolations(pageA)).toEqual([]);
  await setThemeCookie(a, baseURL, "dark");
  await pageA.setViewportSize({ width: 390, height: 844 });
  await pageA.reload();
  await expect(pageA.locator("html")).toHaveClass(/dark/);
  await expect(preview).toBeVisible();
  expect(await seriousViolations(pageA)).toEqual([]);

  // Copy to new note: a new note opens with the version's text.
  await versions.getByRole("button").last().focus();
  await pageA.keyboard.press("Enter");
  await expect(preview.locator("del", { hasText: "figs" })).toBeVisible();
  await pageA.getByRole("button", { name: "Copy to new note" }).click();
  await pageA.waitForURL(/\/notes\/[0-9a-f-]{36}$/);
  expect(pageA.url()).not.toContain(id);
  await expect(editor(pageA)).toContainText("apples and pears", { timeout: 15_000 });
  await expect(editor(pageA)).not.toContainText("figs");

  await a.close();
  await b.close();
});

test("history: a removed file is put back from a version's preview, on every device, and downloads", async ({
  browser,
  baseURL,
}) => {
  const person = await newPerson();
  const a = await deviceOf(browser, baseURL!, person, { reducedMotion: "reduce" });
  const b = await deviceOf(browser, baseURL!, person);
  const pageA = await a.newPage();

  // A note with a file in it, written in one session.
  const id = await createNoteWithButton(pageA);
  await pageA.keyboard.type("Trip");
  await pageA.keyboard.press("Enter");
  await pageA.keyboard.type("The plan");
  await expectSaved(pageA);
  await pageA.getByLabel("Files to attach").setInputFiles({
    name: "report.pdf",
    mimeType: "application/pdf",
    buffer: Buffer.from("%PDF-1.4 the plan in full"),
  });
  const chipA = pageA.locator("[data-attachment-view='file']", { hasText: "report.pdf" });
  await expect(chipA).toBeVisible({ timeout: 30_000 });
  await expectStoredBody(id, /\[report\.pdf\]\(attachment:/);

  // After a pause the file is removed from the note: the session that had it is kept.
  await pauseSession(id);
  await pageA.getByRole("button", { name: "Remove report.pdf" }).focus();
  await pageA.keyboard.press("Enter");
  await expect(chipA).toHaveCount(0);
  await expect.poll(() => storedBody(id), { timeout: 15_000 }).not.toContain("attachment:");

  // Device B has the note open, without the file.
  const pageB = await b.newPage();
  await openNote(pageB, id);
  await expect(editor(pageB)).toContainText("The plan");
  const chipB = pageB.locator("[data-attachment-view='file']", { hasText: "report.pdf" });
  await expect(chipB).toHaveCount(0);

  // A opens the history: the version's preview offers the file back.
  await pageA.getByRole("link", { name: "History", exact: true }).click();
  await pageA.waitForURL(`**/notes/${id}/history`);
  const putBack = pageA.getByRole("button", { name: "Restore attachment report.pdf" });
  await expect(putBack).toBeVisible({ timeout: 15_000 });
  // The preview names the file as the note showed it, marked as what a restore brings back.
  const preview = pageA.getByTestId("history-preview");
  await expect(preview.locator("ins", { hasText: "File: report.pdf" })).toBeVisible();
  await expect(preview).not.toContainText("attachment:");

  // The preview with its files passes axe in both themes.
  expect(await seriousViolations(pageA)).toEqual([]);
  await setThemeCookie(a, baseURL, "dark");
  await pageA.reload();
  await expect(pageA.locator("html")).toHaveClass(/dark/);
  await expect(putBack).toBeVisible({ timeout: 15_000 });
  expect(await seriousViolations(pageA)).toEqual([]);

  // By keyboard: the file comes back into the note, live on B, where it was (after the plan).
  await putBack.focus();
  await pageA.keyboard.press("Enter");
  await expect(pageA.getByText("“report.pdf” is back in the note")).toBeVisible();
  await expect(chipB).toBeVisible({ timeout: 15_000 });
  await expectStoredBody(id, /^The plan\n\n\[report\.pdf\]\(attachment:[^)]+\)$/);
  // It is no longer offered: the note has it.
  await expect(putBack).toHaveCount(0);

  // Its file downloads on B under its own name.
  const link = chipB.getByRole("link", { name: /report\.pdf/ });
  await expect(link).toHaveAttribute("href", /\/storage\/v1\/object\/sign\/attachments\//);
  const [download] = await Promise.all([pageB.waitForEvent("download"), link.click()]);
  expect(download.suggestedFilename()).toBe("report.pdf");
  const saved = await download.path();
  expect(readFileSync(saved, "utf8")).toBe("%PDF-1.4 the plan in full");

  // Undo takes it out again on every device; the file stays kept.
  const undo = pageA.getByRole("button", { name: "Undo", exact: true });
  await undo.focus();
  await pageA.keyboard.press("Enter");
  await expect(chipB).toHaveCount(0, { timeout: 15_000 });
  await expect(putBack).toBeVisible({ timeout: 15_000 });

  // Once the file is gone from Storage, the preview says so and offers nothing to put back.
  const { data: files } = await admin().storage.from("attachments").list(`${person.id}/${id}`);
  expect(files).toHaveLength(1);
  await admin()
    .storage.from("attachments")
    .remove([`${person.id}/${id}/${files![0].name}`]);
  await pageA.reload();
  await expect(pageA.getByText("This file is no longer kept")).toBeVisible({ timeout: 15_000 });
  await expect(putBack).toHaveCount(0);

  await a.close();
  await b.close();
});
