import type { SupabaseClient } from "@supabase/supabase-js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TestBackend } from "./support/local-backend";
import {
  ALICE,
  anonClient,
  BOB,
  errorOf,
  serviceClient,
  startStorageBackend,
  text,
  userClient,
} from "./support/storage-support";

// The private `attachments` bucket: owners only, under <user id>/, by the fixture's policies.
let t: TestBackend;
let alice: SupabaseClient;
let bob: SupabaseClient;
let anon: SupabaseClient;
let service: SupabaseClient;
const file = (name: string) => `${ALICE}/note-1/${name}`;

beforeAll(async () => {
  t = await startStorageBackend();
  [alice, bob] = await Promise.all([userClient(t, ALICE), userClient(t, BOB)]);
  anon = anonClient(t);
  service = serviceClient(t);
});
afterAll(() => t?.stop());

const bucket = (c: SupabaseClient) => c.storage.from("attachments");
const RLS = "new row violates row-level security policy";

describe("RLS on a private bucket: owner, another user, anon, service role", () => {
  it("upload: the owner under their folder, the service role anywhere; nobody else", async () => {
    expect((await bucket(alice).upload(file("a.txt"), text("alice's"))).error).toBeNull();
    for (const c of [bob, anon]) {
      const { error } = await bucket(c).upload(file("intruder.txt"), text("x"));
      expect(errorOf(error)).toMatchObject({ message: RLS, statusCode: "403" });
    }
    const elsewhere = await bucket(alice).upload(`${BOB}/note-1/a.txt`, text("x"));
    expect(errorOf(elsewhere.error).message).toBe(RLS);
    // storage.extension() in the policy refuses what it names.
    const exe = await bucket(alice).upload(file("tool.exe"), text("x"));
    expect(errorOf(exe.error).message).toBe(RLS);
    expect((await bucket(service).upload(`${BOB}/by-service.txt`, text("s"))).error).toBeNull();
  });

  it("sets owner and owner_id from the token", async () => {
    await bucket(alice).upload(file("owned.txt"), text("o"));
    const res = await fetch(`${t.url}/pg/query`, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        apikey: "sb_secret_N7UND0UgjKTVK-Uodkm0Hg_xSvEMPvz",
      },
      body: JSON.stringify({
        query: `select owner::text, owner_id from storage.objects where name = '${file("owned.txt")}'`,
      }),
    });
    expect(await res.json()).toEqual([{ owner: ALICE, owner_id: ALICE }]);
  });

  it("download: the owner and the service role; others see no such object", async () => {
    await bucket(alice).upload(file("read.txt"), text("secret"));
    expect(await (await bucket(alice).download(file("read.txt"))).data!.text()).toBe("secret");
    expect(await (await bucket(service).download(file("read.txt"))).data!.text()).toBe("secret");
    for (const c of [bob, anon]) {
      const { error } = await bucket(c).download(file("read.txt"));
      expect(errorOf(error)).toMatchObject({ message: "Object not found", statusCode: "404" });
    }
    // A private bucket never serves the public route, whoever asks.
    const url = bucket(anon).getPublicUrl(file("read.txt")).data.publicUrl;
    const res = await fetch(url);
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ statusCode: "404", message: "Bucket not found" });
  });

  it("list: each sees only what they may read", async () => {
    await bucket(alice).upload(file("listed.txt"), text("l"));
    const own = await bucket(alice).list(`${ALICE}/note-1`);
    expect(own.data!.map((e) => e.name)).toContain("listed.txt");
    for (const c of [bob, anon]) expect((await bucket(c).list(`${ALICE}/note-1`)).data).toEqual([]);
    expect((await bucket(service).list(`${ALICE}/note-1`)).data!.map((e) => e.name)).toContain(
      "listed.txt",
    );
  });

  it("move: the owner within their folder only; others cannot touch it", async () => {
    await bucket(alice).upload(file("m.txt"), text("m"));
    for (const c of [bob, anon]) {
      const { error } = await bucket(c).move(file("m.txt"), `${BOB}/stolen.txt`);
      expect(errorOf(error).message).toBe("Object not found");
    }
    const out = await bucket(alice).move(file("m.txt"), `${BOB}/gift.txt`);
    expect(errorOf(out.error).message).toBe(RLS);
    expect((await bucket(alice).move(file("m.txt"), file("m2.txt"))).error).toBeNull();
    expect((await bucket(service).move(file("m2.txt"), file("m3.txt"))).error).toBeNull();
  });

  it("copy: reading the source and inserting the copy are both checked", async () => {
    await bucket(alice).upload(file("c.txt"), text("c"));
    const byBob = await bucket(bob).copy(file("c.txt"), `${BOB}/c.txt`);
    expect(errorOf(byBob.error).message).toBe("Object not found");
    const byAnon = await bucket(anon).copy(file("c.txt"), "c.txt");
    expect(errorOf(byAnon.error).message).toBe("Object not found");
    const intoBob = await bucket(alice).copy(file("c.txt"), `${BOB}/c.txt`);
    expect(errorOf(intoBob.error).message).toBe(RLS);
    expect((await bucket(alice).copy(file("c.txt"), file("c-copy.txt"))).error).toBeNull();
    expect((await bucket(service).copy(file("c.txt"), `${BOB}/c.txt`)).error).toBeNull();
  });

  it("remove: only what the caller may delete goes", async () => {
    await bucket(alice).upload(file("r.txt"), text("r"));
    for (const c of [bob, anon]) expect((await bucket(c).remove([file("r.txt")])).data).toEqual([]);
    expect((await bucket(alice).exists(file("r.txt"))).data).toBe(true);
    const { data } = await bucket(alice).remove([file("r.txt")]);
    expect(data!.map((o) => o.name)).toEqual([file("r.txt")]);
    await bucket(alice).upload(file("r2.txt"), text("r"));
    expect((await bucket(service).remove([file("r2.txt")])).data).toHaveLength(1);
  });

  it("sign: only for objects the caller can read", async () => {
    await bucket(alice).upload(file("s.txt"), text("signed"));
    const own = await bucket(alice).createSignedUrl(file("s.txt"), 60);
    expect(await (await fetch(own.data!.signedUrl)).text()).toBe("signed");
    for (const c of [bob, anon]) {
      const { error } = await bucket(c).createSignedUrl(file("s.txt"), 60);
      expect(errorOf(error).message).toBe("Object not found");
    }
    const many = await bucket(bob).createSignedUrls([file("s.txt")], 60);
    expect(many.data).toHaveLength(1);
    expect(many.data![0]).toMatchObject({
      error: "Either the object does not exist or you do not have access to it",
      path: file("s.txt"),
      signedUrl: null,
    });
    expect((await bucket(service).createSignedUrl(file("s.txt"), 60)).error).toBeNull();
  });
});

describe("a public bucket", () => {
  it("serves /object/public to anyone, while writes stay with the owner", async () => {
    const png = new Blob([Buffer.from("89504e470d0a1a0a", "hex")], { type: "image/png" });
    expect((await alice.storage.from("avatars").upload(`${ALICE}/me.png`, png)).error).toBeNull();
    const url = anon.storage.from("avatars").getPublicUrl(`${ALICE}/me.png`).data.publicUrl;
    const res = await fetch(url);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("image/png");
    const byBob = await bob.storage
      .from("avatars")
      .upload(`${ALICE}/me.png`, png, { upsert: true });
    expect(errorOf(byBob.error).statusCode).toBe("403");
  });
});
