import { expect, test, type Page, type WebSocketRoute } from "./support/test";

import { admin } from "./support/auth";
import {
  createNoteWithButton,
  cutOff,
  deviceOf,
  editor,
  expectSaved,
  newPerson,
  openNote,
  saveState,
  seedNote,
  type Person,
} from "./support/notes";

// Several browsers and a production server share a busy machine: allow them time.
test.describe.configure({ timeout: 90_000 });

/** Elsewhere, while this page hears nothing: a note is made and another trashed. */
async function changeUnheard(page: Page, person: Person, made: string, trashedId: string) {
  await seedNote(person, made);
  const trashed = await admin()
    .from("notes")
    .update({ deleted_at: new Date().toISOString() })
    .eq("id", trashedId);
  expect(trashed.error).toBeNull();
  await page.waitForTimeout(1_000);
  await expect(page.getByRole("list", { name: "All notes" }).getByText(made)).toHaveCount(0);
}

/** Once the list hears again: the note made meanwhile is listed, the trashed one is not. */
async function expectCaughtUp(page: Page, made: string, trashedTitle: string) {
  const links = page.getByRole("list", { name: "All notes" });
  await expect(links.getByText(made)).toBeVisible({ timeout: 30_000 });
  await expect(links.getByText(trashedTitle)).toHaveCount(0);
}

// Two browser contexts signed in as one person are two of their devices.
test("two devices typing at once at different places both keep every character", async ({
  browser,
  baseURL,
}) => {
  const person = await newPerson();
  const [a, b] = [
    await deviceOf(browser, baseURL!, person),
    await deviceOf(browser, baseURL!, person),
  ];
  const pageA = await a.newPage();
  const id = await createNoteWithButton(pageA);
  await pageA.keyboard.type("Trip");
  await pageA.keyboard.press("Enter");
  await pageA.keyboard.type("middle line");
  await expectSaved(pageA);

  const pageB = await b.newPage();
  await openNote(pageB, id);
  await expect(editor(pageB)).toContainText("middle line");

  // A types at the end of the title, B at the end of the note, at the same moment.
  await editor(pageA).getByText("Trip").click();
  await pageA.keyboard.press("End");
  await editor(pageB).getByText("middle line").click();
  await pageB.keyboard.press("End");
  await Promise.all([
    pageA.keyboard.type(" to Lisbon", { delay: 20 }),
    pageB.keyboard.type(" and the end", { delay: 20 }),
  ]);
  for (const page of [pageA, pageB]) {
    await expect(editor(page)).toContainText("Trip to Lisbon", { timeout: 10_000 });
    await expect(editor(page)).toContainText("middle line and the end", { timeout: 10_000 });
  }
  expect(await editor(pageA).innerText()).toBe(await editor(pageB).innerText());
  await a.close();
  await b.close();
});

test("edits made offline survive a reload and reach the other device when back online", async ({
  browser,
  baseURL,
}) => {
  const person = await newPerson();
  const [a, b] = [
    await deviceOf(browser, baseURL!, person),
    await deviceOf(browser, baseURL!, person),
  ];
  const pageA = await a.newPage();
  const id = await createNoteWithButton(pageA);
  await pageA.keyboard.type("Packing");
  await expectSaved(pageA);

  const pageB = await b.newPage();
  await openNote(pageB, id);
  await expect(editor(pageB)).toContainText("Packing");
  await cutOff(b, true);
  await editor(pageB).getByText("Packing").click();
  await pageB.keyboard.press("End");
  await pageB.keyboard.press("Enter");
  await pageB.keyboard.type("sunscreen written offline");
  await expect(saveState(pageB)).toContainText("Offline — changes kept on this device");

  // Meanwhile the other device keeps writing.
  await editor(pageA).getByText("Packing").click();
  await pageA.keyboard.press("End");
  await pageA.keyboard.type(" list");
  await expectSaved(pageA);

  // Reloaded while still cut off: the edit comes back from this device's own copy.
  await pageB.reload();
  await expect(editor(pageB)).toContainText("sunscreen written offline");

  await cutOff(b, false);
  for (const page of [pageA, pageB]) {
    await expect(editor(page)).toContainText("Packing list", { timeout: 15_000 });
    await expect(editor(page)).toContainText("sunscreen written offline", { timeout: 15_000 });
  }
  await expectSaved(pageB);
  await a.close();
  await b.close();
});

test.describe("with Realtime", () => {
  test("a note created on one device appears on the other without a reload, with presence", async ({
    browser,
    baseURL,
  }) => {
    const person = await newPerson();
    const [a, b] = [
      await deviceOf(browser, baseURL!, person),
      await deviceOf(browser, baseURL!, person),
    ];
    const pageB = await b.newPage();
    await pageB.goto("/notes");
    const pageA = await a.newPage();
    const id = await createNoteWithButton(pageA);
    await pageA.keyboard.type("Made on A");
    await expect(pageB.getByRole("link", { name: /Made on A/ })).toBeVisible({ timeout: 5_000 });
    await openNote(pageB, id);
    await expect(pageA.getByText("Also open on another device")).toBeVisible();
    await pageA.keyboard.type(" live");
    await expect(editor(pageB)).toContainText("Made on A live", { timeout: 1_500 });
    await a.close();
    await b.close();
  });

  test("another person neither sees the note's changes nor joins its channel", async ({
    browser,
    baseURL,
  }) => {
    const [owner, stranger] = [await newPerson(), await newPerson()];
    const ownerContext = await deviceOf(browser, baseURL!, owner);
    const pageA = await ownerContext.newPage();
    const id = await createNoteWithButton(pageA);
    const strangerContext = await deviceOf(browser, baseURL!, stranger);
    const pageS = await strangerContext.newPage();
    await pageS.goto("/notes");
    await pageA.keyboard.type("Only mine");
    await expectSaved(pageA);
    await expect(pageS.getByText("Only mine")).toHaveCount(0);
    await pageS.goto(`/notes/${id}`);
    await expect(pageS.getByRole("heading", { name: "This note isn't here" })).toBeVisible();
    await expect(pageA.getByText("Also open on another device")).toHaveCount(0);
    await ownerContext.close();
    await strangerContext.close();
  });

  test("a list that lost its connection catches up with what changed meanwhile", async ({
    browser,
    baseURL,
  }) => {
    const person = await newPerson();
    const gone = await seedNote(person, "Trashed while away");
    const context = await deviceOf(browser, baseURL!, person);
    // The page's Realtime connection, which the test can drop and keep from coming back.
    const sockets: WebSocketRoute[] = [];
    let refuse = false;
    await context.routeWebSocket(/\/realtime\/v1\/websocket/, async (ws) => {
      if (refuse) return ws.close();
      sockets.push(ws);
      ws.connectToServer();
    });
    const page = await context.newPage();
    await page.goto("/notes");
    const links = page.getByRole("list", { name: "All notes" });
    // Live first: a change made elsewhere shows without a reload.
    const first = await seedNote(person, "Heard live");
    await expect(async () => {
      await admin()
        .from("notes")
        .update({ body: `edited ${Date.now()}` })
        .eq("id", first);
      await expect(links.getByText(/edited \d+/)).toBeVisible({ timeout: 2_000 });
    }).toPass({ timeout: 30_000 });

    refuse = true;
    await Promise.all(sockets.map((ws) => ws.close()));
    await changeUnheard(page, person, "Made while away", gone);
    refuse = false;
    await expectCaughtUp(page, "Made while away", "Trashed while away");
    await context.close();
  });

  test("a list that joins late hears what changed after the page was read", async ({
    browser,
    baseURL,
  }) => {
    const person = await newPerson();
    const gone = await seedNote(person, "Trashed before the join");
    const context = await deviceOf(browser, baseURL!, person);
    // The page cannot reach Realtime at first, as on a slow network: it keeps trying.
    let attempts = 0;
    let refuse = true;
    await context.routeWebSocket(/\/realtime\/v1\/websocket/, async (ws) => {
      attempts += 1;
      if (refuse) return ws.close();
      ws.connectToServer();
    });
    const page = await context.newPage();
    await page.goto("/notes");
    const links = page.getByRole("list", { name: "All notes" });
    await expect(links.getByText("Trashed before the join")).toBeVisible();
    await expect.poll(() => attempts, { timeout: 30_000 }).toBeGreaterThan(0);

    // Elsewhere, after this page's list was read and before it joined.
    await changeUnheard(page, person, "Made before the join", gone);
    refuse = false;
    await expectCaughtUp(page, "Made before the join", "Trashed before the join");
    await context.close();
  });
});
