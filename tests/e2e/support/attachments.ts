import { readFileSync } from "node:fs";
import path from "node:path";
import { expect, type Page } from "@playwright/test";

import { editor } from "./notes";

/** A real picture, so Storage's transforms have something to resize. */
export const FACE_PNG = readFileSync(path.join(import.meta.dirname, "..", "fixtures", "face.png"));

/** A file made inside the page: `bytes` as base64, or `size` bytes of filler (cheap when large). */
export type PageFile = {
  name: string;
  type: string;
  base64?: string;
  size?: number;
  /** Fixed, so the same file can be added again after a reload (tus knows it by this too). */
  lastModified?: number;
};

/** Sends files the way the browser does when they are dropped on (or pasted into) the note. */
export async function sendFiles(page: Page, how: "drop" | "paste", files: PageFile[]) {
  await editor(page).evaluate(
    (target, { how, files }) => {
      const transfer = new DataTransfer();
      for (const f of files) {
        const bytes = f.base64
          ? Uint8Array.from(atob(f.base64), (c) => c.charCodeAt(0))
          : new Uint8Array(f.size ?? 0).fill(97);
        const options = { type: f.type, lastModified: f.lastModified ?? Date.now() };
        transfer.items.add(new File([bytes], f.name, options));
      }
      if (how === "paste") {
        target.dispatchEvent(
          new ClipboardEvent("paste", { clipboardData: transfer, bubbles: true, cancelable: true }),
        );
        return;
      }
      const box = target.getBoundingClientRect();
      const at = { clientX: box.left + 20, clientY: box.bottom - 10 };
      for (const type of ["dragenter", "dragover", "drop"]) {
        target.dispatchEvent(
          new DragEvent(type, { dataTransfer: transfer, bubbles: true, cancelable: true, ...at }),
        );
      }
    },
    { how, files },
  );
}

/** Every value the progress bars take from now on, per file name, read as they render. */
export async function watchProgress(page: Page) {
  await page.evaluate(() => {
    const seen: Record<string, number[]> = {};
    (window as unknown as { progressSeen: typeof seen }).progressSeen = seen;
    const record = () => {
      for (const bar of document.querySelectorAll('[role="progressbar"]')) {
        const name = (bar.getAttribute("aria-label") ?? "").replace(/^Uploading /, "");
        const value = Number(bar.getAttribute("aria-valuenow"));
        const list = (seen[name] ??= []);
        if (list.at(-1) !== value) list.push(value);
      }
    };
    new MutationObserver(record).observe(document.body, {
      subtree: true,
      childList: true,
      attributes: true,
      attributeFilter: ["aria-valuenow"],
    });
  });
}

export async function progressSeen(page: Page, name: string): Promise<number[]> {
  return page.evaluate(
    (name) => (window as unknown as { progressSeen: Record<string, number[]> }).progressSeen[name],
    name,
  );
}

/** Waits until the upload of `name` says it is done and its node is in the note. */
export async function expectUploaded(page: Page, name: string) {
  await expect(page.getByRole("progressbar", { name: `Uploading ${name}` })).toHaveAttribute(
    "aria-valuenow",
    "100",
    { timeout: 60_000 },
  );
}
