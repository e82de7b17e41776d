import { expect, test, type Page } from "./support/test";

import { sendFiles } from "./support/attachments";
import { admin, linkIn, uniqueEmail, waitForMail } from "./support/auth";
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
  // Both pages are checked with axe: as they settle, not in the middle of a toast's fade.
  const settled = { reducedMotion: "reduce" } as const;
  const ownerPage = await (await deviceOf(browser, baseURL!, owner, settled)).newPage();
  const friendPage = await (await deviceOf(browser, baseURL!, friend, settled)).newPage();

  await friendPage.goto("/notes/shared");
  await expect(friendPage.getByText("Nothing is shared with you yet.")).toBeVisible();

  await openNote(ownerPage, noteId);
  await ownerPage.getByRole("button", { name: "Share" }).first().click();
  const dialog = ownerPage.getByRole("dialog");
  await dialog.getByLabel("Invite by email").fill(friend.email);
  await dialog.getByLabel("Role", { exact: true }).selectOption("editor");
  await dialog.getByRole("button", { name: "Invite" }).click();
  // It arrives live, with a toast (for its five seconds), and lists the note under Shared with me.
  await expect(friendPage.getByText("A note was shared with you")).toBeVisible({ timeout: 15_000 });
  await expect(friendPage.getByRole("link", { name: /Trip plan/ })).toBeVisible();
  const people = dialog.getByRole("list", { name: "People with access" });
  await expect(people.getByText(friend.email)).toBeVisible();
  expect(await seriousViolations(ownerPage)).toEqual([]);
  expect(await seriousViolations(friendPage)).toEqual([]);

  await openNote(friendPage, noteId);
  await editor(friendPage).click();
  await friendPage.keyboard.press("End");
  await friendPage.keyboard.type(" Bring a hat.");
  await expectSaved(friendPage);
  // Both edit one live note: the editor's words reach the owner's open note.
  await ownerPage.keyboard.press("Escape");
  await expect(editor(ownerPage)).toContainText("Bring a hat.", { timeout: 15_000 });

  // An editor attaches a file too: it is stored with the owner's note, and shows on both.
  await sendFiles(friendPage, "drop", [{ name: "tickets.txt", type: "text/plain", size: 300 }]);
  const attached = (page: Page) =>
    page.locator('[data-attachment-view="file"]', { hasText: "tickets.txt" });
  await expect(attached(friendPage)).toBeVisible({ timeout: 15_000 });
  await expect(attached(ownerPage)).toBeVisible({ timeout: 15_000 });
  const { data: stored } = await admin().storage.from("attachments").list(`${owner.id}/${noteId}`);
  expect(stored?.map((file) => file.name.replace(/^.*?-/, ""))).toContain("tickets.txt");
  await ownerPage.getByRole("button", { name: "Share" }).first().click();

  // Made a viewer: the open editor stops taking typing.
  await people.getByLabel(/Role of/).selectOption("viewer");
  await expect(editor(friendPage)).toHaveAttribute("contenteditable", "false", {
    timeout: 15_000,
  });
  const viewerNotice = friendPage.getByText("You can view this note now.");
  await expect(viewerNotice).toBeVisible();
  // Made a commenter: still no typing, and the notice says what they can do now.
  await people.getByLabel(/Role of/).selectOption("commenter");
  await expect(friendPage.getByText("You can comment on this note now.")).toBeVisible({
    timeout: 15_000,
  });
  await expect(editor(friendPage)).toHaveAttribute("contenteditable", "false");
  // Made an editor again: typing works again and the notice goes.
  await people.getByLabel(/Role of/).selectOption("editor");
  await expect(editor(friendPage)).toHaveAttribute("contenteditable", "true", {
    timeout: 15_000,
  });
  await expect(viewerNotice).toBeHidden();
  await expect(friendPage.getByText(/You can comment on this note/)).toBeHidden();

  // Removed: the open note says so, and the note leaves their list.
  await people.getByRole("button", { name: /^Remove/ }).click();
  await expect(friendPage.getByRole("heading", { name: "You no longer have access" })).toBeVisible({
    timeout: 15_000,
  });
  await expect(friendPage.getByLabel("Your copy of the note")).toHaveValue(/Bring a hat\./);
  await friendPage.goto("/notes/shared");
  await expect(friendPage.getByText("Nothing is shared with you yet.")).toBeVisible();
});

test("someone without an account is invited to a note: the mail's link has them choose a password, then opens the note", async ({
  browser,
  baseURL,
  request,
}) => {
  const owner = await newPerson();
  const noteId = await seedNote(owner, "Garden plan", "Tomatoes by the fence.");
  const ownerPage = await (await deviceOf(browser, baseURL!, owner)).newPage();
  const newcomer = uniqueEmail("invited");

  await openNote(ownerPage, noteId);
  await ownerPage.getByRole("button", { name: "Share" }).first().click();
  const dialog = ownerPage.getByRole("dialog");
  await dialog.getByLabel("Invite by email").fill(newcomer);
  await dialog.getByLabel("Role", { exact: true }).selectOption("editor");
  await dialog.getByRole("button", { name: "Invite" }).click();
  await expect(dialog.getByText(newcomer)).toBeVisible();

  const mail = await waitForMail(request, newcomer, { subject: /invited/i });
  const invitee = await browser.newContext({ baseURL });
  const page = await invitee.newPage();
  await page.goto(linkIn(mail));
  await expect(page).toHaveURL(new RegExp(`/update-password\\?next=%2Fnotes%2F${noteId}$`));
  await expect(page.getByRole("heading", { name: "Choose a new password" })).toBeVisible();
  await page.getByLabel("New password", { exact: true }).fill("a-garden-password-42");
  await page.getByLabel("Repeat the new password").fill("a-garden-password-42");
  await page.getByRole("button", { name: "Save new password" }).click();

  await expect(page).toHaveURL(new RegExp(`/notes/${noteId}$`), { timeout: 15_000 });
  await expect(editor(page)).toContainText("Tomatoes by the fence.", { timeout: 15_000 });
  await invitee.close();
});

test("a note shared while the page is still connecting is told too, once", async ({
  browser,
  baseURL,
}) => {
  const owner = await newPerson();
  const friend = await newPerson();
  const noteId = await seedNote(owner, "Reading list", "Start with Calvino.");
  const friendPage = await (await deviceOf(browser, baseURL!, friend)).newPage();
  // The page's live connection is held back until the note has been shared.
  let shared: () => void = () => {};
  const sharedYet = new Promise<void>((resolve) => (shared = resolve));
  await friendPage.routeWebSocket(/\/realtime\/v1\/websocket/, async (ws) => {
    await sharedYet;
    ws.connectToServer();
  });
  await friendPage.goto("/notes/shared");
  await expect(friendPage.getByText("Nothing is shared with you yet.")).toBeVisible();
  const { error } = await admin()
    .from("note_members")
    .insert({ note_id: noteId, user_id: friend.id, role: "viewer" });
  if (error) throw error;
  shared();

  await expect(friendPage.getByText("A note was shared with you")).toHaveCount(1, {
    timeout: 15_000,
  });
  await expect(friendPage.getByRole("link", { name: /Reading list/ })).toBeVisible();
});

test("a folder is shared from its menu: a note filed there later reaches the member, who edits it, then leaves", async ({
  browser,
  baseURL,
}) => {
  const owner = await newPerson();
  const friend = await newPerson();
  const folder = await admin()
    .from("folders")
    .insert({ owner_id: owner.id, name: "Recipes" })
    .select("id")
    .single();
  if (folder.error) throw folder.error;
  // Both pages are checked with axe: as they settle, not in the middle of a toast's fade.
  const settled = { reducedMotion: "reduce" } as const;
  const ownerPage = await (await deviceOf(browser, baseURL!, owner, settled)).newPage();
  const friendPage = await (await deviceOf(browser, baseURL!, friend, settled)).newPage();
  await friendPage.goto("/notes/shared");
  await expect(friendPage.getByText("Nothing is shared with you yet.")).toBeVisible();

  // The folder's menu, from the keyboard: Share… opens the folder's Share dialog.
  await ownerPage.goto("/notes");
  await ownerPage
    .getByRole("tree", { name: "Folders" })
    .getByRole("treeitem", { name: /^Recipes ?,/ })
    .focus();
  await ownerPage.keyboard.press("Shift+F10");
  await ownerPage.getByRole("menuitem", { name: "Share…" }).click();
  const dialog = ownerPage.getByRole("dialog", { name: "Share “Recipes”" });
  await dialog.getByLabel("Invite by email").fill(friend.email);
  await dialog.getByLabel("Role", { exact: true }).selectOption("editor");
  await dialog.getByRole("button", { name: "Invite" }).click();
  await expect(friendPage.getByText("A folder was shared with you")).toBeVisible({
    timeout: 15_000,
  });
  const shared = friendPage.getByRole("list", { name: "Folders shared with me" });
  await expect(shared.getByText("Recipes")).toBeVisible();
  await expect(dialog.getByRole("list", { name: "People with access" })).toContainText(
    friend.email,
  );

  // An invitation to an address without an account waits, and can be withdrawn.
  const newcomer = uniqueEmail("folder-invited");
  await dialog.getByLabel("Invite by email").fill(newcomer);
  await dialog.getByLabel("Role", { exact: true }).selectOption("viewer");
  await dialog.getByRole("button", { name: "Invite" }).click();
  const pendingList = dialog.getByRole("list", { name: "Pending invitations" });
  await expect(pendingList.getByText(newcomer)).toBeVisible({ timeout: 15_000 });
  expect(await seriousViolations(ownerPage)).toEqual([]);
  await dialog.getByRole("button", { name: `Withdraw the invitation to ${newcomer}` }).click();
  await expect(pendingList).toHaveCount(0);
  const { data: left } = await admin()
    .from("invitations")
    .select("id")
    .eq("folder_id", folder.data.id)
    .eq("email", newcomer);
  expect(left).toEqual([]);

  // A note filed in the folder after it was shared is the member's to edit too.
  const { data: filed, error } = await admin()
    .from("notes")
    .insert({ owner_id: owner.id, title: "Soup", body: "Leeks first.", folder_id: folder.data.id })
    .select("id")
    .single();
  if (error) throw error;
  // It reaches their open Shared with me without a reload, count and all.
  await expect(shared).toContainText("1 note", { timeout: 15_000 });
  await friendPage.getByRole("link", { name: /Soup/ }).click();
  await expect(editor(friendPage)).toContainText("Leeks first.", { timeout: 15_000 });
  await expect(editor(friendPage)).toHaveAttribute("contenteditable", "true");
  await editor(friendPage).click();
  await friendPage.keyboard.press("End");
  await friendPage.keyboard.type(" Then potatoes.");
  await expectSaved(friendPage);
  await expect
    .poll(async () => (await admin().from("notes").select("body").eq("id", filed.id).single()).data)
    .toMatchObject({ body: expect.stringContaining("Then potatoes.") });

  // Made a viewer of the folder: their open note from it stops taking typing at once.
  await dialog
    .getByRole("list", { name: "People with access" })
    .getByLabel(/Role of/)
    .selectOption("viewer");
  await expect(editor(friendPage)).toHaveAttribute("contenteditable", "false", {
    timeout: 15_000,
  });

  // The owner's tree marks the folder shared; the note's Share dialog lists the member read-only.
  await ownerPage.keyboard.press("Escape");
  await expect(
    ownerPage
      .getByRole("treeitem", { name: /^Recipes/ })
      .getByRole("img", { name: "Shared", exact: true }),
  ).toBeVisible();
  await ownerPage.goto(`/notes/${filed.id}`);
  await ownerPage.getByRole("button", { name: "Share" }).first().click();
  const member = ownerPage
    .getByRole("dialog")
    .getByRole("list", { name: "People with access" })
    .getByRole("listitem")
    .filter({ hasText: friend.email });
  await expect(member).toContainText("Through Recipes");
  await expect(member).toContainText("Can view");
  await expect(member.getByRole("button", { name: /Remove/ })).toHaveCount(0);

  // Their access comes from the folder: the note's Share dialog says where to leave it.
  await friendPage.getByRole("button", { name: "Share" }).first().click();
  await expect(
    friendPage.getByRole("dialog").getByText(/You have this note through a shared folder/),
  ).toBeVisible();
  await expect(friendPage.getByRole("button", { name: "Leave this note" })).toHaveCount(0);
  await friendPage.keyboard.press("Escape");

  // The member leaves: the folder and its notes leave Shared with me.
  await friendPage.goto("/notes/shared");
  expect(await seriousViolations(friendPage)).toEqual([]);
  await friendPage.getByRole("button", { name: "Leave Recipes" }).click();
  await expect(friendPage.getByText("Nothing is shared with you yet.")).toBeVisible();
});
