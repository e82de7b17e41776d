import { expect, test } from "./support/test";

import { admin } from "./support/auth";
import { newPerson, seedNote } from "./support/notes";

// A production server on a busy machine: give each test room.
test.describe.configure({ timeout: 120_000 });

async function sharedPath(noteId: string): Promise<string> {
  const { data, error } = await admin().rpc("share_note", { note_id: noteId });
  if (error) throw error;
  return `/n/${data as string}`;
}

test("viewing a shared note the Markdown parser chokes on does not hold up other requests", async ({
  request,
  playwright,
  baseURL,
}) => {
  // 48 KB of `*a` took the parser 20 s, on the thread that answers every request.
  const body = "*a".repeat(24_000);
  const person = await newPerson();
  const path = await sharedPath(await seedNote(person, "Stars", body));
  const reader = await playwright.request.newContext({ baseURL });
  // A server just started answers its first requests slowly: warm it with an ordinary note.
  const ordinary = await sharedPath(await seedNote(person, "Plain", "Just *some* words"));
  expect((await reader.get(ordinary)).status()).toBe(200);
  expect((await request.get("/health")).status()).toBe(200);

  const view = reader.get(path, { timeout: 60_000 });
  const waits: number[] = [];
  let viewed = false;
  void view.finally(() => (viewed = true));
  while (!viewed) {
    const started = Date.now();
    const health = await request.get("/health", { timeout: 30_000 });
    expect(health.status()).toBe(200);
    waits.push(Date.now() - started);
    await new Promise((r) => setTimeout(r, 50));
  }
  expect(waits.length).toBeGreaterThan(0);
  expect(Math.max(...waits)).toBeLessThan(1_000);

  // The page itself answers, with the note's text as it is.
  const response = await view;
  expect(response.status()).toBe(200);
  expect(await response.text()).toContain(body.slice(0, 2_000));
  await reader.dispose();
});

test("a note at the 200,000-character limit shares whole", async ({ page }) => {
  const section = (i: number) => `## Part ${i}\n\nSome *words* for part ${i}.\n\n`;
  let body = "";
  for (let i = 1; body.length + section(i).length <= 200_000; i++) body += section(i);
  const last = body.trimEnd().split("\n").at(-1)!;
  const path = await sharedPath(await seedNote(await newPerson(), "Long read", body));

  const response = await page.goto(path, { timeout: 60_000 });
  expect(response?.status()).toBe(200);
  await expect(page.getByRole("heading", { name: "Long read", level: 1 })).toBeVisible();
  // As Markdown when the parser finishes within its budget (a busy machine may not), and every
  // word of it either way.
  const article = page.locator("article");
  await expect(article).toContainText(/Some \*?words\*? for part 1\./);
  await expect(article).toContainText(new RegExp(last.replace(/\*/g, "\\*?")));
});
