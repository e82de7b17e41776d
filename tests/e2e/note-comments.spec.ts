import { expect, test, type Page } from "./support/test";

import { setThemeCookie } from "./helpers";
import { admin } from "./support/auth";
import { seriousViolations } from "./support/axe";
import { deviceOf, editor, newPerson, openNote, seedNote, type Person } from "./support/notes";

// Three people in three browsers on a busy machine: allow them time.
test.describe.configure({ timeout: 180_000 });

const LIVE = { timeout: 15_000 };

async function share(noteId: string, person: Person, role: "editor" | "commenter" | "viewer") {
  const { error } = await admin()
    .from("note_members")
    .insert({ note_id: noteId, user_id: person.id, role });
  if (error) throw error;
}

/** Selects the whole paragraph that holds `text`, as a person would with the keyboard. */
async function selectParagraph(page: Page, text: string) {
  await editor(page).getByText(text).click();
  await page.keyboard.press("End");
  await page.keyboard.press("Shift+Home");
}

const panel = (page: Page) => page.getByRole("complementary", { name: "Comments" });
const thread = (page: Page) => panel(page).getByRole("listitem", { name: /^Thread by/ });

test("two people comment on a note's text, reply and resolve it live; a viewer reads but cannot comment", async ({
  browser,
  baseURL,
}) => {
  const owner = await newPerson();
  const friend = await newPerson();
  const onlooker = await newPerson();
  const noteId = await seedNote(owner, "Trip plan", "Lisbon in May.\n\nBook the train.");
  await share(noteId, friend, "editor");
  await share(noteId, onlooker, "viewer");
  const ownerPage = await (await deviceOf(browser, baseURL!, owner)).newPage();
  const friendContext = await deviceOf(browser, baseURL!, friend);
  await setThemeCookie(friendContext, baseURL, "dark");
  const friendPage = await friendContext.newPage();

  await openNote(ownerPage, noteId);
  await expect(editor(ownerPage)).toContainText("Lisbon in May.");
  await openNote(friendPage, noteId);
  await expect(editor(friendPage)).toContainText("Lisbon in May.");
  await friendPage.getByRole("button", { name: /^Comments/ }).click();
  await expect(panel(friendPage).getByText("No comments yet.")).toBeVisible();
  await expect(friendPage.getByRole("list", { name: "People here" })).toBeVisible(LIVE);

  // The owner selects text and comments on it from the selection toolbar.
  await selectParagraph(ownerPage, "Lisbon in May.");
  await ownerPage.getByRole("toolbar", { name: "Formatting" }).getByLabel("Comment").click();
  await expect(panel(ownerPage).locator("blockquote")).toHaveText("Lisbon in May.");
  await panel(ownerPage).getByLabel("Comment", { exact: true }).fill("Which week exactly?");
  await panel(ownerPage).getByRole("button", { name: "Comment", exact: true }).click();
  await expect(thread(ownerPage)).toContainText("Which week exactly?");
  // The commented text is highlighted; the note's text itself is unchanged.
  await expect(editor(ownerPage).locator(".comment-highlight")).toHaveText("Lisbon in May.");

  // The friend sees it arrive live, highlighted too, and replies.
  await expect(thread(friendPage)).toContainText("Which week exactly?", LIVE);
  await expect(editor(friendPage).locator(".comment-highlight")).toHaveText("Lisbon in May.");
  // Typing elsewhere in the note moves the highlight with its text, here and on the other device.
  await editor(friendPage).click();
  await friendPage.keyboard.press("Control+Home");
  await friendPage.keyboard.type("Our ");
  await expect(editor(ownerPage)).toContainText("Our ", LIVE);
  for (const page of [friendPage, ownerPage])
    await expect(editor(page).locator(".comment-highlight")).toHaveText("Lisbon in May.");
  await thread(friendPage).getByRole("button", { name: "Reply" }).click();
  await panel(friendPage).getByLabel("Reply", { exact: true }).fill("The second one.");
  await panel(friendPage).getByRole("button", { name: "Reply", exact: true }).click();
  await expect(thread(ownerPage)).toContainText("The second one.", LIVE);
  // Only their own comments can be edited: the owner may not edit the friend's reply.
  await expect(thread(ownerPage).getByRole("button", { name: /^Edit your comment/ })).toHaveCount(
    1,
  );
  expect(await seriousViolations(ownerPage)).toEqual([]);
  expect(await seriousViolations(friendPage)).toEqual([]);

  // Each comment is stored under the name of the person who wrote it.
  const stored = await admin()
    .from("note_comments")
    .select("author_id, body")
    .eq("note_id", noteId)
    .order("created_at");
  expect(stored.data).toEqual([
    { author_id: owner.id, body: "Which week exactly?" },
    { author_id: friend.id, body: "The second one." },
  ]);

  // Clicking the thread selects its text in the note.
  await thread(friendPage)
    .getByRole("button", { name: /^Show the commented text/ })
    .click();
  expect(await friendPage.evaluate(() => window.getSelection()?.toString())).toBe("Lisbon in May.");

  // The owner resolves it: both see it resolved, and the highlight goes.
  await thread(ownerPage).getByRole("button", { name: "Resolve" }).click();
  await expect(thread(friendPage)).toHaveAccessibleName(/resolved$/, LIVE);
  await expect(thread(friendPage).getByRole("button", { name: "Reopen" })).toBeVisible();
  await expect(editor(friendPage).locator(".comment-highlight")).toHaveCount(0);

  // The commented text is deleted: the thread stays, "on deleted text", with its quote.
  await selectParagraph(ownerPage, "Lisbon in May.");
  await ownerPage.keyboard.press("Backspace");
  await expect(editor(friendPage)).not.toContainText("Lisbon in May.", LIVE);
  await expect(thread(friendPage)).toContainText("On deleted text");
  await expect(thread(friendPage).locator("blockquote")).toHaveText("Lisbon in May.");

  // A viewer reads the comments but has nothing to write them with.
  const onlookerPage = await (await deviceOf(browser, baseURL!, onlooker)).newPage();
  await openNote(onlookerPage, noteId);
  await onlookerPage.getByRole("button", { name: /^Comments/ }).click();
  await expect(thread(onlookerPage)).toContainText("The second one.", LIVE);
  await expect(
    panel(onlookerPage).getByRole("button", { name: /Reply|Resolve|Reopen/ }),
  ).toHaveCount(0);
  await selectParagraph(onlookerPage, "Book the train.");
  await onlookerPage.keyboard.press("Control+Alt+m");
  await expect(panel(onlookerPage).getByLabel("Comment", { exact: true })).toHaveCount(0);
  await expect(onlookerPage.getByRole("toolbar", { name: "Formatting" })).toHaveCount(0);

  // The keyboard shortcut starts a comment for those who may write one.
  await selectParagraph(friendPage, "Book the train.");
  // The editor has taken the selection (its toolbar shows): on a busy machine the shortcut's key
  // could otherwise reach it before the browser told it the selection moved.
  await expect(friendPage.getByRole("toolbar", { name: "Formatting" })).toBeVisible();
  await friendPage.keyboard.press("Control+Alt+m");
  await expect(panel(friendPage).getByLabel("Comment", { exact: true })).toBeFocused();
  await friendPage.keyboard.type("Which train?");
  await friendPage.keyboard.press("Control+Enter");
  await expect(thread(onlookerPage).filter({ hasText: "Which train?" })).toBeVisible(LIVE);
  // The viewer's device never tried to change the note: nothing to save, nothing refused.
  await expect(onlookerPage.getByText(/Not saved|can't be saved/)).toHaveCount(0);
  // In document order: the thread on live text first, the one on deleted text after it.
  await expect(thread(ownerPage).first()).toContainText("Which train?", LIVE);

  // On a phone the comments are a sheet over the note, and pass axe too.
  await onlookerPage.setViewportSize({ width: 390, height: 800 });
  const sheet = onlookerPage.getByRole("dialog", { name: "Comments" });
  await expect(sheet).toBeVisible();
  await expect(sheet.getByRole("listitem", { name: /^Thread by/ })).toHaveCount(2);
  expect(await seriousViolations(onlookerPage)).toEqual([]);
  await sheet.getByRole("button", { name: "Close comments" }).click();
  await expect(sheet).toBeHidden();
});

/** Selects the paragraph that holds `text` as a pointer would: the note takes no caret here. */
async function selectWithPointer(page: Page, text: string) {
  await editor(page)
    .getByText(text)
    .evaluate((paragraph) => {
      const range = document.createRange();
      range.selectNodeContents(paragraph);
      const selection = window.getSelection()!;
      selection.removeAllRanges();
      selection.addRange(range);
    });
}

test("a commenter comments without changing the note; @ picks a person by keyboard, who is told", async ({
  browser,
  baseURL,
}) => {
  const owner = await newPerson();
  const cora = await newPerson();
  for (const [person, name] of [
    [owner, "Olga Owner"],
    [cora, "Cora Commenter"],
  ] as const) {
    const named = await admin().from("profiles").update({ display_name: name }).eq("id", person.id);
    if (named.error) throw named.error;
  }
  const noteId = await seedNote(owner, "Budget", "Rent and food.\n\nTrain tickets.");
  await share(noteId, cora, "commenter");
  const ownerPage = await (await deviceOf(browser, baseURL!, owner)).newPage();
  const coraPage = await (await deviceOf(browser, baseURL!, cora)).newPage();
  await openNote(ownerPage, noteId);
  await openNote(coraPage, noteId);

  // The note is theirs to read, not to change.
  await expect(coraPage.getByText("You can comment on this note.")).toBeVisible();
  await expect(editor(coraPage)).toHaveAttribute("contenteditable", "false");
  await selectWithPointer(coraPage, "Train tickets.");
  const toolbar = coraPage.getByRole("toolbar", { name: "Formatting" });
  await expect(toolbar).toBeVisible();
  await expect(toolbar.getByRole("button")).toHaveCount(1);
  await coraPage.keyboard.press("Delete");
  await expect(editor(coraPage)).toContainText("Train tickets.");

  // Commenting, with an @mention picked by keyboard.
  await toolbar.getByLabel("Comment").click();
  const box = panel(coraPage).getByLabel("Comment", { exact: true });
  await expect(box).toBeFocused();
  await box.pressSequentially("Is this @ol");
  const offered = panel(coraPage).getByRole("listbox", { name: "People to mention" });
  await expect(offered.getByRole("option")).toHaveCount(1);
  await expect(offered.getByRole("option", { selected: true })).toContainText("Olga Owner");
  await coraPage.keyboard.press("Enter");
  await expect(offered).toBeHidden();
  await expect(box).toHaveValue("Is this @Olga Owner ");
  await box.pressSequentially("right?");
  await coraPage.keyboard.press("Control+Enter");
  await expect(thread(coraPage).locator("mark[data-mention]")).toHaveText("@Olga Owner");

  // The owner is told, and sees the thread with the mention highlighted.
  await expect(ownerPage.getByText("Cora Commenter mentioned you in Budget")).toBeVisible(LIVE);
  await ownerPage.getByRole("button", { name: /^Comments/ }).click();
  await expect(thread(ownerPage).locator("mark[data-mention]")).toHaveText("@Olga Owner", LIVE);
  const stored = await admin()
    .from("note_comments")
    .select("author_id, body, mentions")
    .eq("note_id", noteId);
  expect(stored.data).toEqual([
    { author_id: cora.id, body: "Is this @Olga Owner right?", mentions: [owner.id] },
  ]);
  // Nothing the commenter's device did changed the note.
  await expect(coraPage.getByText(/Not saved|can't be saved/)).toHaveCount(0);
  await expect(editor(ownerPage)).toContainText("Train tickets.");
  expect(await seriousViolations(coraPage)).toEqual([]);
});
