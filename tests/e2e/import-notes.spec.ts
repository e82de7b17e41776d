import { expect, test, type Page } from "./support/test";
import { strToU8, zipSync } from "fflate";

import { setThemeCookie } from "./helpers";
import { FACE_PNG } from "./support/attachments";
import { seriousViolations } from "./support/axe";
import { admin } from "./support/auth";
import { deviceOf, editor, newPerson } from "./support/notes";

test.describe.configure({ timeout: 180_000 });

const filesInput = (page: Page) => page.getByLabel("Files to import");

const VAULT = zipSync({
  "Vault/Projects/Garden.md": strToU8(
    "---\ntitle: Garden plan\ntags: [outdoor, spring]\n---\nDig the beds, then read [[Seeds]].\n\n![[bed.png]]\n\n#home/garden",
  ),
  "Vault/Seeds.md": strToU8("Tomatoes and basil."),
  "Vault/Projects/img/bed.png": FACE_PNG,
  "Vault/.obsidian/app.json": strToU8("{}"),
});

const ENEX = `<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE en-export SYSTEM "http://xml.evernote.com/pub/evernote-export3.dtd">
<en-export application="Evernote">
<note><title>Groceries</title><content><![CDATA[<?xml version="1.0" encoding="UTF-8"?><!DOCTYPE en-note SYSTEM "http://xml.evernote.com/pub/enml2.dtd"><en-note><div>Buy&nbsp;these:</div><div><en-todo checked="true"/>Milk</div><div><en-todo/>Eggs</div></en-note>]]></content>
<created>20240131T101500Z</created><updated>20240201T080000Z</updated><tag>shopping</tag></note>
</en-export>`;

test("a vault, an Evernote notebook and a bad file: summary, progress, report, and taking it back", async ({
  browser,
  baseURL,
}) => {
  const person = await newPerson();
  const context = await deviceOf(browser, baseURL!, person, { reducedMotion: "reduce" });
  const page = await context.newPage();

  // The page passes axe in both themes.
  for (const theme of ["dark", "light"] as const) {
    await setThemeCookie(context, baseURL, theme);
    await page.goto("/account/import");
    await expect(page.locator("html")).toHaveClass(new RegExp(`\\b${theme}\\b`));
    await expect(page.getByRole("heading", { name: "Import notes" })).toBeVisible();
    expect(await seriousViolations(page), theme).toEqual([]);
  }

  // A file that is not what its name says gets a sentence, not an error page.
  await filesInput(page).setInputFiles({
    name: "notes.zip",
    mimeType: "application/zip",
    buffer: Buffer.from("this is not a zip"),
  });
  await expect(page.getByRole("alert").filter({ hasText: "notes.zip" })).toHaveText(
    "“notes.zip” is not a zip archive, or it is damaged.",
  );

  // A vault: what will be written is said first, read in a worker so the tab stays free.
  const parser = page.waitForEvent("worker");
  await filesInput(page).setInputFiles({
    name: "vault.zip",
    mimeType: "application/zip",
    buffer: Buffer.from(VAULT),
  });
  const summary = page.getByRole("list", { name: "What will be imported" });
  await expect(summary).toHaveText(/2 notes\s*1 folder\s*3 tags\s*1 attachment/);
  expect((await parser).url()).toMatch(/^http.*\/_next\/static\//);
  await page.getByRole("button", { name: "Import 2 notes" }).click();
  await expect(page.getByRole("heading", { name: "Imported 2 notes" })).toBeVisible({
    timeout: 60_000,
  });
  await expect(page.getByText("1 attachment stored")).toBeVisible();

  // The report links to the folder, which holds the note with its tags, link and picture.
  await page
    .getByRole("list", { name: "Imported folders" })
    .getByRole("link", { name: "Projects" })
    .click();
  await page.waitForURL(/\/notes\?folder=/);
  await page
    .getByRole("link", { name: /Garden plan/ })
    .first()
    .click();
  // [[Seeds]] is a link to the imported note, as one picked after typing "[[" is.
  await expect(editor(page)).toContainText("Dig the beds, then read Seeds.");
  await expect(editor(page).getByRole("link", { name: "Seeds" })).toHaveAttribute(
    "href",
    /^\/notes\/[0-9a-f-]{36}$/,
  );
  await expect(editor(page)).toContainText("#outdoor #spring");
  const image = editor(page).getByRole("img", { name: "bed.png" });
  await expect(image).toBeVisible({ timeout: 30_000 });
  await expect
    .poll(() => image.evaluate((img: HTMLImageElement) => img.naturalWidth))
    .toBeGreaterThan(0);

  await page.goto("/notes/tags/outdoor");
  await expect(page.getByRole("link", { name: /Garden plan/ }).first()).toBeVisible();
  await page.goto("/notes");
  await page
    .getByRole("link", { name: /^Seeds/ })
    .first()
    .click();
  await expect(page.getByRole("region", { name: /Linked from/ })).toContainText("Garden plan");

  // The same vault again: the notes are recognised and can be skipped.
  await page.goto("/account/import");
  await filesInput(page).setInputFiles({
    name: "vault.zip",
    mimeType: "application/zip",
    buffer: Buffer.from(VAULT),
  });
  await expect(page.getByText("2 notes were imported before. For those:")).toBeVisible();
  await expect(page.getByRole("radio", { name: "Skip them" })).toBeChecked();

  // An Evernote notebook instead, then taken back.
  await page.getByRole("button", { name: "Cancel" }).click();
  await filesInput(page).setInputFiles({
    name: "Kitchen.enex",
    mimeType: "application/xml",
    buffer: Buffer.from(ENEX),
  });
  await expect(page.getByRole("list", { name: "What will be imported" })).toHaveText(
    /1 note\s*1 folder\s*1 tag\s*0 attachments/,
  );
  await page.getByRole("button", { name: "Import 1 note" }).click();
  await expect(page.getByRole("heading", { name: "Imported 1 note" })).toBeVisible({
    timeout: 60_000,
  });
  // The report stays on this tab; the notebook opens in another.
  const kitchen = await page
    .getByRole("list", { name: "Imported folders" })
    .getByRole("link", { name: "Kitchen" })
    .getAttribute("href");
  const other = await context.newPage();
  await other.goto(kitchen!);
  // It keeps the notebook's last edit, not the moment it was imported.
  await expect(other.getByRole("link", { name: /Groceries/ }).first()).toContainText("Feb 1, 2024");
  await other
    .getByRole("link", { name: /Groceries/ })
    .first()
    .click();
  await expect(editor(other).getByRole("checkbox")).toHaveCount(2);
  await expect(editor(other)).toContainText("Eggs");

  await page.getByRole("button", { name: "Remove this import" }).click();
  await expect(
    page.getByRole("heading", { name: "Import removed: 1 note moved to Trash" }),
  ).toBeVisible();
  await page.goto("/notes");
  await expect(page.getByRole("link", { name: /Garden plan/ }).first()).toBeVisible();
  await expect(page.getByRole("link", { name: /Groceries/ })).toHaveCount(0);
  await expect(page.getByRole("treeitem", { name: /Kitchen/ })).toHaveCount(0);

  // An import made earlier is listed on the page and can be taken back from there.
  await page.goto("/account/import");
  await page.getByRole("button", { name: "Remove the import of vault.zip" }).click();
  await expect(page.getByRole("status").filter({ hasText: "vault.zip" })).toHaveText(
    "“vault.zip” removed: 2 notes moved to Trash.",
  );
  await page.goto("/notes");
  await expect(page.getByRole("link", { name: /Garden plan/ })).toHaveCount(0);
  await expect(page.getByRole("treeitem", { name: /Projects/ })).toHaveCount(0);

  // Files dropped on the notes list are imported: Account → Import takes them over.
  const dropped = await page.evaluateHandle(() => {
    const data = new DataTransfer();
    data.items.add(
      new File(["Plant the bulbs in October."], "Bulbs.md", { type: "text/markdown" }),
    );
    return data;
  });
  const list = page.getByRole("region", { name: "Note list" });
  await list.dispatchEvent("drop", { dataTransfer: dropped });
  await page.waitForURL("**/account/import");
  await expect(page.getByRole("list", { name: "What will be imported" })).toHaveText(/^1 note/);
  await page.getByRole("button", { name: "Import 1 note" }).click();
  await expect(page.getByRole("heading", { name: "Imported 1 note" })).toBeVisible({
    timeout: 60_000,
  });
  await page.goto("/notes");
  await expect(
    page.getByRole("link", { name: /Plant the bulbs in October/ }).first(),
  ).toBeVisible();

  await context.close();
});

test("an import whose tab closed is resumed from another, twice at once, and every note is there once", async ({
  browser,
  baseURL,
}) => {
  const person = await newPerson();
  const context = await deviceOf(browser, baseURL!, person, { reducedMotion: "reduce" });
  const TOTAL = 120;
  const files: Record<string, Uint8Array> = {};
  for (let n = 1; n <= TOTAL; n++) {
    const name = `Note ${String(n).padStart(3, "0")}`;
    // Every tenth note holds a picture, to see files are not stored twice either.
    files[`Big/${name}.md`] = strToU8(`Number ${n}.${n % 10 === 0 ? `\n\n![[pic${n}.png]]` : ""}`);
    if (n % 10 === 0) files[`Big/pic${n}.png`] = FACE_PNG;
  }
  const first = await context.newPage();
  await first.goto("/account/import");
  await filesInput(first).setInputFiles({
    name: "big.zip",
    mimeType: "application/zip",
    buffer: Buffer.from(zipSync(files)),
  });
  await first.getByRole("button", { name: `Import ${TOTAL} notes` }).click();
  // Some notes are written, then the tab closes.
  await expect(first.getByText(/Importing: [1-9]\d? of 120 notes/)).toBeVisible({
    timeout: 60_000,
  });
  await first.close();

  // Two tabs open Account → Import: the unfinished import is there with how far it got.
  const tabs = [await context.newPage(), await context.newPage()];
  for (const tab of tabs) {
    await tab.goto("/account/import");
    await expect(tab.getByText(/unfinished: \d+ of 120 notes written/)).toBeVisible();
    await expect(tab.getByRole("button", { name: "Remove the import of big.zip" })).toBeVisible();
  }
  // Both press Resume; each finishes, and between them nothing is made twice.
  await Promise.all(
    tabs.map((tab) => tab.getByRole("button", { name: "Resume the import of big.zip" }).click()),
  );
  for (const tab of tabs)
    await expect(tab.getByRole("heading", { name: "Imported 120 notes" })).toBeVisible({
      timeout: 120_000,
    });

  const notes =
    (
      await admin()
        .from("notes")
        .select("id, title")
        .eq("owner_id", person.id)
        .is("deleted_at", null)
    ).data ?? [];
  const titles = notes.map((n) => (n as { title: string }).title).sort();
  expect(titles).toEqual(
    Array.from({ length: TOTAL }, (_, i) => `Note ${String(i + 1).padStart(3, "0")}`),
  );
  for (const note of notes as { id: string; title: string }[]) {
    const n = Number(note.title.slice(5));
    const stored = await admin().storage.from("attachments").list(`${person.id}/${note.id}`);
    expect(stored.data?.length ?? 0, note.title).toBe(n % 10 === 0 ? 1 : 0);
  }

  // Finished, it is no longer offered to resume, and a note opens with its picture.
  await tabs[0].goto("/account/import");
  await expect(tabs[0].getByRole("button", { name: "Remove the import of big.zip" })).toBeVisible();
  await expect(tabs[0].getByRole("button", { name: /Resume/ })).toHaveCount(0);
  const tenth = (notes as { id: string; title: string }[]).find((n) => n.title === "Note 010");
  await tabs[0].goto(`/notes/${tenth!.id}`);
  await expect(editor(tabs[0]).getByRole("img", { name: "pic10.png" })).toBeVisible({
    timeout: 30_000,
  });
  await context.close();
});
