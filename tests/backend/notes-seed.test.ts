import { afterAll, beforeAll, expect, it } from "vitest";
import { seedNotes } from "@/scripts/seed-notes";
import { PASSWORD, uniqueEmail } from "@groundwork/local-backend/testing/auth";
import { typedClient } from "./notes-support";
import {
  LOCAL_SECRET_KEY,
  startTestBackend,
  type TestBackend,
} from "@groundwork/local-backend/testing";

let t: TestBackend;
beforeAll(async () => {
  t = await startTestBackend();
});
afterAll(() => t?.stop());

it("seeds 1,000 notes for one person, who alone sees and searches them", async () => {
  const email = uniqueEmail("seed");
  const { inserted } = await seedNotes({
    url: t.url,
    secretKey: LOCAL_SECRET_KEY,
    email,
    password: PASSWORD,
    count: 1000,
  });
  expect(inserted).toBe(1000);
  const person = typedClient(t);
  expect((await person.auth.signInWithPassword({ email, password: PASSWORD })).error).toBeNull();
  const { count } = await person.from("notes").select("id", { count: "exact", head: true });
  expect(count).toBe(1000);
  const found = await person.rpc("search_notes", { query: "sourdough lisbon" });
  expect(found.error).toBeNull();
  expect(found.data!.length).toBeGreaterThan(0);
  expect(found.data!.length).toBeLessThanOrEqual(20);
  const ranks = found.data!.map((r) => r.rank);
  expect([...ranks].sort((a, b) => b - a)).toEqual(ranks);
  const again = await seedNotes({
    url: t.url,
    secretKey: LOCAL_SECRET_KEY,
    email,
    password: PASSWORD,
    count: 10,
  });
  expect(again.inserted).toBe(10);
});
