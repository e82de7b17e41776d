import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ALICE, client, rest, startFidelityBackend, userToken } from "./support/rest-support";
import { LOCAL_SECRET_KEY, type TestBackend } from "./support/local-backend";

let t: TestBackend;
beforeAll(async () => {
  t = await startFidelityBackend();
});
afterAll(() => t?.stop());

describe("computed relationships", () => {
  it("embeds a function returning a set as a to-many relationship", async () => {
    const { data, error } = await client(t)
      .from("authors")
      .select("name, recent_books(title)")
      .order("id");
    expect(error).toBeNull();
    expect(data).toEqual([
      {
        name: "Ursula",
        recent_books: [{ title: "The Dispossessed" }, { title: "The Lathe of Heaven" }],
      },
      { name: "Octavia", recent_books: [{ title: "Kindred" }, { title: "Parable of the Sower" }] },
      { name: "Nobody", recent_books: [] },
    ]);
  });

  it("embeds `rows 1` and single-row functions as to-one relationships", async () => {
    const books = await client(t).from("books").select("title, writer(name)").eq("id", 4);
    expect(books.data).toEqual([{ title: "Kindred", writer: { name: "Octavia" } }]);
    const first = await client(t)
      .from("authors")
      .select("id, first_book(title)")
      .in("id", [1, 2])
      .order("id");
    expect(first.data).toEqual([
      { id: 1, first_book: { title: "A Wizard of Earthsea" } },
      { id: 2, first_book: { title: "Kindred" } },
    ]);
  });

  it("filters, orders, limits and aliases inside the embedding", async () => {
    const { data, error } = await client(t)
      .from("authors")
      .select("name, latest:recent_books(title, year)")
      .eq("id", 1)
      .gt("latest.year", 1971)
      .order("year", { referencedTable: "latest", ascending: false })
      .limit(1, { referencedTable: "latest" });
    expect(error).toBeNull();
    expect(data).toEqual([{ name: "Ursula", latest: [{ title: "The Dispossessed", year: 1974 }] }]);
  });

  it("filters the parent with !inner and orders by a to-one computed relationship", async () => {
    const inner = await client(t)
      .from("authors")
      .select("name, recent_books!inner(title)")
      .eq("recent_books.title", "Kindred");
    expect(inner.data).toEqual([{ name: "Octavia", recent_books: [{ title: "Kindred" }] }]);
    const ordered = await client(t)
      .from("books")
      .select("id, writer(name)")
      .in("id", [1, 4])
      .order("writer(name)");
    expect(ordered.data).toEqual([
      { id: 4, writer: { name: "Octavia" } },
      { id: 1, writer: { name: "Ursula" } },
    ]);
  });

  it("spreads a to-one computed relationship and nests embeds below it", async () => {
    const { data, error } = await client(t)
      .from("books")
      .select("title, ...writer(author:name, recent_books(id))")
      .eq("id", 5);
    expect(error).toBeNull();
    expect(data).toEqual([
      { title: "Parable of the Sower", author: "Octavia", recent_books: [{ id: 4 }, { id: 5 }] },
    ]);
  });

  it("keeps RLS on the embedded rows for every caller", async () => {
    const select = "id, author_drafts(title)";
    const anon = await client(t).from("authors").select(select).in("id", [1, 2]).order("id");
    expect(anon.data).toEqual([
      { id: 1, author_drafts: [] },
      { id: 2, author_drafts: [] },
    ]);
    const alice = client(t, undefined, await userToken(t, ALICE));
    const own = await alice.from("authors").select(select).in("id", [1, 2]).order("id");
    expect(own.data).toEqual([
      { id: 1, author_drafts: [{ title: "Ursula draft" }] },
      { id: 2, author_drafts: [] },
    ]);
    const service = client(t, LOCAL_SECRET_KEY);
    const all = await service.from("authors").select(select).in("id", [1, 2]).order("id");
    expect(all.data).toEqual([
      { id: 1, author_drafts: [{ title: "Ursula draft" }] },
      { id: 2, author_drafts: [{ title: "Octavia draft" }] },
    ]);
  });

  it("embeds below an RPC result and a write's representation", async () => {
    const service = client(t, LOCAL_SECRET_KEY);
    const res = await rest(t, "/rpc/retitle?select=title,writer(name)&order=id", {
      method: "POST",
      headers: { "content-type": "application/json", prefer: "tx=rollback" },
      body: JSON.stringify({ new_title: "Renamed" }),
    });
    expect(res.status).toBe(200);
    expect(res.headers.get("preference-applied")).toBe("tx=rollback");
    expect(await res.json()).toEqual(
      Array.from({ length: 3 }, () => ({ title: "Renamed", writer: { name: "Ursula" } })),
    );
    const { data } = await service.from("books").select("title").eq("id", 1).single();
    expect(data).toEqual({ title: "The Dispossessed" });
  });

  it("is not listed as a callable function", async () => {
    const { error, status } = await client(t).rpc("recent_books", {});
    expect(status).toBe(404);
    expect(error?.code).toBe("PGRST202");
  });
});
