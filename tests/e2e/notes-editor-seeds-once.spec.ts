import { expect, test, type BrowserContext } from "./support/test";

import { deviceOf, editor, expectSaved, newPerson, openNote, seedNote } from "./support/notes";

// Several browsers and a production server share a busy machine: allow them time.
test.describe.configure({ timeout: 90_000 });

/** A device's read of the stored document (not its text columns, nor its pending updates). */
const isDocumentLoad = (url: URL) =>
  url.pathname === "/rest/v1/notes" && (url.searchParams.get("select") ?? "").startsWith("ydoc");

/**
 * Holds each device's first read of the stored document until every device has asked, so all of
 * them see the note before any has given it a document: the moment two devices open it at once.
 */
async function openAtTheSameMoment(contexts: BrowserContext[]) {
  const waiting: (() => void)[] = [];
  const release = () => waiting.splice(0).forEach((go) => go());
  const giveUp = setTimeout(release, 20_000);
  for (const context of contexts) {
    let held = false;
    await context.route(isDocumentLoad, async (route) => {
      if (!held) {
        held = true;
        await new Promise<void>((go) => {
          waiting.push(go);
          if (waiting.length === contexts.length) {
            clearTimeout(giveUp);
            release();
          }
        });
      }
      await route.continue();
    });
  }
}

const times = (text: string, part: string) => text.split(part).length - 1;

test("a note with text but no document yet, opened on two devices at once, shows its text once", async ({
  browser,
  baseURL,
}) => {
  const person = await newPerson();
  const id = await seedNote(person, "Imported recipe", "Two cups of flour, one of water");
  const devices = [
    await deviceOf(browser, baseURL!, person),
    await deviceOf(browser, baseURL!, person),
  ];
  await openAtTheSameMoment(devices);
  const pages = await Promise.all(devices.map((d) => d.newPage()));
  // Each device's load is held until the other has asked too, which on a busy machine can take a
  // while after the first asked: the editors show once both loads are let through.
  await Promise.all(pages.map((page) => openNote(page, id, { timeout: 30_000 })));
  for (const page of pages) {
    await expect(editor(page)).toContainText("Two cups of flour, one of water");
    await expectSaved(page);
  }
  // Long enough for any second copy to have travelled between them.
  await pages[0].waitForTimeout(2_000);
  for (const page of pages) {
    const text = await editor(page).innerText();
    expect(times(text, "Imported recipe"), text).toBe(1);
    expect(times(text, "Two cups of flour"), text).toBe(1);
  }
  // What is stored holds it once too: a third device opening it later reads the same.
  const later = await deviceOf(browser, baseURL!, person);
  const page = await later.newPage();
  await openNote(page, id);
  await expect(editor(page)).toContainText("Two cups of flour");
  expect(times(await editor(page).innerText(), "Two cups of flour")).toBe(1);
  await Promise.all([...devices, later].map((d) => d.close()));
});
