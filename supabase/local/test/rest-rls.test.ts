import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  ALICE,
  BOB,
  client,
  clients,
  startRestBackend,
  type Clients,
} from "./support/rest-support";
import { LOCAL_PUBLISHABLE_KEY, type TestBackend } from "./support/local-backend";

let t: TestBackend;
let c: Clients;
beforeAll(async () => {
  t = await startRestBackend();
  c = await clients(t);
});
afterAll(() => t?.stop());

const ids = (rows: { id: number }[] | null) => rows?.map((r) => r.id) ?? null;

async function titleOf(id: number): Promise<string | null> {
  const { data } = await c.service.from("notes").select("title").eq("id", id).maybeSingle();
  return (data as { title: string } | null)?.title ?? null;
}

describe("the same requests as anon, two users and the service role", () => {
  it("each sees exactly the notes the policies allow", async () => {
    const read = (k: keyof Clients) => c[k].from("notes").select("id").order("id");
    expect(ids((await read("anon")).data)).toEqual([1, 3]);
    expect(ids((await read("alice")).data)).toEqual([1, 2, 3]);
    expect(ids((await read("bob")).data)).toEqual([1, 3, 4]);
    expect(ids((await read("service")).data)).toEqual([1, 2, 3, 4]);
  });

  it("embedded resources are filtered by their own policies", async () => {
    const q = (k: keyof Clients) => c[k].from("comments").select("id, notes(id)").order("id");
    expect(ids((await q("anon")).data)).toEqual([1, 2]);
    expect(ids((await q("alice")).data)).toEqual([1, 2, 3]);
    expect(ids((await q("bob")).data)).toEqual([1, 2, 4]);
    const fromNotes = await c.anon.from("notes").select("id, comments(id)").eq("id", 2);
    expect(fromNotes.data).toEqual([]);
  });

  it("updates change only the caller's own rows", async () => {
    for (const k of ["anon", "bob"] as const) {
      const { data, error, status } = await c[k]
        .from("notes")
        .update({ title: `changed by ${k}` })
        .eq("id", 2)
        .select();
      expect({ data, error, status }).toEqual({ data: [], error: null, status: 200 });
    }
    expect(await titleOf(2)).toBe("Alice private");
    const mine = await c.alice
      .from("notes")
      .update({ title: "Alice edited" })
      .eq("id", 2)
      .select("id, title");
    expect(mine.data).toEqual([{ id: 2, title: "Alice edited" }]);
    expect(await titleOf(2)).toBe("Alice edited");
    const all = await c.service.from("notes").update({ rating: 7 }).in("id", [2, 4]).select("id");
    expect(ids(all.data)).toEqual([2, 4]);
  });

  it("deletes remove only the caller's own rows", async () => {
    await c.service.from("notes").insert({ id: 50, owner_id: BOB, title: "Bob temp" });
    const byAnon = await c.anon.from("notes").delete().eq("id", 50).select();
    const byAlice = await c.alice.from("notes").delete().eq("id", 50).select();
    expect([byAnon.data, byAlice.data]).toEqual([[], []]);
    expect(await titleOf(50)).toBe("Bob temp");
    const byBob = await c.bob.from("notes").delete().eq("id", 50).select("id");
    expect(byBob.data).toEqual([{ id: 50 }]);
    expect(await titleOf(50)).toBeNull();
  });

  it("inserts must pass WITH CHECK: anon 401, another owner 403, own row 201", async () => {
    const anon = await c.anon.from("notes").insert({ title: "anon note", owner_id: ALICE });
    expect(anon.status).toBe(401);
    expect(anon.error?.code).toBe("42501");
    const forged = await c.bob.from("notes").insert({ title: "for alice", owner_id: ALICE });
    expect(forged.status).toBe(403);
    const own = await c.bob.from("notes").insert({ title: "Bob own" }).select("owner_id").single();
    expect(own).toMatchObject({ status: 201, data: { owner_id: BOB } });
    const service = await c.service
      .from("notes")
      .insert({ title: "by service", owner_id: ALICE })
      .select("owner_id")
      .single();
    expect(service.data).toEqual({ owner_id: ALICE });
  });

  it("a failed statement rolls back the whole request", async () => {
    const { error } = await c.bob
      .from("notes")
      .insert([{ title: "first of two" }, { title: "second of two", owner_id: ALICE }]);
    expect(error?.code).toBe("42501");
    const { data } = await c.service.from("notes").select("id").eq("title", "first of two");
    expect(data).toEqual([]);
  });
});

describe("a user signed in through the auth API", () => {
  it("reads and writes with the session's access token", async () => {
    const user = client(t, LOCAL_PUBLISHABLE_KEY);
    const email = `rest-${Date.now()}@example.com`;
    const signUp = await user.auth.signUp({ email, password: "correct horse battery 9" });
    expect(signUp.error).toBeNull();
    const id = signUp.data.user?.id as string;
    await c.service.from("profiles").insert({ id, username: `u${Date.now()}` });
    const session =
      signUp.data.session ??
      (await user.auth.signInWithPassword({ email, password: "correct horse battery 9" })).data
        .session;
    expect(session?.access_token).toBeTruthy();
    const inserted = await user
      .from("notes")
      .insert({ title: "signed in" })
      .select("owner_id")
      .single();
    expect(inserted.data).toEqual({ owner_id: id });
    const mine = await user.from("notes").select("title").eq("owner_id", id);
    expect(mine.data).toEqual([{ title: "signed in" }]);
    expect((await user.rpc("whoami")).data).toBe(id);
  });
});
