import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ALICE, BOB, clients, rest, startRestBackend, type Clients } from "./support/rest-support";
import type { TestBackend } from "./support/local-backend";

let t: TestBackend;
let c: Clients;
beforeAll(async () => {
  t = await startRestBackend();
  c = await clients(t);
});
afterAll(() => t?.stop());

const json = { "content-type": "application/json" };

describe("insert", () => {
  it("inserts one row: 201 with no body by default, the row with .select()", async () => {
    const plain = await c.alice.from("notes").insert({ title: "quiet" });
    expect(plain).toMatchObject({ status: 201, data: null, error: null });
    const { data, status, error } = await c.alice
      .from("notes")
      .insert({ title: "loud", rating: 2 })
      .select("title, rating, owner_id, tags")
      .single();
    expect(error).toBeNull();
    expect(status).toBe(201);
    expect(data).toEqual({ title: "loud", rating: 2, owner_id: ALICE, tags: [] });
  });

  it("inserts in bulk with columns= and null for missing keys", async () => {
    const { data, error } = await c.service
      .from("labels")
      .insert([
        { id: 10, name: "ten" },
        { id: 11, name: "eleven" },
      ])
      .select()
      .order("id");
    expect(error).toBeNull();
    expect(data).toEqual([
      { id: 10, name: "ten" },
      { id: 11, name: "eleven" },
    ]);
    const missing = await c.service
      .from("notes")
      .insert([
        { title: "a", owner_id: BOB, rating: 1 },
        { title: "b", owner_id: BOB },
      ])
      .select("title, rating");
    expect(missing.data).toEqual([
      { title: "a", rating: 1 },
      { title: "b", rating: null },
    ]);
  });

  it("uses column defaults for missing keys with Prefer: missing=default", async () => {
    const { data, error } = await c.alice
      .from("notes")
      .insert([{ title: "d1", is_public: true }, { title: "d2" }], { defaultToNull: false })
      .select("title, is_public, owner_id");
    expect(error).toBeNull();
    expect(data).toEqual([
      { title: "d1", is_public: true, owner_id: ALICE },
      { title: "d2", is_public: false, owner_id: ALICE },
    ]);
  });

  it("returns the Location header with Prefer: return=headers-only", async () => {
    const res = await rest(t, "/labels", {
      method: "POST",
      headers: { ...json, prefer: "return=headers-only" },
      body: JSON.stringify({ id: 20, name: "twenty" }),
    });
    expect(res.status).toBe(201);
    expect(res.headers.get("location")).toBe("/labels?id=eq.20");
    expect(res.headers.get("preference-applied")).toBe("return=headers-only");
    expect(await res.text()).toBe("");
  });

  it("answers 204-free 201 with Content-Range */* and counts with Prefer: count=exact", async () => {
    const res = await rest(t, "/labels", {
      method: "POST",
      headers: { ...json, prefer: "return=minimal, count=exact" },
      body: JSON.stringify([
        { id: 30, name: "a30" },
        { id: 31, name: "a31" },
      ]),
    });
    expect(res.status).toBe(201);
    expect(res.headers.get("content-range")).toBe("*/2");
  });

  it("answers 409 with 23505 for a duplicate key and changes nothing", async () => {
    const { error, status } = await c.service.from("labels").insert([
      { id: 40, name: "forty" },
      { id: 1, name: "dup" },
    ]);
    expect(status).toBe(409);
    expect(error).toMatchObject({
      code: "23505",
      message: 'duplicate key value violates unique constraint "labels_pkey"',
      details: "Key (id)=(1) already exists.",
    });
    const check = await c.service.from("labels").select().eq("id", 40);
    expect(check.data).toEqual([]);
  });

  it("answers 409 with 23503 for a missing foreign key and 400 with 23502 for a missing required value", async () => {
    const fk = await c.service.from("comments").insert({ note_id: 999, author_id: BOB, body: "x" });
    expect(fk.status).toBe(409);
    expect(fk.error?.code).toBe("23503");
    const notNull = await c.service.from("labels").insert({ id: 50 });
    expect(notNull.status).toBe(400);
    expect(notNull.error).toMatchObject({ code: "23502" });
  });

  it("answers PGRST204 for a column the table does not have and PGRST102 for bad JSON", async () => {
    const { error, status } = await c.service
      .from("labels")
      .insert({ id: 60, name: "x", colour: "red" });
    expect(status).toBe(400);
    expect(error).toEqual({
      code: "PGRST204",
      details: null,
      hint: null,
      message: "Could not find the 'colour' column of 'labels' in the schema cache",
    });
    const bad = await rest(t, "/labels", { method: "POST", headers: json, body: "{not json" });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ code: "PGRST102", message: "Empty or invalid json" });
    const mixed = await rest(t, "/labels", {
      method: "POST",
      headers: json,
      body: JSON.stringify([{ id: 61 }, { name: "y" }]),
    });
    expect(await mixed.json()).toMatchObject({
      code: "PGRST102",
      message: "All object keys must match",
    });
  });
});

describe("upsert", () => {
  it("merges duplicates on the primary key: 201 when a row is new, 200 when all existed", async () => {
    const created = await c.service
      .from("labels")
      .upsert({ id: 70, name: "seventy" })
      .select()
      .single();
    expect(created).toMatchObject({ status: 201, data: { id: 70, name: "seventy" } });
    const merged = await c.service
      .from("labels")
      .upsert({ id: 70, name: "SEVENTY" })
      .select()
      .single();
    expect(merged).toMatchObject({ status: 200, data: { id: 70, name: "SEVENTY" } });
  });

  it("ignores duplicates with ignoreDuplicates and uses on_conflict columns", async () => {
    const ignored = await c.service
      .from("labels")
      .upsert({ id: 70, name: "ignored" }, { ignoreDuplicates: true })
      .select();
    expect(ignored.data).toEqual([]);
    const byName = await c.service
      .from("labels")
      .upsert({ id: 71, name: "SEVENTY" }, { onConflict: "name" })
      .select()
      .single();
    expect(byName.data).toEqual({ id: 71, name: "SEVENTY" });
    await c.service.from("labels").insert({ id: 72, name: "seventy-two" });
    const res = await rest(t, "/labels?on_conflict=name", {
      method: "POST",
      headers: { ...json, prefer: "resolution=merge-duplicates,return=representation" },
      body: JSON.stringify({ id: 72, name: "seventy-two" }),
    });
    expect(res.status).toBe(200);
    expect(res.headers.get("preference-applied")).toBe(
      "resolution=merge-duplicates, return=representation",
    );
    expect(await res.json()).toEqual([{ id: 72, name: "seventy-two" }]);
  });
});

describe("update and delete", () => {
  it("updates filtered rows: 204 by default, 200 with the rows after .select()", async () => {
    const quiet = await c.service.from("labels").update({ name: "work!" }).eq("id", 1);
    expect(quiet).toMatchObject({ status: 204, data: null, error: null });
    const { data, status } = await c.service
      .from("labels")
      .update({ name: "work" })
      .eq("id", 1)
      .select();
    expect(status).toBe(200);
    expect(data).toEqual([{ id: 1, name: "work" }]);
  });

  it("answers Content-Range for updates and counts them", async () => {
    const empty = await rest(t, "/counters?n=gt.58", {
      method: "PATCH",
      headers: { ...json, prefer: "count=exact" },
      body: JSON.stringify({}),
    });
    expect(empty.status).toBe(204);
    expect(empty.headers.get("content-range")).toBe("*/0");
    const upd = await rest(t, `/notes?owner_id=eq.${BOB}&id=lte.4`, {
      method: "PATCH",
      headers: { ...json, prefer: "count=exact" },
      body: JSON.stringify({ rating: 9 }),
    });
    expect(upd.status).toBe(204);
    expect(upd.headers.get("content-range")).toBe("0-1/2");
  });

  it("rolls back an update that .single() finds touched many rows", async () => {
    const { error, status } = await c.service
      .from("notes")
      .update({ rating: 0 })
      .eq("owner_id", ALICE)
      .select()
      .single();
    expect(status).toBe(406);
    expect(error?.code).toBe("PGRST116");
    const after = await c.service.from("notes").select("rating").eq("id", 1).single();
    expect(after.data).toEqual({ rating: 5 });
  });

  it("deletes filtered rows, returning them with .select()", async () => {
    await c.service.from("labels").insert([
      { id: 80, name: "eighty" },
      { id: 81, name: "eighty-one" },
    ]);
    const one = await c.service.from("labels").delete().eq("id", 80);
    expect(one.status).toBe(204);
    const { data, status } = await c.service.from("labels").delete().eq("id", 81).select();
    expect(status).toBe(200);
    expect(data).toEqual([{ id: 81, name: "eighty-one" }]);
  });

  it("refuses UPDATE and DELETE without any filter, as hosted Supabase does", async () => {
    const upd = await rest(t, "/labels", {
      method: "PATCH",
      headers: json,
      body: JSON.stringify({ name: "all" }),
    });
    expect(upd.status).toBe(400);
    expect(await upd.json()).toEqual({
      code: "21000",
      details: null,
      hint: null,
      message: "UPDATE requires a WHERE clause",
    });
    const del = await c.service.from("labels").delete().eq("id", -1).select("id");
    expect(del).toMatchObject({ error: null, data: [], status: 200 });
    const noFilter = await rest(t, "/labels", { method: "DELETE" });
    expect((await noFilter.json()).message).toBe("DELETE requires a WHERE clause");
  });

  it("enforces Prefer: max-affected with handling=strict", async () => {
    await c.service.from("labels").insert([
      { id: 90, name: "n90" },
      { id: 91, name: "n91" },
    ]);
    const res = await rest(t, "/labels?id=in.(90,91)", {
      method: "DELETE",
      headers: { prefer: "handling=strict, max-affected=1" },
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({
      code: "PGRST124",
      details: "The query affects 2 rows",
    });
    const still = await c.service.from("labels").select("id").in("id", [90, 91]);
    expect(still.data).toHaveLength(2);
  });
});
