import { expect, test } from "./support/test";

import { setThemeCookie } from "./helpers";
import { seriousViolations } from "./support/axe";
import { deviceOf, editor, newPerson, seedNote } from "./support/notes";

test.describe.configure({ timeout: 90_000 });

const sizes = { wide: { width: 1280, height: 800 }, narrow: { width: 390, height: 844 } };
const BODY = [
  "## A heading",
  "Some **bold**, _italic_, `code` and ~~struck~~ words with [a link](https://example.com).",
  "- [ ] something to do",
  "- [x] something done",
  "> a quoted line",
  "| Item | Cost |\n| --- | --- |\n| Tent | 120 |",
  "```\nconst a = 1;\n```",
].join("\n\n");

for (const theme of ["light", "dark"] as const) {
  for (const [size, viewport] of Object.entries(sizes)) {
    test(`the note view with every kind of block passes axe, ${theme}, ${size}`, async ({
      browser,
      baseURL,
    }, testInfo) => {
      const person = await newPerson();
      const id = await seedNote(person, "Weekend trip", BODY);
      const context = await deviceOf(browser, baseURL!, person, { viewport });
      await setThemeCookie(context, baseURL, theme);
      const page = await context.newPage();
      await page.goto(`/notes/${id}`);
      await expect(page.locator("html")).toHaveClass(new RegExp(`\\b${theme}\\b`));
      await expect(editor(page).locator("table")).toBeVisible({ timeout: 15_000 });
      expect(await seriousViolations(page)).toEqual([]);
      // With the toolbar and the / menu open too.
      await expect(async () => {
        await editor(page).getByText("bold", { exact: true }).dblclick();
        await expect(page.getByRole("toolbar", { name: "Formatting" })).toBeVisible({
          timeout: 2_000,
        });
      }).toPass({ timeout: 15_000 });
      expect(await seriousViolations(page), "toolbar").toEqual([]);
      await page.screenshot({ path: testInfo.outputPath(`note-${theme}-${size}.png`) });
      await page.keyboard.press("Control+End");
      await page.keyboard.press("Enter");
      await page.keyboard.type("/");
      await expect(page.getByRole("listbox", { name: "Insert block" })).toBeVisible();
      expect(await seriousViolations(page), "/ menu").toEqual([]);
      await page.screenshot({ path: testInfo.outputPath(`slash-${theme}-${size}.png`) });
      await context.close();
    });
  }
}
