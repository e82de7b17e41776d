import { expect, test, type Page } from "./support/test";

import { setThemeCookie } from "./helpers";
import { seriousViolations } from "./support/axe";
import { deviceOf, editor, newPerson, seedNote } from "./support/notes";
import { openPalette } from "./support/palette";

const field = (page: Page) => page.getByRole("combobox", { name: "Find a note or a command" });
const notes = (page: Page) => page.getByRole("group", { name: "Notes" }).getByRole("option");

const TRIP = [
  "Day one: the train was late.",
  "",
  "We had coffee at a small café in Zürich before the lantern festival.",
  "",
  "第二天我们去了北京大学看樱花。",
  "",
  "ไปตลาดน้ำกับครอบครัว",
].join("\n");

test("finds part of a word, accents typed without them and CJK, marks it and opens at the match", async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(150_000);
  const person = await newPerson();
  const id = await seedNote(person, "Trip journal", TRIP);
  await seedNote(person, "Unrelated", "nothing here");
  const context = await deviceOf(browser, baseURL!, person);
  const page = await context.newPage();
  await page.goto("/notes");

  for (const [query, marked] of [
    ["zuric", "Züric"],
    ["anter", "anter"],
    ["北京大学", "北京大学"],
    ["ตลาดน้ำ", "ตลาดน้ำ"],
  ] as const) {
    await openPalette(page);
    await field(page).fill(query);
    await expect(notes(page)).toHaveCount(1);
    await expect(notes(page).first()).toContainText("Trip journal");
    await expect(notes(page).first().locator("mark")).toHaveText([marked]);
    await page.keyboard.press("Escape");
    await expect(page.getByRole("dialog", { name: "Command palette" })).toBeHidden();
  }

  // Choosing a result opens the note with the match selected in the editor.
  await openPalette(page);
  await field(page).fill("zurich");
  await expect(notes(page).first().locator("mark")).toHaveText(["Zürich"]);
  await page.keyboard.press("Enter");
  await page.waitForURL(new RegExp(`/notes/${id}`));
  await expect(editor(page)).toContainText("lantern festival");
  await expect.poll(() => page.evaluate(() => window.getSelection()?.toString())).toBe("Zürich");
  await expect(editor(page)).toBeFocused();
  await context.close();
});

test("filters narrow the results: pinned, attachments and date", async ({ browser, baseURL }) => {
  const person = await newPerson();
  const pinned = await seedNote(person, "Pinned marmalade", "orange marmalade");
  await seedNote(person, "Loose marmalade", "lemon marmalade");
  await seedNote(
    person,
    "Marmalade with a file",
    'marmalade label [label.pdf](attachment:x/y/label.pdf "3 KB")',
  );
  const { admin } = await import("./support/auth");
  await admin().from("notes").update({ pinned: true }).eq("id", pinned);
  const context = await deviceOf(browser, baseURL!, person);
  const page = await context.newPage();
  await page.goto("/notes");
  await openPalette(page);
  await field(page).fill("marmal");
  await expect(notes(page)).toHaveCount(3);
  await page.getByRole("button", { name: "Pinned" }).click();
  await expect(page.getByRole("button", { name: "Pinned" })).toHaveAttribute(
    "aria-pressed",
    "true",
  );
  await expect(notes(page)).toHaveCount(1);
  await expect(notes(page).first()).toContainText("Pinned marmalade");
  await page.getByRole("button", { name: "Pinned" }).click();
  await page.getByRole("button", { name: "Has attachments" }).click();
  await expect(notes(page)).toHaveCount(1);
  await expect(notes(page).first()).toContainText("Marmalade with a file");
  await page.getByRole("button", { name: "Has attachments" }).click();
  await page.getByLabel("Edited").selectOption("day");
  await expect(notes(page)).toHaveCount(3);
  await context.close();
});

test("offline, titles are searched on this device and the palette says so", async ({
  browser,
  baseURL,
}) => {
  const person = await newPerson();
  await seedNote(person, "Grocery list", "milk and eggs");
  await seedNote(person, "Garden plan", "tomatoes");
  const context = await deviceOf(browser, baseURL!, person);
  const page = await context.newPage();
  await page.goto("/notes");
  // Online once: the palette keeps the titles on this device.
  await openPalette(page);
  await field(page).fill("grocer");
  await expect(notes(page)).toHaveCount(1);
  await page.keyboard.press("Escape");
  await expect(page.getByRole("dialog", { name: "Command palette" })).toBeHidden();

  await context.setOffline(true);
  await openPalette(page);
  await field(page).fill("gardn");
  await expect(page.getByRole("status")).toContainText("Searching titles on this device");
  await expect(notes(page)).toHaveCount(1);
  await expect(notes(page).first()).toContainText("Garden plan");
  // Words of the body are the server's to search: offline, only titles answer.
  await field(page).fill("tomatoes");
  await expect(page.getByRole("status")).toContainText("Searching titles on this device");
  await expect(notes(page)).toHaveCount(0);
  await context.setOffline(false);
  await context.close();
});

for (const theme of ["light", "dark"] as const) {
  test(`palette and search results pass axe, ${theme}; screenshots wide and narrow`, async ({
    browser,
    baseURL,
  }, testInfo) => {
    test.setTimeout(150_000);
    const person = await newPerson();
    await seedNote(person, "Lantern festival", "We hung a paper lantern by the café in Zürich.");
    await seedNote(person, "Lanterns to buy", "three lanterns, one candle");
    for (const [width, height] of [
      [1280, 800],
      [390, 800],
    ] as const) {
      const context = await deviceOf(browser, baseURL!, person, {
        reducedMotion: "reduce",
        viewport: { width, height },
      });
      await setThemeCookie(context, baseURL, theme);
      const page = await context.newPage();
      await page.goto("/notes");
      await expect(page.locator("html")).toHaveClass(new RegExp(`\\b${theme}\\b`));
      await openPalette(page);
      expect(await seriousViolations(page), "empty palette").toEqual([]);
      await field(page).fill("lanter");
      await expect(notes(page)).toHaveCount(2, { timeout: 20_000 });
      await expect(notes(page).first().locator("mark").first()).toBeVisible();
      expect(await seriousViolations(page), "search results").toEqual([]);
      await page.screenshot({ path: testInfo.outputPath(`palette-${theme}-${width}.png`) });
      await context.close();
    }
  });
}
