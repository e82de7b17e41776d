import { expect, test } from "./support/test";

import { setThemeCookie } from "./helpers";
import { seriousViolations } from "./support/axe";
import { deviceOf, editor, newPerson, seedNote } from "./support/notes";

// Several browsers and a production server share a busy machine: allow them time.
test.describe.configure({ timeout: 90_000 });

const sizes = { wide: { width: 1280, height: 800 }, narrow: { width: 390, height: 844 } };

for (const theme of ["light", "dark"] as const) {
  for (const [size, viewport] of Object.entries(sizes)) {
    test(`notes screens pass axe, ${theme}, ${size}`, async ({ browser, baseURL }) => {
      const person = await newPerson();
      const id = await seedNote(person, "Pinned plan", "- [ ] first\n- [x] second\n\n> quoted");
      await seedNote(person, "Another note", "with **bold** words");
      const context = await deviceOf(browser, baseURL!, person, {
        viewport,
        reducedMotion: "reduce",
      });
      await setThemeCookie(context, baseURL, theme);
      const page = await context.newPage();
      for (const path of ["/notes", `/notes/${id}`, "/notes/trash"]) {
        await page.goto(path);
        await expect(page.locator("html")).toHaveClass(new RegExp(`\\b${theme}\\b`));
        if (path === `/notes/${id}`) await expect(editor(page)).toContainText("Pinned plan");
        expect(await seriousViolations(page), path).toEqual([]);
      }
      await page.goto("/notes");
      await page.getByRole("searchbox", { name: "Search notes" }).fill("plan");
      await expect(page.getByRole("list", { name: "Search results" })).toBeVisible();
      expect(await seriousViolations(page), "search results").toEqual([]);
      await context.close();
    });
  }
}
