import { expect, test, type Page } from "./support/test";

import { admin } from "./support/auth";
import { seriousViolations } from "./support/axe";
import { deviceOf, editor, expectSaved, newPerson, openNote, seedNote } from "./support/notes";

// Two people in two browsers on a busy machine: allow them time.
test.describe.configure({ timeout: 180_000 });

async function named(id: string, display_name: string) {
  const { error } = await admin().from("profiles").upsert({ id, display_name });
  if (error) throw error;
}

/** A picture in the person's profile: a 1×1 PNG in their folder of the avatars bucket. */
async function pictured(id: string): Promise<string> {
  const png = Buffer.from(
    "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==",
    "base64",
  );
  const path = `${id}/face.png`;
  const up = await admin().storage.from("avatars").upload(path, png, { contentType: "image/png" });
  if (up.error) throw up.error;
  const { error } = await admin().from("profiles").update({ avatar_path: path }).eq("id", id);
  if (error) throw error;
  return path;
}

const peopleHere = (page: Page) => page.getByRole("list", { name: "People here" });

test("the owner and an editor see each other on the note by the names and faces the server has, the editor's caret by name, and the editor go", async ({
  browser,
  baseURL,
}, testInfo) => {
  const owner = await newPerson();
  const friend = await newPerson();
  await named(owner.id, "Olga Owner");
  await named(friend.id, "Ana Editor");
  await pictured(owner.id);
  // The editor writes the owner's name into their own account's data, which their device puts
  // in presence and on their caret: others still see the editor's own name.
  const forged = await admin().auth.admin.updateUserById(friend.id, {
    user_metadata: { profile: { display_name: "Olga Owner" } },
  });
  expect(forged.error).toBeNull();
  const noteId = await seedNote(owner, "Trip plan", "Lisbon in May.");
  const shared = await admin()
    .from("note_members")
    .insert({ note_id: noteId, user_id: friend.id, role: "editor" });
  expect(shared.error).toBeNull();

  const ownerPage = await (await deviceOf(browser, baseURL!, owner)).newPage();
  const friendPage = await (await deviceOf(browser, baseURL!, friend)).newPage();
  await openNote(ownerPage, noteId);
  // Alone on the note: nobody is listed.
  await expect(editor(ownerPage)).toContainText("Lisbon in May.");
  await expect(peopleHere(ownerPage)).toHaveCount(0);

  await openNote(friendPage, noteId);
  // Each sees the other, by name, on every device at once.
  await expect(ownerPage.getByRole("img", { name: "Ana Editor is here" })).toBeVisible({
    timeout: 15_000,
  });
  await expect(ownerPage.getByRole("img", { name: "Ana Editor is here" })).toHaveText("AE");
  await expect(friendPage.getByRole("img", { name: "Olga Owner is here" })).toBeVisible({
    timeout: 15_000,
  });
  // The owner's face, from their profile.
  await expect(
    friendPage.getByRole("img", { name: "Olga Owner is here" }).locator("img"),
  ).toHaveAttribute(
    "src",
    new RegExp(`/storage/v1/render/image/public/avatars/${owner.id}/face\\.png\\?`),
  );
  await expect(ownerPage.getByRole("img", { name: "Olga Owner is here" })).toHaveCount(0);
  await expect(peopleHere(ownerPage).getByRole("listitem")).toHaveCount(1);
  // Another person is not one of "my other devices".
  await expect(ownerPage.getByText(/Also open on/)).toHaveCount(0);

  // The editor types: the owner sees the words, and the editor's caret with their name.
  await editor(friendPage).click();
  await friendPage.keyboard.press("End");
  await friendPage.keyboard.type(" Bring a hat.");
  await expectSaved(friendPage);
  await expect(editor(ownerPage)).toContainText("Bring a hat.", { timeout: 15_000 });
  const caret = ownerPage.locator(".collaborator-caret", { hasText: "Ana Editor" });
  await expect(caret).toBeVisible({ timeout: 15_000 });
  // The caret is where the editor typed: on the line of their words, after them.
  const line = editor(ownerPage).locator("p", { hasText: "Bring a hat." });
  await expect(line.locator(".collaborator-caret")).toHaveText(/Ana Editor/);
  expect(
    await line.evaluate((p) => {
      const mark = p.querySelector(".collaborator-caret")!;
      const before = document.createRange();
      before.setStart(p, 0);
      before.setEndBefore(mark);
      return before.toString();
    }),
  ).toBe("Lisbon in May. Bring a hat.");
  // The owner's own editor shows no caret of their own, and the names in the note are not text
  // of it: they are not stored.
  await expect(ownerPage.locator(".collaborator-caret", { hasText: "Olga Owner" })).toHaveCount(0);

  expect(await seriousViolations(ownerPage)).toEqual([]);
  await ownerPage.screenshot({ path: testInfo.outputPath("note-presence.png") });

  // The editor closes the tab: the owner's toolbar soon no longer lists them, nor shows the caret.
  await friendPage.close();
  await expect(ownerPage.getByRole("img", { name: "Ana Editor is here" })).toHaveCount(0, {
    timeout: 15_000,
  });
  await expect(peopleHere(ownerPage)).toHaveCount(0);
  await expect(caret).toHaveCount(0);
  const { data } = await admin().from("notes").select("body").eq("id", noteId).single();
  expect(data?.body).not.toContain("Ana Editor");
});
