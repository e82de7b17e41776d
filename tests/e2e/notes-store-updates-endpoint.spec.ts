import { expect, test } from "./support/test";
import * as Y from "yjs";

import { admin } from "./support/auth";
import { deviceOf, newPerson, seedNote } from "./support/notes";

/** A Yjs update holding one paragraph, as the editor would store it. */
function paragraphUpdate(text: string): Buffer {
  const doc = new Y.Doc();
  const paragraph = new Y.XmlElement("paragraph");
  paragraph.insert(0, [new Y.XmlText(text)]);
  doc.getXmlFragment("default").insert(0, [paragraph]);
  return Buffer.from(Y.encodeStateAsUpdate(doc));
}

const OCTETS = { "content-type": "application/octet-stream" };

test("a stored update has the note's text written from it before the answer, for its owner only", async ({
  browser,
  baseURL,
}) => {
  const [owner, stranger] = [await newPerson(), await newPerson()];
  const id = await seedNote(owner, "Imported title", "imported body");
  const [mine, theirs] = [
    await deviceOf(browser, baseURL!, owner),
    await deviceOf(browser, baseURL!, stranger),
  ];
  const url = `/notes/${id}/updates`;

  const stored = await mine.request.post(url, { headers: OCTETS, data: paragraphUpdate("Hello") });
  expect(stored.status()).toBe(200);
  expect(typeof (await stored.json()).id).toBe("number");
  const note = await admin().from("notes").select("title, body").eq("id", id).single();
  expect(note.data).toEqual({ title: "Hello", body: "" });

  const notTheirs = await theirs.request.post(url, {
    headers: OCTETS,
    data: paragraphUpdate("Not yours"),
  });
  expect(notTheirs.status()).toBe(404);
  expect(await notTheirs.json()).toEqual({ error: "That note doesn't exist." });

  const garbage = await mine.request.post(url, {
    headers: OCTETS,
    data: Buffer.from([1, 2, 3]),
  });
  expect(garbage.status()).toBe(400);
  expect(await garbage.json()).toEqual({ error: "That is not a change to a note." });
  const wrongType = await mine.request.post(url, {
    headers: { "content-type": "text/plain" },
    data: "Hello",
  });
  expect(wrongType.status()).toBe(415);
  const badId = await mine.request.post("/notes/not-a-note/updates", {
    headers: OCTETS,
    data: paragraphUpdate("x"),
  });
  expect(badId.status()).toBe(404);

  const after = await admin().from("notes").select("title").eq("id", id).single();
  expect(after.data?.title).toBe("Hello");
  const rows = await admin().from("note_updates").select("id").eq("note_id", id);
  expect(rows.data).toHaveLength(1);
  await Promise.all([mine.close(), theirs.close()]);
});
