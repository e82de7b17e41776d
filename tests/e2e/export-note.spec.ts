import { readFile } from "node:fs/promises";

import { expect, test, type Download, type Page } from "./support/test";
import { strFromU8, unzipSync } from "fflate";

import { FACE_PNG } from "./support/attachments";
import { admin } from "./support/auth";
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

test("a folder with a sub-folder exports as one HTML file and prints a note per page", async ({
  browser,
  baseURL,
}) => {
  const person = await newPerson();
  const folder = async (name: string, parent: string | null) => {
    const { data, error } = await admin()
      .from("folders")
      .insert({ owner_id: person.id, name, parent_id: parent })
      .select("id")
      .single();
    if (error) throw error;
    return (data as { id: string }).id;
  };
  const travel = await folder("Travel", null);
  const europe = await folder("Europe", travel);
  await folder("Someday", null);
  const packing = await seedNote(
    person,
    "Packing",
    "- [ ] Passport\n- [x] Tickets\n\n```js\nconst bags = 2;\n```",
  );
  const paris = await seedNote(person, "Paris <script>window.ran = 1</script>", "Day one.");
  const budget = await seedNote(person, "Budget", "About 300.");
  const picture = `${person.id}/${paris}/0a1b2c3d4e5f-face.png`;
  const upload = await admin()
    .storage.from("attachments")
    .upload(picture, FACE_PNG, { contentType: "image/png" });
  if (upload.error) throw upload.error;
  await admin()
    .from("notes")
    .update({
      folder_id: europe,
      body: `Day one.\n\n![face.png](attachment:${picture})\n\n<img src=x onerror="window.ran = 1">`,
    })
    .eq("id", paris);
  await admin().from("notes").update({ folder_id: travel }).in("id", [packing, budget]);

  const context = await deviceOf(browser, baseURL!, person, {
    viewport: { width: 1280, height: 900 },
  });
  const page = await context.newPage();
  const ignored: string[] = [];
  page.on("console", (m) => {
    // What Chromium says when a frame's sandbox keeps its print dialog shut.
    if (/Ignored call to 'print\(\)'/.test(m.text())) ignored.push(m.text());
  });
  await page.goto("/notes");
  const menuOf = async (item: string, name = "Travel") => {
    await page
      .getByRole("tree", { name: "Folders" })
      .getByRole("treeitem", { name: new RegExp(`^${name} ?,`) })
      .press("Shift+F10");
    await page.getByRole("menuitem", { name: item }).click();
  };

  // HTML: every note in the folder's order (its own, then the sub-folder's), the picture inside.
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    menuOf("Export folder as HTML"),
  ]);
  expect(download.suggestedFilename()).toBe("Travel.html");
  const html = strFromU8(await bytesOf(download));
  const titles = [...html.matchAll(/<article class="note" id="[^"]+">\n<h1>([^\n]*)<\/h1>/g)];
  expect(titles.map((m) => m[1])).toEqual([
    "Packing",
    "Budget",
    "Paris &lt;script&gt;window.ran = 1&lt;/script&gt;",
  ]);
  expect(html.indexOf('<h2 class="folder-path">Travel / Europe</h2>')).toBeGreaterThan(
    html.indexOf("<h1>Budget</h1>"),
  );
  expect(html).toMatch(/<input type="checkbox" checked disabled> Tickets/);
  expect(html).toContain('<pre><code class="language-js">const bags = 2;\n</code></pre>');
  expect(html).toContain(
    `<img src="data:image/png;base64,${FACE_PNG.toString("base64")}" alt="face.png">`,
  );
  expect(html).not.toMatch(/<script|<img src=x|onerror/i);
  await expect(page.getByText("Saved Travel.html")).toBeVisible();

  // Print: the same notes in a frame that runs nothing, handed to the print dialog.
  await menuOf("Print folder or save as PDF");
  const frame = page.locator("iframe[data-folder-print]");
  await expect(frame).toHaveAttribute("data-printed", "");
  await expect(page.getByText("Opened Travel to print")).toBeVisible();
  await page.emulateMedia({ media: "print" });
  const printed = page.frameLocator("iframe[data-folder-print]");
  await expect(printed.getByRole("heading", { level: 1, name: "Travel" })).toBeVisible();
  await expect(printed.getByRole("checkbox")).toHaveCount(2);
  await expect(printed.getByRole("img", { name: "face.png" })).toBeVisible();
  const pages = await frame.evaluate((el: HTMLIFrameElement) => {
    const doc = el.contentDocument!;
    const style = (e: Element) => el.contentWindow!.getComputedStyle(e).breakBefore;
    return [...doc.querySelectorAll("article")].map((a) => ({
      title: a.querySelector("h1")!.textContent,
      // A sub-folder's first note shares the page its path heading starts.
      breakBefore: a.previousElementSibling?.matches("h2")
        ? style(a.previousElementSibling)
        : style(a),
      ran: "ran" in el.contentWindow!,
    }));
  });
  expect(pages).toEqual([
    { title: "Packing", breakBefore: "page", ran: false },
    { title: "Budget", breakBefore: "page", ran: false },
    { title: "Paris <script>window.ran = 1</script>", breakBefore: "page", ran: false },
  ]);
  expect(ignored).toEqual([]);

  // A folder with no notes says so rather than saving an empty file.
  await page.emulateMedia({ media: "screen" });
  let saved = false;
  page.on("download", () => (saved = true));
  await menuOf("Export folder as HTML", "Someday");
  await expect(page.getByText("“Someday” has no notes to export.")).toBeVisible();
  expect(saved).toBe(false);
});
