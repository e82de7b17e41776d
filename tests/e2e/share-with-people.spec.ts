import { expect, test } from "@playwright/test";

import { seriousViolations } from "./support/axe";
import { deviceOf, editor, expectSaved, newPerson, openNote, seedNote } from "./support/notes";

// Two people in two browsers on a busy machine: allow them time.
test.describe.configure({ timeout: 180_000 });

test("the owner shares a note with an editor, makes them a viewer, then takes access back", async ({
  browser,
  baseURL,
}) => {
  const owner = await newPerson();
  const friend = await newPerson();
  const noteId = await seedNote(owner, "Trip plan", "Lisbon in May.");
  const ownerPage = await (await deviceOf(browser, baseURL!, owner)).newPage();
  const friendPage = await (await deviceOf(browser, baseURL!, friend)).newPage();

  await friendPage.goto("/notes/shared");
  await expect(friendPage.getByText("Nothing is shared with you yet.")).toBeVisible();

  await openNote(ownerPage, noteId);
  await ownerPage.getByRole("button", { name: "Share" }).first().click();
  const dialog = ownerPage.getByRole("dialog");
  await dialog.getByLabel("Invite by email").fill(friend.email);
  await dialog.getByLabel("Role", { exact: true }).selectOption("editor");
  await dialog.getByRole("button", { name: "Invite" }).click();
  const people = dialog.getByRole("list", { name: "People with access" });
  await expect(people.getByText(friend.email)).toBeVisible();
  expect(await seriousViolations(ownerPage)).toEqual([]);

  // It arrives live, with a toast, and lists the note under Shared with me.
  await expect(friendPage.getByText("A note was shared with you")).toBeVisible({ timeout: 15_000 });
  await expect(friendPage.getByRole("link", { name: /Trip plan/ })).toBeVisible();
  expect(await seriousViolations(friendPage)).toEqual([]);

  await openNote(friendPage, noteId);
  await editor(friendPage).click();
  await friendPage.keyboard.press("End");
  await friendPage.keyboard.type(" Bring a hat.");
  await expectSaved(friendPage);
  // Both edit one live note: the editor's words reach the owner's open note.
  await ownerPage.keyboard.press("Escape");
  await expect(editor(ownerPage)).toContainText("Bring a hat.", { timeout: 15_000 });
  await ownerPage.getByRole("button", { name: "Share" }).first().click();

  // Made a viewer: the open editor stops taking typing.
  await people.getByLabel(/Role of/).selectOption("viewer");
  await expect(editor(friendPage)).toHaveAttribute("contenteditable", "false", {
    timeout: 15_000,
  });

  // Removed: the open note says so, and the note leaves their list.
  await people.getByRole("button", { name: /^Remove/ }).click();
  await expect(friendPage.getByRole("heading", { name: "You no longer have access" })).toBeVisible({
    timeout: 15_000,
  });
  await expect(friendPage.getByLabel("Your copy of the note")).toHaveValue(/Bring a hat\./);
  await friendPage.goto("/notes/shared");
  await expect(friendPage.getByText("Nothing is shared with you yet.")).toBeVisible();
});
