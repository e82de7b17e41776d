import { expect, type FileChooser, type Page } from "@playwright/test";

import { admin } from "./auth";
import { editor } from "./notes";

/** Empties everything under the note's first line and puts the caret on a new line below it. */
export async function freshLine(page: Page) {
  const note = editor(page);
  await note.click();
  await expect(note).toBeFocused();
  // The click places the caret when the browser gets to it; keys pressed before that can select
  // from the wrong place, so clear until the first line alone is left.
  await expect(async () => {
    await page.keyboard.press("Control+Home");
    await page.keyboard.press("End");
    await page.keyboard.press("Shift+Control+End");
    await page.keyboard.press("Backspace");
    await expect(note.locator(":scope > *")).toHaveCount(1, { timeout: 1_000 });
  }).toPass({ timeout: 10_000 });
  await page.keyboard.press("Enter");
}

/** Pastes plain text into the note, as a clipboard holding only text would. */
export async function pasteText(page: Page, text: string) {
  await editor(page).evaluate((target, text) => {
    const transfer = new DataTransfer();
    transfer.setData("text/plain", text);
    target.dispatchEvent(
      new ClipboardEvent("paste", { clipboardData: transfer, bubbles: true, cancelable: true }),
    );
  }, text);
}

/** The note's body as the server derived it from the stored document. */
export async function storedBody(id: string): Promise<string> {
  const { data, error } = await admin().from("notes").select("body").eq("id", id).single();
  if (error) throw error;
  return (data as { body: string }).body;
}

/** Waits until the server's copy of the note's body matches. */
export async function expectStoredBody(id: string, pattern: RegExp) {
  await expect.poll(() => storedBody(id), { timeout: 15_000 }).toMatch(pattern);
}

/**
 * Collects the page's file choosers from now on; the function it returns waits for the next one.
 * Playwright starts intercepting choosers when a listener is added, by a message that the call
 * adding it does not wait for, so a key pressed right after `waitForEvent("filechooser")` can
 * reach the page first and open a chooser no one sees. Listening from before the page is used
 * leaves no such race.
 */
export function fileChoosers(page: Page): () => Promise<FileChooser> {
  const seen: FileChooser[] = [];
  page.on("filechooser", (chooser) => void seen.push(chooser));
  return async () => {
    await expect.poll(() => seen.length, { message: "a file chooser opens" }).toBeGreaterThan(0);
    return seen.shift()!;
  };
}
