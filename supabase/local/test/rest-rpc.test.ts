import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ALICE, clients, rest, startRestBackend, type Clients } from "./support/rest-support";
import type { TestBackend } from "./support/local-backend";

let t: TestBackend;
let c: Clients;
beforeAll(async () => {
  t = await startRestBackend();
  c = await clients(t);
});
afterAll(() => t?.stop());

describe("rpc", () => {
  it("calls a function with named arguments by POST and by GET", async () => {
    expect(await c.anon.rpc("add", { a: 2, b: 3 })).toMatchObject({
      data: 5,
      status: 200,
      error: null,
    });
    expect((await c.anon.rpc("add", { a: 2, b: 40 }, { get: true })).data).toBe(42);
    const res = await rest(t, "/rpc/add?a=1&b=1");
    expect(res.headers.get("content-type")).toBe("application/json; charset=utf-8");
    expect(await res.text()).toBe("2");
  });

  it("uses parameter defaults and returns scalars, JSON and sets", async () => {
    expect((await c.anon.rpc("hello")).data).toBe("hello world");
    expect((await c.anon.rpc("hello", { name: "you" })).data).toBe("hello you");
    expect((await c.anon.rpc("echo", { payload: { nested: [1, { x: null }] } })).data).toEqual({
      nested: [1, { x: null }],
    });
    expect((await c.anon.rpc("numbers", { up_to: 4 })).data).toEqual([1, 2, 3, 4]);
  });

  it("filters, orders, selects and limits set-returning functions", async () => {
    const { data, error } = await c.service
      .rpc("notes_by_rating", { min_rating: 1 })
      .select("id, title")
      .neq("id", 2)
      .order("id", { ascending: false })
      .limit(2);
    expect(error).toBeNull();
    expect(data).toEqual([
      { id: 4, title: "Bob private" },
      { id: 1, title: "Alice public" },
    ]);
    const embedded = await c.service
      .rpc("notes_by_rating", { min_rating: 5 })
      .select("id, profiles(username)");
    expect(embedded.data).toEqual([{ id: 1, profiles: { username: "alice" } }]);
    const counted = await c.service.rpc("numbers", { up_to: 10 }, { count: "exact" }).range(0, 2);
    expect(counted).toMatchObject({ count: 10, status: 206, data: [1, 2, 3] });
  });

  it("applies RLS inside functions that run as the caller", async () => {
    expect((await c.anon.rpc("notes_by_rating", { min_rating: 0 }).select("id")).data).toEqual([
      { id: 1 },
    ]);
    expect((await c.alice.rpc("notes_by_rating", { min_rating: 0 }).select("id")).data).toEqual([
      { id: 1 },
      { id: 2 },
    ]);
    expect((await c.alice.rpc("whoami")).data).toBe(ALICE);
    expect((await c.anon.rpc("whoami")).data).toBe("anon");
  });

  it("returns a single composite row as an object and TABLE results as rows", async () => {
    const { data, status } = await c.alice
      .rpc("add_note", { title: "from rpc" })
      .select("title, owner_id");
    expect(status).toBe(200);
    expect(data).toEqual({ title: "from rpc", owner_id: ALICE });
    const stats = await c.service.rpc("note_stats");
    expect(stats.data).toEqual([{ total: 5, public_count: 2 }]);
  });

  it("answers 204 for void functions", async () => {
    expect(await c.anon.rpc("nothing")).toMatchObject({ status: 204, data: null, error: null });
  });

  it("runs GET calls read-only: a volatile write by GET answers 405 with 25006", async () => {
    const { error, status } = await c.alice.rpc("add_note", { title: "by get" }, { get: true });
    expect(status).toBe(405);
    expect(error).toMatchObject({
      code: "25006",
      message: "cannot execute INSERT in a read-only transaction",
    });
  });

  it("turns RAISE into 400 P0001 with its hint, and RAISE SQLSTATE 'PGRST' into the status it names", async () => {
    const { error, status } = await c.anon.rpc("fail", { message: "no way" });
    expect(status).toBe(400);
    expect(error).toEqual({ code: "P0001", details: null, hint: "from fail()", message: "no way" });
    const res = await rest(t, "/rpc/teapot", { method: "POST" });
    expect(res.status).toBe(418);
    expect(res.headers.get("x-kettle")).toBe("on");
    expect(await res.json()).toEqual({
      code: "TEA01",
      details: "short and stout",
      hint: null,
      message: "I am a teapot",
    });
  });

  it("answers PGRST202 for an unknown function or unknown arguments", async () => {
    const { error, status } = await c.anon.rpc("add", { a: 1, c: 2 });
    expect(status).toBe(404);
    expect(error).toMatchObject({
      code: "PGRST202",
      message: "Could not find the function public.add(a, c) in the schema cache",
      details:
        "Searched for the function public.add with parameters a, c or with a single unnamed json/jsonb parameter, but no matches were found in the schema cache.",
    });
    const unknown = await c.anon.rpc("ad", {});
    expect(unknown.error).toMatchObject({
      code: "PGRST202",
      message: "Could not find the function public.ad without parameters in the schema cache",
      hint: "Perhaps you meant to call the function public.add",
    });
  });

  it("answers PGRST101 for other methods", async () => {
    const res = await rest(t, "/rpc/add", { method: "PATCH" });
    expect(res.status).toBe(405);
    expect(await res.json()).toMatchObject({
      code: "PGRST101",
      message: "Cannot use the PATCH method on RPC",
    });
  });
});
