import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { clients, rest, startRestBackend, type Clients } from "./support/rest-support";
import type { TestBackend } from "./support/local-backend";

let t: TestBackend;
let c: Clients;
beforeAll(async () => {
  t = await startRestBackend();
  c = await clients(t);
});
afterAll(() => t?.stop());

describe("select", () => {
  it("returns every column for * and only the named ones otherwise", async () => {
    const all = await c.service.from("labels").select("*").order("id");
    expect(all.error).toBeNull();
    expect(all.data).toEqual([
      { id: 1, name: "work" },
      { id: 2, name: "home" },
      { id: 3, name: "idea" },
    ]);
    const some = await c.service.from("notes").select("id, title").eq("id", 1);
    expect(some.data).toEqual([{ id: 1, title: "Alice public" }]);
  });

  it("renames with alias:column and casts with ::type", async () => {
    const { data, error } = await c.service
      .from("notes")
      .select("key:id, rating::text, label:title::text")
      .eq("id", 1);
    expect(error).toBeNull();
    expect(data).toEqual([{ key: 1, rating: "5", label: "Alice public" }]);
  });

  it("follows JSON paths with -> and ->>, naming the result after the last key", async () => {
    const { data } = await c.service
      .from("notes")
      .select("id, data->a->>b, inner:data->a, n:data->n")
      .in("id", [1, 2])
      .order("id");
    expect(data).toEqual([
      { id: 1, b: "deep", inner: { b: "deep" }, n: 1 },
      { id: 2, b: "x", inner: { b: "x" }, n: 2 },
    ]);
  });

  it("reads arrays, ranges and nulls as PostgREST renders them", async () => {
    const { data } = await c.service
      .from("notes")
      .select("tags, period, body")
      .eq("id", 3)
      .single();
    expect(data).toEqual({ tags: ["green"], period: null, body: null });
    const r = await c.service.from("notes").select("period").eq("id", 1).single();
    expect(r.data).toEqual({ period: "[1,5)" });
  });

  it("returns one object for .single() and null or the row for .maybeSingle()", async () => {
    const one = await c.service.from("labels").select("name").eq("id", 2).single();
    expect(one).toMatchObject({ data: { name: "home" }, status: 200, error: null });
    const none = await c.service.from("labels").select("name").eq("id", 99).maybeSingle();
    expect(none).toMatchObject({ data: null, error: null, status: 200 });
    const found = await c.service.from("labels").select("name").eq("id", 3).maybeSingle();
    expect(found.data).toEqual({ name: "idea" });
  });

  it("answers .single() with PGRST116 when there are no rows or many", async () => {
    const none = await c.service.from("labels").select().eq("id", 99).single();
    expect(none.status).toBe(406);
    expect(none.error).toMatchObject({
      code: "PGRST116",
      details: "The result contains 0 rows",
      message: "Cannot coerce the result to a single JSON object",
    });
    const many = await c.service.from("labels").select().single();
    expect(many.error).toMatchObject({ code: "PGRST116", details: "The result contains 3 rows" });
    const maybeMany = await c.service.from("labels").select().maybeSingle();
    expect(maybeMany.error).toMatchObject({ code: "PGRST116" });
  });

  it("strips nulls when asked with nulls=stripped", async () => {
    const res = await rest(t, "/notes?select=id,body,rating&id=eq.3", {
      headers: { accept: "application/vnd.pgrst.array+json;nulls=stripped" },
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual([{ id: 3 }]);
  });

  it("answers text/csv for .csv()", async () => {
    const { data, error } = await c.service
      .from("notes")
      .select("id,title,is_public")
      .lte("id", 2)
      .order("id")
      .csv();
    expect(error).toBeNull();
    expect(data).toBe('id,title,is_public\n1,"Alice public",t\n2,"Alice private",f');
  });

  it("selects from another exposed schema with Accept-Profile", async () => {
    const { data, error } = await c.service.schema("extra").from("items").select();
    expect(error).toBeNull();
    expect(data).toEqual([{ id: 1, name: "from extra" }]);
    const res = await rest(t, "/items", { headers: { "accept-profile": "extra" } });
    expect(res.headers.get("content-profile")).toBe("extra");
  });
});

describe("embedding", () => {
  it("embeds many-to-one as an object and one-to-many as an array", async () => {
    const { data, error } = await c.service
      .from("notes")
      .select("id, profiles(username), comments(id, body)")
      .eq("id", 1);
    expect(error).toBeNull();
    expect(data).toEqual([
      {
        id: 1,
        profiles: { username: "alice" },
        comments: [
          { id: 1, body: "Nice note" },
          { id: 2, body: "Thanks" },
        ],
      },
    ]);
  });

  it("embeds many-to-many through the join table", async () => {
    const { data } = await c.service
      .from("notes")
      .select("id, labels(name)")
      .in("id", [1, 2])
      .order("id");
    expect(data).toEqual([
      { id: 1, labels: [{ name: "work" }, { name: "idea" }] },
      { id: 2, labels: [] },
    ]);
    const back = await c.service.from("labels").select("name, notes(id)").eq("id", 2).single();
    expect(back.data).toEqual({ name: "home", notes: [{ id: 3 }] });
  });

  it("embeds one-to-one as an object", async () => {
    const { data } = await c.service
      .from("profiles")
      .select("username, settings(theme)")
      .order("username");
    expect(data).toEqual([
      { username: "alice", settings: { theme: "dark" } },
      { username: "bob", settings: null },
    ]);
  });

  it("renames embeds, nests them and embeds through a foreign-key column name", async () => {
    const { data } = await c.service
      .from("comments")
      .select("id, writer:author_id(username), note:notes(title, owner:profiles(username))")
      .eq("id", 1)
      .single();
    expect(data).toEqual({
      id: 1,
      writer: { username: "bob" },
      note: { title: "Alice public", owner: { username: "alice" } },
    });
  });

  it("disambiguates with !constraint and !column hints", async () => {
    const { data, error } = await c.service
      .from("messages")
      .select(
        "id, from:profiles!messages_sender_id_fkey(username), to:profiles!receiver_id(username)",
      )
      .order("id");
    expect(error).toBeNull();
    expect(data).toEqual([
      { id: 1, from: { username: "alice" }, to: { username: "bob" } },
      { id: 2, from: { username: "bob" }, to: { username: "alice" } },
    ]);
  });

  it("keeps only parents with a matching child with !inner", async () => {
    const { data } = await c.service
      .from("notes")
      .select("id, comments!inner(body)")
      .eq("comments.body", "Thanks");
    expect(data).toEqual([{ id: 1, comments: [{ body: "Thanks" }] }]);
    const plain = await c.service
      .from("notes")
      .select("id, comments(body)")
      .eq("comments.body", "Thanks")
      .order("id");
    expect(plain.data?.map((n) => n.comments.length)).toEqual([1, 0, 0, 0]);
  });

  it("filters, orders and limits embedded resources", async () => {
    const { data } = await c.service
      .from("notes")
      .select("id, comments(id)")
      .eq("id", 1)
      .order("id", { referencedTable: "comments", ascending: false })
      .limit(1, { referencedTable: "comments" });
    expect(data).toEqual([{ id: 1, comments: [{ id: 2 }] }]);
  });

  it("filters parents on whether an embed exists with is.null / not.is.null", async () => {
    const { data } = await c.service
      .from("notes")
      .select("id, comments()")
      .not("comments", "is", null)
      .order("id");
    expect(data).toEqual([{ id: 1 }, { id: 2 }, { id: 4 }]);
    const without = await c.service.from("notes").select("id, comments()").is("comments", null);
    expect(without.data).toEqual([{ id: 3 }]);
  });

  it("orders by a column of a to-one embed", async () => {
    const { data } = await c.service
      .from("comments")
      .select("id, profiles(username)")
      .order("profiles(username)", { ascending: false })
      .order("id");
    expect(data?.map((r) => r.id)).toEqual([1, 4, 2, 3]);
  });

  it("spreads a to-one embed's columns into the parent with ...", async () => {
    const { data, error } = await c.service
      .from("notes")
      .select("id, ...profiles(owner:username)")
      .eq("id", 3);
    expect(error).toBeNull();
    expect(data).toEqual([{ id: 3, owner: "bob" }]);
  });
});
