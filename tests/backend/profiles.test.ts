import { copyFileSync, mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { SupabaseClient } from "@supabase/supabase-js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  adminClient,
  browserClient,
  PASSWORD,
  startTestBackend,
  uniqueEmail,
  type TestBackend,
} from "@groundwork/local-backend/testing/auth";

const PROJECT_SUPABASE = path.resolve(import.meta.dirname, "../../supabase");
const MIGRATION = "20261123050000_profiles.sql";

let t: TestBackend;
let admin: SupabaseClient;

/** A confirmed user signed in through supabase-js, as the app's browser client would be. */
async function person(metadata: Record<string, unknown> = {}) {
  const email = uniqueEmail("profile");
  const created = await admin.auth.admin.createUser({
    email,
    password: PASSWORD,
    email_confirm: true,
    user_metadata: metadata,
  });
  if (created.error) throw created.error;
  const client = browserClient(t);
  const { error } = await client.auth.signInWithPassword({ email, password: PASSWORD });
  if (error) throw error;
  return { id: created.data.user.id, email, client };
}

beforeAll(async () => {
  t = await startTestBackend({ copyMigrated: true });
  admin = adminClient(t);
});
afterAll(() => t?.stop());

describe("a profile is made for every user", () => {
  it("at sign-up, with the display name taken from the address", async () => {
    const email = uniqueEmail("newcomer");
    const client = browserClient(t);
    const signUp = await client.auth.signUp({ email, password: PASSWORD });
    expect(signUp.error).toBeNull();
    const id = signUp.data.user!.id;
    const { data } = await admin
      .from("profiles")
      .select("id, username, display_name, theme")
      .eq("id", id)
      .single();
    expect(data).toEqual({
      id,
      username: null,
      display_name: email.split("@")[0],
      theme: null,
    });
  });

  it("takes a valid, free username from sign-up metadata and ignores an invalid one", async () => {
    const name = `pick_${Date.now().toString(36)}`;
    const good = await person({ username: name.toUpperCase() });
    const bad = await person({ username: "no spaces allowed" });
    const taken = await person({ username: name });
    const rows = await admin
      .from("profiles")
      .select("id, username")
      .in("id", [good.id, bad.id, taken.id]);
    const byId = Object.fromEntries((rows.data ?? []).map((r) => [r.id, r.username]));
    expect(byId).toEqual({ [good.id]: name, [bad.id]: null, [taken.id]: null });
  });

  it("goes with the auth user", async () => {
    const p = await person();
    expect((await admin.auth.admin.deleteUser(p.id)).error).toBeNull();
    const { data } = await admin.from("profiles").select("id").eq("id", p.id);
    expect(data).toEqual([]);
  });
});

describe("who can read and change a profile", () => {
  let alice: Awaited<ReturnType<typeof person>>;
  let bob: Awaited<ReturnType<typeof person>>;
  let anon: SupabaseClient;
  beforeAll(async () => {
    alice = await person();
    bob = await person();
    anon = browserClient(t);
  });

  it("the owner reads only their own row; another user and anon see nothing", async () => {
    const own = await alice.client.from("profiles").select("id");
    expect(own.data).toEqual([{ id: alice.id }]);
    const other = await bob.client.from("profiles").select("id").eq("id", alice.id);
    expect(other.data).toEqual([]);
    const signedOut = await anon.from("profiles").select("id");
    expect(signedOut.error?.code).toBe("42501");
  });

  it("the service role reads every row", async () => {
    const { data } = await admin.from("profiles").select("id").in("id", [alice.id, bob.id]);
    expect(data).toHaveLength(2);
  });

  it("the owner updates their own row; another user changes nothing; anon is refused", async () => {
    const mine = await alice.client
      .from("profiles")
      .update({ display_name: "Alice A.", theme: "dark" })
      .eq("id", alice.id)
      .select("display_name, theme");
    expect(mine.data).toEqual([{ display_name: "Alice A.", theme: "dark" }]);
    const theirs = await bob.client
      .from("profiles")
      .update({ display_name: "hacked" })
      .eq("id", alice.id)
      .select();
    expect(theirs.data).toEqual([]);
    const signedOut = await anon
      .from("profiles")
      .update({ display_name: "hacked" })
      .eq("id", alice.id);
    expect(signedOut.error?.code).toBe("42501");
    const { data } = await admin
      .from("profiles")
      .select("display_name")
      .eq("id", alice.id)
      .single();
    expect(data?.display_name).toBe("Alice A.");
  });

  it("nobody inserts or deletes rows through the API, and the id never changes", async () => {
    const insert = await alice.client.from("profiles").insert({ id: alice.id });
    expect(insert.error?.code).toBe("42501");
    const del = await alice.client.from("profiles").delete().eq("id", alice.id);
    expect(del.error?.code).toBe("42501");
    const move = await alice.client.from("profiles").update({ id: bob.id }).eq("id", alice.id);
    expect(move.error?.code).toBe("42501");
  });

  it("an avatar path must lie in the person's own folder", async () => {
    const outside = await alice.client
      .from("profiles")
      .update({ avatar_path: `${bob.id}/a.png` })
      .eq("id", alice.id);
    expect(outside.error?.code).toBe("23514");
    const inside = await alice.client
      .from("profiles")
      .update({ avatar_path: `${alice.id}/a.png` })
      .eq("id", alice.id);
    expect(inside.error).toBeNull();
  });
});

describe("the session carries the profile", () => {
  it("in the access token's user_metadata.profile, fresh after a refresh", async () => {
    const p = await person();
    const update = await p.client
      .from("profiles")
      .update({ display_name: "Ada L.", theme: "dark", avatar_path: `${p.id}/face.webp` })
      .eq("id", p.id);
    expect(update.error).toBeNull();
    const { data, error } = await p.client.auth.refreshSession();
    expect(error).toBeNull();
    const claims = (await p.client.auth.getClaims(data.session!.access_token)).data?.claims;
    expect(claims?.user_metadata?.profile).toEqual({
      username: null,
      display_name: "Ada L.",
      avatar_path: `${p.id}/face.webp`,
      theme: "dark",
    });
  });
});

describe("usernames", () => {
  it("are 3-30 of a-z, 0-9 and _, and never a reserved word", async () => {
    const p = await person();
    const set = (username: string) => p.client.from("profiles").update({ username }).eq("id", p.id);
    for (const bad of [
      "ab",
      "a".repeat(31),
      "Has_Caps",
      "dash-name",
      "émile",
      "admin",
      "support",
    ]) {
      const { error } = await set(bad);
      expect(error?.code, bad).toBe("23514");
    }
    expect((await set(`ok_${Date.now().toString(36)}`)).error).toBeNull();
  });

  it("are unique: two people claiming one name at once, one wins and one is told it is taken", async () => {
    const [a, b] = await Promise.all([person(), person()]);
    const name = `race_${Date.now().toString(36)}`;
    const results = await Promise.all(
      [a, b].map((p) => p.client.from("profiles").update({ username: name }).eq("id", p.id)),
    );
    const errors = results.map((r) => r.error);
    expect(errors.filter((e) => e === null)).toHaveLength(1);
    const loser = errors.find((e) => e !== null);
    expect(loser?.code).toBe("23505");
    expect(loser?.message).toContain("profiles_username_key");
  });

  it("can be checked for availability by a signed-in person only", async () => {
    const p = await person();
    const other = await person();
    const name = `avail_${Date.now().toString(36)}`;
    await other.client.from("profiles").update({ username: name }).eq("id", other.id);
    const ask = (c: SupabaseClient, n: string) => c.rpc("username_available", { name: n });
    expect((await ask(p.client, name)).data).toBe(false);
    expect((await ask(p.client, name.toUpperCase())).data).toBe(false);
    expect((await ask(p.client, `${name}_2`)).data).toBe(true);
    expect((await ask(p.client, "admin")).data).toBe(false);
    expect((await ask(other.client, name)).data).toBe(true);
    const signedOut = await ask(browserClient(t), name);
    expect(signedOut.error?.code).toBe("42501");
  });
});

describe("people who signed up before profiles existed", () => {
  it("get their row when the migration runs", async () => {
    const project = mkdtempSync(path.join(tmpdir(), "profiles-backfill-"));
    const dataDir = path.join(project, "data");
    const supabaseDir = path.join(project, "supabase");
    mkdirSync(path.join(supabaseDir, "migrations"), { recursive: true });
    copyFileSync(path.join(PROJECT_SUPABASE, "config.toml"), path.join(supabaseDir, "config.toml"));
    try {
      const before = await startTestBackend({ supabaseDir, keepDataDir: dataDir });
      const email = uniqueEmail("early");
      const created = await adminClient(before).auth.admin.createUser({
        email,
        password: PASSWORD,
      });
      await before.stop();

      copyFileSync(
        path.join(PROJECT_SUPABASE, "migrations", MIGRATION),
        path.join(supabaseDir, "migrations", MIGRATION),
      );
      const after = await startTestBackend({ supabaseDir, keepDataDir: dataDir });
      try {
        const { data } = await adminClient(after)
          .from("profiles")
          .select("id, display_name")
          .eq("id", created.data.user!.id);
        expect(data).toEqual([{ id: created.data.user!.id, display_name: email.split("@")[0] }]);
      } finally {
        await after.stop();
      }
    } finally {
      rmSync(project, { recursive: true, force: true });
    }
  });
});
