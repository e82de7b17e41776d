import path from "node:path";
import type { SupabaseClient } from "@supabase/supabase-js";
import { FunctionsHttpError } from "@supabase/supabase-js";
import { strFromU8, unzipSync } from "fflate";
import { Secret, TOTP } from "otpauth";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  PASSWORD,
  browserClient,
  codeIn,
  lastMailTo,
  uniqueEmail,
} from "@groundwork/local-backend/testing/auth";
import { startTestBackend, type TestBackend } from "@groundwork/local-backend/testing";

let t: TestBackend;
/** Whether this backend serves /storage/v1; the storage cases wait for it. */
let storage = false;
beforeAll(async () => {
  t = await startTestBackend({
    supabaseDir: path.join(import.meta.dirname, "fixtures/functions/project"),
  });
  t.backend.config.auth.email.enableConfirmations = false;
  const buckets = await t.serviceClient().storage.listBuckets();
  storage = !buckets.error;
});
afterAll(() => t?.stop());

async function signedIn(): Promise<{ client: SupabaseClient; id: string; email: string }> {
  const client = browserClient(t);
  const email = uniqueEmail("fn");
  const { data, error } = await client.auth.signUp({ email, password: PASSWORD });
  if (error || !data.user) throw error ?? new Error("no user");
  return { client, id: data.user.id, email };
}

async function seed(client: SupabaseClient, id: string) {
  const profile = await client
    .from("profiles")
    .insert({ id, username: "ada", display_name: "Ada Lovelace" });
  expect(profile.error).toBeNull();
  const notes = await client.from("notes").insert([
    { title: 'Engine: "notes" on the Analytical one', body: "# Heading\n\nFirst **bold** line." },
    { title: "Old idea", body: "in the trash", deleted_at: new Date().toISOString() },
  ]);
  expect(notes.error).toBeNull();
}

/** A note filed two folders down, with a name an archive path cannot carry as it is. */
async function seedFolders(client: SupabaseClient) {
  const ideas = await client.from("folders").insert({ name: "Ideas" }).select("id").single();
  expect(ideas.error).toBeNull();
  const engines = await client
    .from("folders")
    .insert({ name: "Engines: difference", parent_id: ideas.data!.id })
    .select("id")
    .single();
  expect(engines.error).toBeNull();
  const filed = await client
    .from("notes")
    .insert({ title: "Punched cards", body: "loops", folder_id: engines.data!.id });
  expect(filed.error).toBeNull();
}

const bytes = (n: number, seed: number) =>
  Uint8Array.from({ length: n }, (_, i) => (i * seed) % 251);

/** An attachment under <user>/<note>/ and an avatar under <user>/, uploaded as the person. */
async function upload(client: SupabaseClient, id: string, seed: number) {
  const noteId = crypto.randomUUID();
  const attachment = await client.storage
    .from("attachments")
    .upload(`${id}/${noteId}/report.pdf`, bytes(300_000, seed), { contentType: "application/pdf" });
  expect(attachment.error).toBeNull();
  const avatar = await client.storage
    .from("avatars")
    .upload(`${id}/me.png`, bytes(2_000, seed + 1), { contentType: "image/png" });
  expect(avatar.error).toBeNull();
  return noteId;
}

async function objectsOf(id: string) {
  const admin = t.serviceClient().storage;
  const avatars = await admin.from("avatars").list(id);
  const attachments = await admin.from("attachments").list(id);
  return (avatars.data?.length ?? 0) + (attachments.data?.length ?? 0);
}

async function failure(result: { error: unknown }) {
  expect(result.error).toBeInstanceOf(FunctionsHttpError);
  const res = (result.error as FunctionsHttpError).context as Response;
  return { status: res.status, body: await res.json() };
}

describe("export-data", () => {
  it("streams a zip of the caller's account, profile and notes as Markdown, and nobody else's", async () => {
    const other = await signedIn();
    await seed(other.client, other.id);
    const { client, id, email } = await signedIn();
    await seed(client, id);
    await seedFolders(client);

    const { data, error, response } = await client.functions.invoke("export-data");
    expect(error).toBeNull();
    expect(response?.headers.get("content-disposition")).toMatch(
      /^attachment; filename="groundwork-export-\d{4}-\d{2}-\d{2}\.zip"$/,
    );
    const files = unzipSync(new Uint8Array(await (data as Blob).arrayBuffer()));
    const names = Object.keys(files).sort();
    // account, profile, folders and three notes; a filed note sits under its folder's path.
    expect(names).toHaveLength(6);
    expect(JSON.parse(strFromU8(files["account.json"]))).toMatchObject({ id, email });
    expect(JSON.parse(strFromU8(files["profile.json"]))).toMatchObject({
      id,
      username: "ada",
      display_name: "Ada Lovelace",
    });
    const engine = names.find((n) => n.startsWith("notes/engine-notes-on-the-analytical-one-"));
    expect(engine).toBeDefined();
    const markdown = strFromU8(files[engine!]);
    expect(markdown).toMatch(
      /^---\nid: "[0-9a-f-]{36}"\ntitle: "Engine: \\"notes\\" on the Analytical one"\nfolder: null\npinned: false\n/,
    );
    expect(markdown).toContain("deleted_at: null\n");
    expect(markdown.endsWith("---\n\n# Heading\n\nFirst **bold** line.\n")).toBe(true);
    const trashed = strFromU8(files[names.find((n) => n.startsWith("notes/old-idea-"))!]);
    expect(trashed).toMatch(/deleted_at: "\d{4}-/);
    const filed = names.find((n) => n.startsWith("notes/Ideas/Engines- difference/punched-cards-"));
    expect(filed).toBeDefined();
    expect(strFromU8(files[filed!])).toContain('folder: "Ideas/Engines- difference"\n');
    expect(JSON.parse(strFromU8(files["folders.json"]))).toHaveLength(2);
  });

  it("puts the caller's attachments and avatar in the archive, byte for byte", async (ctx) => {
    if (!storage) return ctx.skip();
    const other = await signedIn();
    await upload(other.client, other.id, 5);
    const { client, id } = await signedIn();
    const noteId = await upload(client, id, 3);

    const { data, error } = await client.functions.invoke("export-data");
    expect(error).toBeNull();
    const files = unzipSync(new Uint8Array(await (data as Blob).arrayBuffer()));
    expect(Object.keys(files).sort()).toEqual([
      "account.json",
      `attachments/${noteId}/report.pdf`,
      "avatar/me.png",
    ]);
    expect(files[`attachments/${noteId}/report.pdf`]).toEqual(bytes(300_000, 3));
    expect(files["avatar/me.png"]).toEqual(bytes(2_000, 4));
  });

  it("refuses a caller who is not signed in", async () => {
    expect(await failure(await t.anonClient().functions.invoke("export-data"))).toEqual({
      status: 401,
      body: { code: "not_signed_in", message: "Sign in to export your data" },
    });
  });
});

describe("delete-account", () => {
  async function remaining(id: string) {
    const admin = t.serviceClient();
    const notes = await admin.from("notes").select("id").eq("owner_id", id);
    const profiles = await admin.from("profiles").select("id").eq("id", id);
    const user = await admin.auth.admin.getUserById(id);
    const sessions = await t.backend.db.query("select id from auth.sessions where user_id = $1", [
      id,
    ]);
    return {
      notes: notes.data?.length,
      profiles: profiles.data?.length,
      user: user.data.user?.id ?? null,
      sessions: sessions.rows.length,
    };
  }
  const gone = { notes: 0, profiles: 0, user: null, sessions: 0 };
  const withPassword = { body: { password: PASSWORD } };

  it("with the right password, removes the caller's rows, sessions and auth user, and leaves other people alone", async () => {
    const other = await signedIn();
    await seed(other.client, other.id);
    const { client, id, email } = await signedIn();
    await seed(client, id);

    const { data, error } = await client.functions.invoke("delete-account", withPassword);
    expect(error).toBeNull();
    expect(data).toEqual({ deleted: true });
    expect(await remaining(id)).toEqual(gone);
    expect(await remaining(other.id)).toMatchObject({ notes: 2, profiles: 1, user: other.id });
    const again = await browserClient(t).auth.signInWithPassword({ email, password: PASSWORD });
    expect(again.error?.message).toBe("Invalid login credentials");
  });

  it("removes the caller's files from both buckets, and nobody else's", async (ctx) => {
    if (!storage) return ctx.skip();
    const other = await signedIn();
    await upload(other.client, other.id, 7);
    const { client, id } = await signedIn();
    await upload(client, id, 9);
    expect(await objectsOf(id)).toBe(2);

    expect((await client.functions.invoke("delete-account", withPassword)).data).toEqual({
      deleted: true,
    });
    expect(await objectsOf(id)).toBe(0);
    expect(await objectsOf(other.id)).toBe(2);
    expect(await remaining(id)).toEqual(gone);
  });

  it("refuses a session without proof in the request: 400 proof_required, and keeps everything", async () => {
    const { client, id } = await signedIn();
    await seed(client, id);
    for (const body of [undefined, {}, { password: "" }]) {
      expect(await failure(await client.functions.invoke("delete-account", { body }))).toEqual({
        status: 400,
        body: {
          code: "proof_required",
          message: "Enter your password, or a code we email you, to delete your account",
        },
      });
    }
    const bad = await client.functions.invoke("delete-account", { body: "not json" });
    expect(await failure(bad)).toMatchObject({ status: 400, body: { code: "invalid_request" } });
    expect(await remaining(id)).toEqual({ notes: 2, profiles: 1, user: id, sessions: 1 });
  });

  it("refuses a wrong password with 403 invalid_password, and opens no session", async () => {
    const { client, id } = await signedIn();
    const wrong = await client.functions.invoke("delete-account", {
      body: { password: "a stolen session's guess 1" },
    });
    expect(await failure(wrong)).toEqual({
      status: 403,
      body: { code: "invalid_password", message: "That password is not right" },
    });
    expect(await remaining(id)).toEqual({ notes: 0, profiles: 0, user: id, sessions: 1 });
  });

  it("takes a code mailed to the person instead of a password", async () => {
    const { client, id, email } = await signedIn();
    expect(
      (await client.auth.signInWithOtp({ email, options: { shouldCreateUser: false } })).error,
    ).toBeNull();
    const code = codeIn(await lastMailTo(t, email));
    const wrong = await client.functions.invoke("delete-account", { body: { code: "000000" } });
    expect(await failure(wrong)).toMatchObject({ status: 403, body: { code: "invalid_code" } });
    expect((await client.functions.invoke("delete-account", { body: { code } })).data).toEqual({
      deleted: true,
    });
    expect(await remaining(id)).toEqual(gone);
  });

  it("wants the authenticator code from a person with a second factor, checked through Auth", async () => {
    const { client, id, email } = await signedIn();
    const { data: factor } = await client.auth.mfa.enroll({ factorType: "totp" });
    const totp = new TOTP({ secret: Secret.fromBase32(factor!.totp.secret) });
    const first = await client.auth.mfa.challengeAndVerify({
      factorId: factor!.id,
      code: totp.generate(),
    });
    expect(first.error).toBeNull();

    const fresh = browserClient(t);
    await fresh.auth.signInWithPassword({ email, password: PASSWORD });
    expect(await failure(await fresh.functions.invoke("delete-account", withPassword))).toEqual({
      status: 400,
      body: {
        code: "mfa_code_required",
        message: "Enter the code from your authenticator app to delete your account",
      },
    });
    const wrong = await fresh.functions.invoke("delete-account", {
      body: { password: PASSWORD, totp: "000000" },
    });
    expect(await failure(wrong)).toMatchObject({ status: 403, body: { code: "invalid_mfa_code" } });
    // The two sessions signed in here; the ones the refused proofs opened are ended.
    expect((await remaining(id)).sessions).toBe(2);
    // A code valid in the next 30-second window, since the current one was just used.
    const next = totp.generate({ timestamp: Date.now() + 30_000 });
    const deleted = await fresh.functions.invoke("delete-account", {
      body: { password: PASSWORD, totp: next },
    });
    expect(deleted.data).toEqual({ deleted: true });
    expect(await remaining(id)).toEqual(gone);
  });

  it("stopped midway, it leaves the person able to run it again, which completes it", async () => {
    const { client, id } = await signedIn();
    await seed(client, id);
    await t.backend.db.query("insert into public.blocked_profile_deletes values ($1)", [id]);

    expect(await failure(await client.functions.invoke("delete-account", withPassword))).toEqual({
      status: 500,
      body: {
        code: "delete_incomplete",
        message: "Your account is not fully deleted yet; try again",
      },
    });
    // Notes went before the stop; the profile and the sign-in are still there.
    expect(await remaining(id)).toEqual({ notes: 0, profiles: 1, user: id, sessions: 1 });

    await t.backend.db.query("delete from public.blocked_profile_deletes where user_id = $1", [id]);
    expect((await client.functions.invoke("delete-account", withPassword)).data).toEqual({
      deleted: true,
    });
    expect(await remaining(id)).toEqual(gone);
  });
});
