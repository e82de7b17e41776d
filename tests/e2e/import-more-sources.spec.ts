import { expect, test } from "./support/test";
import { strToU8, zipSync } from "fflate";

import { FACE_PNG } from "./support/attachments";
import { deviceOf, editor, newPerson } from "./support/notes";

test.describe.configure({ timeout: 180_000 });

const json = (value: object) => strToU8(JSON.stringify(value));

/** A small Google Takeout of Keep: a pinned checklist with a picture, an archived note, one in the trash. */
const TAKEOUT = zipSync({
  "Takeout/archive_browser.html": strToU8("<html><body>Your Takeout</body></html>"),
  "Takeout/Keep/Groceries.json": json({
    color: "YELLOW",
    isTrashed: false,
    isPinned: true,
    isArchived: false,
    title: "Groceries",
    listContent: [
      { text: "Milk", isChecked: true },
      { text: "Eggs", isChecked: false },
    ],
    labels: [{ name: "Shopping" }],
    attachments: [{ filePath: "face.png", mimetype: "image/png" }],
    createdTimestampUsec: 1706696100000000,
    userEditedTimestampUsec: 1706774400000000,
  }),
  "Takeout/Keep/Groceries.html": strToU8("<html><body><div>Groceries</div></body></html>"),
  "Takeout/Keep/face.png": FACE_PNG,
  "Takeout/Keep/Plumber.json": json({
    color: "DEFAULT",
    isTrashed: false,
    isPinned: false,
    isArchived: true,
    title: "Plumber",
    textContent: "Call about the kitchen sink",
    labels: [{ name: "House" }],
  }),
  "Takeout/Keep/Old list.json": json({
    isTrashed: true,
    isArchived: false,
    title: "Old list",
    textContent: "gone",
  }),
  "Takeout/Keep/Labels.txt": strToU8("Shopping\nHouse\n"),
});

test("a Google Keep Takeout: summary with the trashed note named, report, then the notes, a tag and a checklist in the app", async ({
  browser,
  baseURL,
}) => {
  const person = await newPerson();
  const context = await deviceOf(browser, baseURL!, person, { reducedMotion: "reduce" });
  const page = await context.newPage();

  await page.goto("/account/import");
  await page.getByLabel("Files to import").setInputFiles({
    name: "takeout-20240301.zip",
    mimeType: "application/zip",
    buffer: Buffer.from(TAKEOUT),
  });

  // The summary: what will be written, and the trashed note that will not.
  await expect(
    page.getByRole("heading", { name: "Ready to import “takeout-20240301.zip”" }),
  ).toBeVisible();
  await expect(page.getByRole("list", { name: "What will be imported" })).toHaveText(
    /2 notes\s*1 folder\s*2 tags\s*1 attachment/,
  );
  await expect(page.getByRole("list", { name: "What can’t be imported" })).toHaveText(
    "Old list: It is in Keep’s trash, so it was not imported.",
  );
  await page.getByRole("button", { name: "Import 2 notes" }).click();

  // The report.
  await expect(page.getByRole("heading", { name: "Imported 2 notes" })).toBeVisible({
    timeout: 60_000,
  });
  await expect(page.getByText("1 attachment stored")).toBeVisible();
  const archive = page
    .getByRole("list", { name: "Imported folders" })
    .getByRole("link", { name: "Archive" });
  await expect(archive).toBeVisible();

  // The archived note is in the Archive folder.
  await archive.click();
  await page.waitForURL(/\/notes\?folder=/);
  await expect(page.getByRole("link", { name: /Plumber/ }).first()).toBeVisible();
  await expect(page.getByRole("link", { name: /Groceries/ })).toHaveCount(0);

  // The pinned checklist, with its label as a tag and its picture.
  await page.goto("/notes/tags/shopping");
  const groceries = page.getByRole("link", { name: /Groceries/ }).first();
  await expect(groceries).toBeVisible();
  await expect(groceries.getByLabel("Pinned")).toBeVisible();
  await groceries.click();
  await expect(editor(page).getByRole("checkbox")).toHaveCount(2);
  await expect(editor(page).getByRole("checkbox").first()).toBeChecked();
  await expect(editor(page).getByRole("checkbox").nth(1)).not.toBeChecked();
  await expect(editor(page)).toContainText("Milk");
  await expect(editor(page)).toContainText("#Shopping");
  await expect(editor(page).getByRole("img", { name: "face.png" })).toBeVisible({
    timeout: 30_000,
  });

  await page.goto("/notes/tags/house");
  await expect(page.getByRole("link", { name: /Plumber/ }).first()).toBeVisible();

  await context.close();
});

/** A Bear backup (.bear2bk): TextBundles, one pinned with nested tags and a picture, one trashed. */
const BEAR_BACKUP = zipSync({
  "Bear Notes/Trip to Lisbon.textbundle/text.markdown": strToU8(
    "# Trip to Lisbon\n\nPack for #travel/europe and #packing list#.\n\n![](assets/map%20one.png)\n\n- [ ] passport\n- [x] tickets",
  ),
  "Bear Notes/Trip to Lisbon.textbundle/info.json": json({
    "net.shinyfrog.bear": { pinned: 1, modificationDate: "2024-02-02T09:00:00Z" },
  }),
  "Bear Notes/Trip to Lisbon.textbundle/assets/map one.png": FACE_PNG,
  "Bear Notes/Gone.textbundle/text.markdown": strToU8("# Gone\n\nbye"),
  "Bear Notes/Gone.textbundle/info.json": json({ "net.shinyfrog.bear": { trashed: 1 } }),
});

/** Apple Notes as an HTML exporter writes it: a folder, a checklist and a picture beside it. */
const APPLE_NOTES = zipSync({
  "Notes/Recipes/Soup.html": strToU8(
    `<!DOCTYPE html><html><head><meta charset="utf-8"><title>Soup</title></head><body><h1>Soup</h1><div>For <b>Sunday</b></div><ul class="checklist"><li class="checked">Stock</li><li>Onions</li></ul><div><img src="Soup%20files/pot.png"></div></body></html>`,
  ),
  "Notes/Recipes/Soup files/pot.png": FACE_PNG,
});

test("a Bear backup and an Apple Notes export: summary, report, and each note opens with its picture", async ({
  browser,
  baseURL,
}) => {
  const person = await newPerson();
  const context = await deviceOf(browser, baseURL!, person, { reducedMotion: "reduce" });
  const page = await context.newPage();

  // Bear: the trashed note is named in the summary and left out.
  await page.goto("/account/import");
  await page.getByLabel("Files to import").setInputFiles({
    name: "Bear 2024-03-01.bear2bk",
    mimeType: "application/octet-stream",
    buffer: Buffer.from(BEAR_BACKUP),
  });
  await expect(page.getByRole("list", { name: "What will be imported" })).toHaveText(
    /1 note\s*0 folders\s*2 tags\s*1 attachment/,
  );
  await expect(page.getByRole("list", { name: "What can’t be imported" })).toHaveText(
    "Gone: It is in Bear’s trash, so it was not imported.",
  );
  await page.getByRole("button", { name: "Import 1 note" }).click();
  await expect(page.getByRole("heading", { name: "Imported 1 note" })).toBeVisible({
    timeout: 60_000,
  });
  await expect(page.getByText("1 attachment stored")).toBeVisible();
  await page.goto("/notes/tags/travel/europe");
  const trip = page.getByRole("link", { name: /Trip to Lisbon/ }).first();
  await expect(trip.getByLabel("Pinned")).toBeVisible();
  await trip.click();
  await expect(editor(page).getByRole("checkbox")).toHaveCount(2);
  await expect(editor(page).getByRole("img", { name: "map one.png" })).toBeVisible({
    timeout: 30_000,
  });

  // Apple Notes (HTML, read on the page): its folder, checklist and picture.
  await page.goto("/account/import");
  await page.getByLabel("Files to import").setInputFiles({
    name: "Notes.zip",
    mimeType: "application/zip",
    buffer: Buffer.from(APPLE_NOTES),
  });
  await expect(page.getByRole("list", { name: "What will be imported" })).toHaveText(
    /1 note\s*1 folder\s*0 tags\s*1 attachment/,
  );
  await page.getByRole("button", { name: "Import 1 note" }).click();
  await expect(page.getByRole("heading", { name: "Imported 1 note" })).toBeVisible({
    timeout: 60_000,
  });
  await page
    .getByRole("list", { name: "Imported folders" })
    .getByRole("link", { name: "Recipes" })
    .click();
  await page.waitForURL(/\/notes\?folder=/);
  await page.getByRole("link", { name: /Soup/ }).first().click();
  await expect(editor(page)).toContainText("For Sunday");
  await expect(editor(page).getByRole("checkbox").first()).toBeChecked();
  await expect(editor(page).getByRole("img", { name: "pot.png" })).toBeVisible({
    timeout: 30_000,
  });

  await context.close();
});

const PAGE = "0123456789abcdef0123456789abcdef";
const CHILD = "11112222333344445555666677778888";
const TASKS = "fedcba9876543210fedcba9876543210";
const ROW = "00112233445566778899aabbccddeeff";

/** A Notion "Markdown & CSV" export: a page with a sub-page and a database, and an empty database. */
const NOTION = zipSync({
  [`Export-1234/Projects ${PAGE}.md`]: strToU8(
    `# Projects\n\nOur work. See [Launch plan](Projects%20${PAGE}/Launch%20plan%20${CHILD}.md) and the [Tasks](Projects%20${PAGE}/Tasks%20${TASKS}.csv).\n`,
  ),
  [`Export-1234/Projects ${PAGE}/Launch plan ${CHILD}.md`]: strToU8(
    "# Launch plan\n\nShip it in **May**.\n",
  ),
  [`Export-1234/Projects ${PAGE}/Tasks ${TASKS}_all.csv`]: strToU8(
    "\uFEFFName,Status\r\nWrite the plan,Done\r\nBook the venue,Doing\r\n",
  ),
  [`Export-1234/Projects ${PAGE}/Tasks ${TASKS}/Write the plan ${ROW}.md`]: strToU8(
    "# Write the plan\n\nStatus: Done\n",
  ),
  [`Export-1234/People ${PAGE.replace(/0/g, "9")}.csv`]: strToU8("Name\n"),
});

test("a Notion export: ids gone from titles, links between pages kept, a database as a table", async ({
  browser,
  baseURL,
}) => {
  const person = await newPerson();
  const context = await deviceOf(browser, baseURL!, person, { reducedMotion: "reduce" });
  const page = await context.newPage();

  await page.goto("/account/import");
  await page.getByLabel("Files to import").setInputFiles({
    name: "Export-1234.zip",
    mimeType: "application/zip",
    buffer: Buffer.from(NOTION),
  });
  await expect(page.getByRole("list", { name: "What will be imported" })).toContainText(
    /^4 notes\s*1 database among them, each a note with a table\s*2 folders/,
  );
  await expect(page.getByRole("list", { name: "What can’t be imported" })).toHaveText(
    "People.csv: This database has no rows, so it was left out.",
  );
  await page.getByRole("button", { name: "Import 4 notes" }).click();
  await expect(page.getByRole("heading", { name: "Imported 4 notes" })).toBeVisible({
    timeout: 60_000,
  });

  // The page opens with its links to the sub-page and the database, under their own titles.
  await page.goto("/notes");
  await page
    .getByRole("link", { name: /^Projects/ })
    .first()
    .click();
  await expect(editor(page)).toContainText("Our work.");
  await expect(editor(page)).not.toContainText(PAGE);
  await editor(page).getByRole("link", { name: "Launch plan" }).click();
  await expect(editor(page)).toContainText("Ship it in May.");
  await page.goBack();
  await editor(page).getByRole("link", { name: "Tasks" }).click();
  const table = editor(page).getByRole("table");
  await expect(table.getByRole("row")).toHaveCount(3);
  await expect(table).toContainText("Book the venue");

  await context.close();
});
