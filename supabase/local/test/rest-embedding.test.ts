import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { client, rest, startFidelityBackend } from "./support/rest-support";
import type { TestBackend } from "./support/local-backend";

let t: TestBackend;
beforeAll(async () => {
  t = await startFidelityBackend();
});
afterAll(() => t?.stop());

describe("relationships through views", () => {
  it("embeds a view's parent and a view's children as the table's", async () => {
    const anon = client(t);
    const up = await anon.from("book_list").select("title, authors(name)").eq("id", 4);
    expect(up).toMatchObject({
      data: [{ title: "Kindred", authors: { name: "Octavia" } }],
      error: null,
    });
    const down = await anon
      .from("authors")
      .select("name, book_list(title)")
      .eq("id", 2)
      .order("id", { referencedTable: "book_list" });
    expect(down.data).toEqual([
      { name: "Octavia", book_list: [{ title: "Kindred" }, { title: "Parable of the Sower" }] },
    ]);
  });

  it("follows keys of an unexposed table through the exposed view over it", async () => {
    const { data, error } = await client(t)
      .from("books")
      .select("id, reviews(stars)")
      .in("id", [1, 2])
      .order("id")
      .order("id", { referencedTable: "reviews" });
    expect(error).toBeNull();
    expect(data).toEqual([
      { id: 1, reviews: [{ stars: 5 }, { stars: 4 }] },
      { id: 2, reviews: [] },
    ]);
    const back = await client(t).from("reviews").select("stars, books(title)").eq("id", 3);
    expect(back.data).toEqual([{ stars: 5, books: { title: "Kindred" } }]);
  });
});

describe("relationships through views that rename their key columns", () => {
  it("embeds both ways under the view's own column names, with column hints", async () => {
    const anon = client(t);
    const up = await anon.from("catalogue").select("heading, authors(name)").eq("book_no", 4);
    expect(up).toMatchObject({
      data: [{ heading: "Kindred", authors: { name: "Octavia" } }],
      error: null,
    });
    const down = await anon
      .from("authors")
      .select("name, catalogue!writer(heading)")
      .eq("id", 2)
      .order("book_no", { referencedTable: "catalogue" });
    expect(down.error).toBeNull();
    expect(down.data).toEqual([
      { name: "Octavia", catalogue: [{ heading: "Kindred" }, { heading: "Parable of the Sower" }] },
    ]);
    const byColumn = await anon.from("catalogue").select("heading, writer(name)").eq("book_no", 1);
    expect(byColumn.data).toEqual([{ heading: "The Dispossessed", writer: { name: "Ursula" } }]);
  });

  it("goes many-to-many through a junction that is a view, both ways", async () => {
    const anon = client(t);
    const books = await anon
      .from("books")
      .select("id, genres(name)")
      .in("id", [1, 2, 4])
      .order("id")
      .order("id", { referencedTable: "genres" });
    expect(books.error).toBeNull();
    expect(books.data).toEqual([
      { id: 1, genres: [{ name: "Science fiction" }] },
      { id: 2, genres: [] },
      { id: 4, genres: [{ name: "Science fiction" }, { name: "Fantasy" }] },
    ]);
    const genres = await anon
      .from("genres")
      .select("name, books!book_genres(id)")
      .order("id")
      .order("id", { referencedTable: "books" });
    expect(genres.error).toBeNull();
    expect(genres.data).toEqual([
      { name: "Science fiction", books: [{ id: 1 }, { id: 4 }] },
      { name: "Fantasy", books: [{ id: 3 }, { id: 4 }] },
      { name: "Unused", books: [] },
    ]);
    const filtered = await anon.from("genres").select("name, books!inner(id)").eq("books.id", 3);
    expect(filtered.data).toEqual([{ name: "Fantasy", books: [{ id: 3 }] }]);
  });
});

describe("spreads", () => {
  it("spreads a to-one relationship's columns into the parent", async () => {
    const { data } = await client(t)
      .from("books")
      .select("title, ...authors(author:name)")
      .eq("id", 1);
    expect(data).toEqual([{ title: "The Dispossessed", author: "Ursula" }]);
  });

  it("spreads a to-many relationship's columns as arrays, in the embed's order", async () => {
    const { data, error } = await client(t)
      .from("authors")
      .select("name, ...books(titles:title, year)")
      .in("id", [2, 3])
      .order("id")
      .order("year", { referencedTable: "books", ascending: false });
    expect(error).toBeNull();
    expect(data).toEqual([
      { name: "Octavia", titles: ["Parable of the Sower", "Kindred"], year: [1993, 1979] },
      { name: "Nobody", titles: [], year: [] },
    ]);
  });
});

describe("embedding the same relationship twice", () => {
  it("answers Postgres' duplicate alias error unless one is aliased", async () => {
    const res = await rest(t, "/books?select=id,authors(name),authors(id)");
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({
      code: "42712",
      details: null,
      hint: null,
      message: 'table name "books_authors_1" specified more than once',
    });
    const { data, error } = await client(t)
      .from("books")
      .select("id, authors(name), writer:authors(id)")
      .eq("id", 4);
    expect(error).toBeNull();
    expect(data).toEqual([{ id: 4, authors: { name: "Octavia" }, writer: { id: 2 } }]);
  });
});

describe("pathological selects", () => {
  const chain = (depth: number) => {
    let select = "id";
    for (let i = 0; i < depth; i++)
      select = `${(depth - 1 - i) % 2 ? "first_book" : "writer"}(${select})`;
    return select;
  };

  it("answers Postgres' stack depth error for absurd nesting and keeps serving", async () => {
    const deep = await rest(t, `/books?select=${chain(1000)}&id=eq.1`);
    expect(deep.status).toBe(500);
    expect(await deep.json()).toMatchObject({
      code: "54001",
      message: "stack depth limit exceeded",
    });
    const ok = await rest(t, `/books?select=${chain(4)}&id=eq.1`);
    expect(await ok.json()).toEqual([
      { writer: { first_book: { writer: { first_book: { id: 3 } } } } },
    ]);
  });

  it("answers PGRST100 for unbalanced or malformed select trees", async () => {
    for (const select of ["((((", "books(id", "id)", "a:b:c", "books(".repeat(2000)]) {
      const res = await rest(t, `/authors?select=${encodeURIComponent(select)}`);
      expect(res.status).toBe(400);
      expect((await res.json()).code).toBe("PGRST100");
    }
  });
});
