import { expect, test } from "./support/test";

import { freshLine, pasteText } from "./support/editor";
import { BACKEND_URL } from "./support/auth";
import { deviceOf, editor, newPerson, openNote, seedNote } from "./support/notes";

test("a pasted link unfurls to its page's title, and stays a bare URL when there is none", async ({
  browser,
  baseURL,
}) => {
  const person = await newPerson();
  const id = await seedNote(person, "Reading list", "start");
  const page = await (await deviceOf(browser, baseURL!, person)).newPage();
  await openNote(page, id);

  // A page served by the app itself (the test server's origin is the one allowed on loopback).
  const docs = `${baseURL}/docs/attachments`;
  const expected = await (async () => {
    const html = await (await fetch(docs)).text();
    return html
      .match(/<title>([^<]*)<\/title>/)![1]
      .replace(/&amp;/g, "&")
      .replace(/&#x27;/g, "'");
  })();
  await freshLine(page);
  await pasteText(page, docs);
  const link = editor(page).locator(`a[href="${docs}"]`);
  await expect(link).toHaveText(expected);

  // A private address is never fetched: the link keeps its URL.
  const privateUrl = "http://10.0.0.1/router";
  await freshLine(page);
  await pasteText(page, privateUrl);
  const bare = editor(page).locator(`a[href="${privateUrl}"]`);
  await expect(bare).toHaveText(privateUrl);
  await page.waitForTimeout(500);
  await expect(bare).toHaveText(privateUrl);
});

test("the link-title route refuses private and loopback addresses and strangers", async ({
  browser,
  baseURL,
  request,
}) => {
  const person = await newPerson();
  const context = await deviceOf(browser, baseURL!, person);
  for (const url of [
    `${BACKEND_URL}/rest/v1/`,
    "http://127.0.0.1:22/",
    "http://169.254.169.254/latest/meta-data/",
    "http://[::1]/",
    "http://localhost/",
  ]) {
    const response = await context.request.get(`/notes/link-title?url=${encodeURIComponent(url)}`);
    expect(response.status(), url).toBe(403);
    expect(await response.json(), url).toEqual({
      error: "Links to private or local addresses can't be previewed.",
    });
  }
  const notHttp = await context.request.get(
    `/notes/link-title?url=${encodeURIComponent("file:///etc/passwd")}`,
  );
  expect(notHttp.status()).toBe(400);
  const none = await context.request.get("/notes/link-title");
  expect(none.status()).toBe(400);
  // Signed out, nothing is fetched for anyone.
  const stranger = await request.get(`/notes/link-title?url=${encodeURIComponent(`${baseURL}/`)}`, {
    maxRedirects: 0,
  });
  expect([401, 307]).toContain(stranger.status());
});
