import { expect, test } from "./support/test";

import { admin } from "./support/auth";
import { seriousViolations } from "./support/axe";
import {
  coldOffline,
  deviceOf,
  editor,
  installed,
  newPerson,
  notesKeptWhole,
  openNote,
  seedNote,
} from "./support/notes";

test.describe.configure({ timeout: 180_000 });
// Opening the installed app with no network needs its own service worker (the suite blocks them).
test.use({ serviceWorkers: "allow" });

test("notes others share are listed in the installed app with no network, and open as the person's role lets them", async ({
  browser,
  baseURL,
}) => {
  const owner = await newPerson();
  const member = await newPerson();
  const named = await admin()
    .from("profiles")
    .update({ display_name: "Olga Owner" })
    .eq("id", owner.id);
  expect(named.error).toBeNull();
  const plan = await seedNote(owner, "Team plan", "Lisbon in May.");
  const budget = await seedNote(owner, "Budget", "Spend less on coffee.");
  const minutes = await seedNote(owner, "Meeting minutes", "Never opened by the member.");
  const shared = await admin()
    .from("note_members")
    .insert([
      { note_id: plan, user_id: member.id, role: "editor" },
      { note_id: budget, user_id: member.id, role: "viewer" },
      { note_id: minutes, user_id: member.id, role: "viewer" },
    ]);
  expect(shared.error).toBeNull();
  const own = await seedNote(member, "My own list", "Milk.");

  const device = await deviceOf(browser, baseURL!, member, {
    viewport: { width: 1280, height: 800 },
  });
  const page = await device.newPage();
  await page.goto("/notes");
  await installed(page);
  await openNote(page, plan);
  await expect(editor(page)).toContainText("Lisbon in May.");
  await openNote(page, budget);
  await expect(editor(page)).toContainText("Spend less on coffee.");
  await openNote(page, own);
  await expect(editor(page)).toContainText("Milk.");
  // The whole list, the shared notes with it, is kept in the background.
  await expect.poll(() => notesKeptWhole(page, member.id), { timeout: 30_000 }).toBe(4);

  const cold = await coldOffline(device);
  // "Shared with me", opened cold at its own address: the shell stands in for it.
  await cold.goto("/notes/shared");
  await expect(cold.getByRole("heading", { level: 1 })).toHaveText("Shared with me", {
    timeout: 15_000,
  });
  const list = cold.getByRole("list", { name: "Shared with me" });
  await expect(list.getByRole("link")).toHaveCount(3);
  await expect(list.getByRole("link", { name: /Meeting minutes/ })).toContainText("Olga Owner · ");
  await expect(list.getByRole("link", { name: /Meeting minutes/ })).toContainText(
    "Needs a connection",
  );
  await expect(list.getByRole("link", { name: /My own list/ })).toHaveCount(0);
  expect(await seriousViolations(cold)).toEqual([]);

  // Theirs to read: shown, not editable, and nothing of the owner's to move, pin or delete.
  await list.getByRole("link", { name: /Budget/ }).click();
  await expect(editor(cold)).toContainText("Spend less on coffee.", { timeout: 15_000 });
  await expect(editor(cold)).toHaveAttribute("contenteditable", "false");
  await expect(cold.getByText("Olga Owner · Can view")).toBeVisible();
  await expect(cold.getByRole("button", { name: "Delete" })).toHaveCount(0);
  await expect(cold.getByRole("button", { name: "Pin" })).toHaveCount(0);

  // Theirs to edit: written offline, and stored once the network is back.
  await list.getByRole("link", { name: /Team plan/ }).click();
  await expect(editor(cold)).toContainText("Lisbon in May.", { timeout: 15_000 });
  await expect(editor(cold)).toHaveAttribute("contenteditable", "true");
  await expect(cold.getByText("Olga Owner · Can edit")).toBeVisible();
  await editor(cold).click();
  await cold.keyboard.press("Control+End");
  await cold.keyboard.type(" Bring sunscreen.");
  await expect(editor(cold)).toContainText("Lisbon in May. Bring sunscreen.");

  // The person's own notes are under All notes, and the shared ones are not.
  await cold.getByRole("combobox", { name: "Show" }).selectOption({ label: "All notes" });
  await expect(cold).toHaveURL(/\/notes$/);
  const all = cold.getByRole("list", { name: "All notes" });
  await expect(all.getByRole("link")).toHaveCount(1);
  await expect(all.getByRole("link")).toContainText("My own list");
  // Searching every note finds the shared ones too, as the app's search does.
  const search = cold.getByRole("searchbox", { name: "Search notes on this device" });
  await search.fill("budget");
  await expect(all.getByRole("link")).toHaveCount(1);
  await expect(all.getByRole("link")).toContainText("Olga Owner");
  await search.fill("");

  await device.setOffline(false);
  await expect
    .poll(
      async () =>
        (await admin().from("notes").select("body").eq("id", plan).single()).data?.body ?? "",
      { timeout: 30_000 },
    )
    .toContain("Bring sunscreen.");
  await device.close();
});
