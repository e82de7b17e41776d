import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { Secret, TOTP } from "otpauth";
import { afterAll, describe, expect, it } from "vitest";
import { moveIn } from "@groundwork/local-backend";
import { PASSWORD } from "@groundwork/local-backend/testing/auth";
import { byteaHex, signedInUser, typedClient } from "./notes-support";
import {
  LOCAL_SECRET_KEY,
  startTestBackend,
  stopTestCluster,
  testDatabaseUrl,
  withoutPostgres,
  type TestBackend,
} from "@groundwork/local-backend/testing";

// Moving in: a data folder of the embedded database copied into a PostgreSQL database, then the
// backend started on that server with the same folder, read back through supabase-js.
const dataDir = mkdtempSync(path.join(tmpdir(), "groundwork-movein-"));
const running: TestBackend[] = [];
afterAll(async () => {
  for (const t of running) await t.stop();
  await stopTestCluster();
  rmSync(dataDir, { recursive: true, force: true });
});

const codeFor = (secret: string) => new TOTP({ secret: Secret.fromBase32(secret) }).generate();

async function counts(t: TestBackend, tables: string[]): Promise<Record<string, number>> {
  const res = await fetch(`${t.url}/pg/query`, {
    method: "POST",
    headers: { apikey: LOCAL_SECRET_KEY, "content-type": "application/json" },
    body: JSON.stringify({
      query: `select ${tables.map((n) => `(select count(*)::int from ${n}) as "${n}"`).join(", ")}`,
    }),
  });
  return ((await res.json()) as Record<string, number>[])[0];
}

const MOVED = [
  "auth.users",
  "auth.identities",
  "auth.mfa_factors",
  "storage.buckets",
  "storage.objects",
  "public.notes",
  "public.note_updates",
  "public.profiles",
];

describe.skipIf(withoutPostgres)("move-in from the embedded database to PostgreSQL", () => {
  it("moves people, their MFA, notes and files' rows, and the backend on the server serves them", async () => {
    // On the embedded database: a person with a verified authenticator, a note with its updates
    // and an attachment.
    const before = await startTestBackend({ keepDataDir: dataDir, dbUrl: null });
    running.push(before);
    const { client, id: userId } = await signedInUser(before);
    const email = (await client.auth.getUser()).data.user!.email!;
    const { data: factor } = await client.auth.mfa.enroll({ factorType: "totp" });
    const secret = factor!.totp.secret;
    const verified = await client.auth.mfa.challengeAndVerify({
      factorId: factor!.id,
      code: codeFor(secret),
    });
    expect(verified.error).toBeNull();
    const note = await client.from("notes").insert({ title: "Moving day" }).select("id").single();
    expect(note.error).toBeNull();
    const noteId = note.data!.id;
    const update = await client
      .from("note_updates")
      .insert({ note_id: noteId, data: byteaHex(new Uint8Array([1, 2, 3])) });
    expect(update.error).toBeNull();
    const filePath = `${userId}/${noteId}/boxes.txt`;
    const upload = await client.storage
      .from("attachments")
      .upload(filePath, new Blob(["12 boxes"], { type: "text/plain" }));
    expect(upload.error).toBeNull();
    const had = await counts(before, MOVED);
    await before.stop();
    running.pop();

    const dbUrl = await testDatabaseUrl(dataDir);
    const moved = await moveIn({
      from: dataDir,
      dbUrl,
      supabaseDir: path.join(process.cwd(), "supabase"),
    });
    const byTable = Object.fromEntries(moved.map((m) => [m.table, m.rows]));
    for (const table of MOVED) expect([table, byTable[table]]).toEqual([table, had[table]]);
    expect(byTable["auth.mfa_factors"]).toBeGreaterThanOrEqual(1);
    expect(byTable["public.note_updates"]).toBeGreaterThanOrEqual(1);

    // On the server, with the same data folder (its signing key and its files).
    const after = await startTestBackend({ keepDataDir: dataDir, dbUrl });
    running.push(after);
    expect(await counts(after, MOVED)).toEqual(had);
    const person = typedClient(after);
    const signIn = await person.auth.signInWithPassword({ email, password: PASSWORD });
    expect(signIn.error).toBeNull();
    // The authenticator moved too: the sign-in asks for it, and its codes still work.
    const aal = await person.auth.mfa.getAuthenticatorAssuranceLevel();
    expect(aal.data).toMatchObject({ currentLevel: "aal1", nextLevel: "aal2" });
    const again = await person.auth.mfa.challengeAndVerify({
      factorId: factor!.id,
      code: codeFor(secret),
    });
    expect(again.error).toBeNull();

    const read = await person.from("notes").select("id, title").eq("id", noteId).single();
    expect(read.data).toEqual({ id: noteId, title: "Moving day" });
    const updates = await person.from("note_updates").select("data").eq("note_id", noteId);
    expect(updates.data).toEqual([{ data: "\\x010203" }]);
    const file = await person.storage.from("attachments").download(filePath);
    expect(await file.data?.text()).toBe("12 boxes");
    // New rows continue after the moved ones.
    const next = await person
      .from("note_updates")
      .insert({ note_id: noteId, data: byteaHex(new Uint8Array([4])) });
    expect(next.error).toBeNull();
  }, 120_000);

  it("refuses a server database that already holds people", async () => {
    const dbUrl = await testDatabaseUrl(dataDir);
    await expect(
      moveIn({ from: dataDir, dbUrl, supabaseDir: path.join(process.cwd(), "supabase") }),
    ).rejects.toThrow(
      /^auth\.users in the server database already holds \d+ rows; move into a database that holds no data yet\.$/,
    );
  }, 60_000);
});
