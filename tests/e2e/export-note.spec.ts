import { readFile } from "node:fs/promises";

import { expect, test, type Download, type Page } from "@playwright/test";
import { strFromU8, unzipSync } from "fflate";

import { FACE_PNG } from "./support/attachments";
import { expectStoredBody } from "./support/editor";
import { deviceOf, editor, expectSaved, newPerson, openNote, seedNote } from "./support/notes";

test.describe.configure({ timeout: 120_000 });

async function exportAs(page: Page, item: string): Promise<Download> {
  await page.getByRole("button", { name: "Export" }).click();
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("menuitem", { name: item }).click(),
  ]);
  return download;
}

const bytesOf = async (download: Download) =>
  new Uint8Array(await readFile((await download.path())!));

test("a note with a heading, a checklist and a picture exports as Markdown, as HTML and to print", async ({
  browser,
  baseURL,
}, testInfo) => {
  const person = await newPerson();
  const id = await seedNote(
    person,
    "Trip plan",
    "## Packing\n\n- [ ] Passport\n- [x] Tickets\n\nSee you there.",
  );
  const context = await deviceOf(browser, baseURL!, person, {
    viewport: { width: 1280, height: 900 },
  });
  const page = await context.newPage();
  await openNote(page, id);
  await page.getByLabel("Files to attach").setInputFiles({
    name: "face.png",
    mimeType: "image/png",
    buffer: FACE_PNG,
  });
  await expect(page.locator('[data-attachment-view="image"] img')).toBeVisible({
    timeout: 30_000,
  });
  await expectSaved(page);
  await expectStoredBody(id, /!\[face\.png\]\(attachment:/);

  // Markdown: a zip of the note and its picture, the link pointing at the file beside it.
  const zip = await exportAs(page, "Export as Markdown");
  expect(zip.suggestedFilename()).toBe(`trip-plan-${id.slice(0, 8)}.zip`);
  const entries = unzipSync(await bytesOf(zip));
  const md = `trip-plan-${id.slice(0, 8)}.md`;
  expect(Object.keys(entries).sort()).toEqual(["attachments/face.png", md]);
  expect(Buffer.from(entries["attachments/face.png"]!).equals(FACE_PNG)).toBe(true);
  const markdown = strFromU8(entries[md]!);
  expect(markdown).toMatch(new RegExp(`^---\\nid: "${id}"\\ntitle: "Trip plan"\\n`));
  expect(markdown).toContain("## Packing");
  expect(markdown).toMatch(/- \[ \] Passport\n- \[x\] Tickets/);
  expect(markdown).toContain("![face.png](attachments/face.png)");
  expect(markdown).not.toContain("attachment:");
  await expect(page.getByText(`Saved trip-plan-${id.slice(0, 8)}.zip`)).toBeVisible();

  // HTML: one file holding the picture itself.
  const html = await exportAs(page, "Export as HTML");
  expect(html.suggestedFilename()).toBe(`trip-plan-${id.slice(0, 8)}.html`);
  const text = strFromU8(await bytesOf(html));
  expect(text).toContain("<title>Trip plan</title>");
  expect(text).toContain("<h2>Packing</h2>");
  expect(text).toMatch(/<input type="checkbox" checked disabled> Tickets/);
  expect(text).toContain(
    `<img src="data:image/png;base64,${FACE_PNG.toString("base64")}" alt="face.png">`,
  );
  expect(text).not.toMatch(/<script/i);

  // Print: the menu opens the browser's print dialog; on paper the note stands alone.
  await page.evaluate(() => {
    window.print = () => document.documentElement.setAttribute("data-printed", "");
  });
  await page.getByRole("button", { name: "Export" }).click();
  await page.getByRole("menuitem", { name: "Print or save as PDF" }).click();
  await expect(page.locator("html")).toHaveAttribute("data-printed", "");
  // The menu has finished closing (and given the page back to assistive technology) before the
  // page is shown as printed: on paper the menu is hidden, so its closing animation never ends.
  await expect(page.getByRole("menu")).toHaveCount(0);

  await page.emulateMedia({ media: "print" });
  await expect(page.getByRole("complementary", { name: "Folders and tags" })).toBeHidden();
  await expect(page.getByRole("region", { name: "Note list" })).toBeHidden();
  await expect(page.getByRole("button", { name: "Export" })).toBeHidden();
  await expect(page.getByRole("heading", { name: "Packing" })).toBeVisible();
  await expect(editor(page).getByText("Passport", { exact: true })).toBeVisible();
  await expect(editor(page).getByRole("checkbox")).toHaveCount(2);
  await expect(page.locator('[data-attachment-view="image"] img')).toBeVisible();
  await expect(editor(page).getByText("Trip plan", { exact: true })).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath("print.png"), fullPage: true });
});
