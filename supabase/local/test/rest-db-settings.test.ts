import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { client, rest, startFidelityBackend } from "./support/rest-support";
import { LOCAL_SECRET_KEY, type TestBackend } from "./support/local-backend";

let t: TestBackend;
beforeAll(async () => {
  t = await startFidelityBackend();
});
afterAll(() => t?.stop());

/** PostgREST's in-database configuration, as a project sets it from the SQL editor. */
async function setting(name: string, value: boolean): Promise<void> {
  const res = await fetch(`${t.url}/pg/query`, {
    method: "POST",
    headers: { "content-type": "application/json", apikey: LOCAL_SECRET_KEY },
    body: JSON.stringify({
      query: `alter role authenticator set pgrst.${name} = '${value}'; notify pgrst, 'reload config'`,
    }),
  });
  expect(res.status).toBe(200);
}

describe("aggregate functions", () => {
  it("answers PGRST123 until pgrst.db_aggregates_enabled is set", async () => {
    const { error, status } = await client(t).from("books").select("count()");
    expect(status).toBe(400);
    expect(error).toEqual({
      code: "PGRST123",
      message: "Use of aggregate functions is not allowed",
      details: null,
      hint: null,
    });
  });

  it("counts, sums and averages, grouped by the other selected columns", async () => {
    await setting("db_aggregates_enabled", true);
    const anon = client(t);
    expect((await anon.from("books").select("count()")).data).toEqual([{ count: 5 }]);
    const grouped = await anon
      .from("books")
      .select("author_id, count(), first:year.min(), year.max(), avg_year:year.avg()::int")
      .order("author_id");
    expect(grouped.error).toBeNull();
    expect(grouped.data).toEqual([
      { author_id: 1, count: 3, first: 1968, max: 1974, avg_year: 1971 },
      { author_id: 2, count: 2, first: 1979, max: 1993, avg_year: 1986 },
    ]);
    const summed = await anon.from("books").select("total:year.sum()").gte("year", 1979);
    expect(summed.data).toEqual([{ total: 3972 }]);
  });

  it("aggregates inside an embedding and groups by a to-one embedding", async () => {
    const anon = client(t);
    const inside = await anon
      .from("authors")
      .select("name, books(count(), year.max())")
      .in("id", [1, 3])
      .order("id");
    expect(inside.error).toBeNull();
    expect(inside.data).toEqual([
      { name: "Ursula", books: [{ count: 3, max: 1974 }] },
      // An aggregate with nothing to group still makes one row, as in PostgREST's SQL.
      { name: "Nobody", books: [{ count: 0, max: null }] },
    ]);
    const byAuthor = await anon.from("books").select("authors(name), count()");
    expect(byAuthor.error).toBeNull();
    expect(byAuthor.data).toHaveLength(2);
    expect(byAuthor.data).toEqual(
      expect.arrayContaining([
        { authors: { name: "Ursula" }, count: 3 },
        { authors: { name: "Octavia" }, count: 2 },
      ]),
    );
  });
});

describe("aggregate functions in spreads", () => {
  it("groups by a to-one spread's columns", async () => {
    const { data, error } = await client(t).from("books").select("...authors(name), count()");
    expect(error).toBeNull();
    expect(data).toHaveLength(2);
    expect(data).toEqual(
      expect.arrayContaining([
        { name: "Ursula", count: 3 },
        { name: "Octavia", count: 2 },
      ]),
    );
  });

  it("hoists aggregates inside to-one spreads to the parent, nested ones too", async () => {
    // PostgREST 13's hoistSpreadAggFunctions: the aggregate runs over the parent's rows, grouped
    // by the parent's other columns, not inside the one related row.
    const { data, error } = await client(t)
      .from("reviews")
      .select(
        "stars, ...book_list(first:id.min(), id.max(), count()), ...books(...authors(writers:name.count()))",
      )
      .order("stars");
    expect(error).toBeNull();
    expect(data).toEqual([
      { stars: 4, first: 1, max: 1, count: 1, writers: 1 },
      { stars: 5, first: 1, max: 4, count: 2, writers: 2 },
    ]);
  });
});

describe("execution plans", () => {
  const plan = (accept: string) => rest(t, "/books?select=title&id=eq.1", { headers: { accept } });

  it("answers PGRST107 until pgrst.db_plan_enabled is set", async () => {
    const res = await plan("application/vnd.pgrst.plan+json");
    expect(res.status).toBe(406);
    expect(await res.json()).toMatchObject({
      code: "PGRST107",
      message: "None of these media types are available: application/vnd.pgrst.plan+json",
    });
  });

  it("answers PGRST107 on writes and calls too until it is set, and writes nothing", async () => {
    const asked = { accept: "application/vnd.pgrst.plan", "content-type": "application/json" };
    for (const [method, path] of [
      ["POST", "/books"],
      ["PATCH", "/books?id=eq.1"],
      ["DELETE", "/books?id=eq.1"],
      ["POST", "/rpc/book_count"],
    ]) {
      const res = await rest(t, path, {
        method,
        headers: asked,
        body: JSON.stringify(method === "POST" && path === "/books" ? { id: 90 } : {}),
      });
      expect(res.status, `${method} ${path}`).toBe(406);
      expect(await res.json()).toMatchObject({ code: "PGRST107" });
    }
  });

  it("returns the plan as JSON or text, with the options asked for", async () => {
    await setting("db_plan_enabled", true);
    const json = await plan('application/vnd.pgrst.plan+json; for="application/json"');
    expect(json.status).toBe(200);
    expect(json.headers.get("content-type")).toBe(
      'application/vnd.pgrst.plan+json; for="application/json"; charset=utf-8',
    );
    const [doc] = (await json.json()) as { Plan: { "Node Type": string } }[];
    expect(doc.Plan["Node Type"]).toBe("Aggregate");
    const analyzed = await plan("application/vnd.pgrst.plan+json; options=analyze|verbose");
    expect(analyzed.headers.get("content-type")).toBe(
      'application/vnd.pgrst.plan+json; for="application/json"; options=analyze|verbose; charset=utf-8',
    );
    const [run] = (await analyzed.json()) as {
      Plan: { "Actual Rows": number; Output: string[] };
    }[];
    expect(run.Plan["Actual Rows"]).toBe(1);
    expect(run.Plan.Output.length).toBeGreaterThan(0);
    const text = await plan("application/vnd.pgrst.plan");
    expect(text.headers.get("content-type")).toBe(
      'application/vnd.pgrst.plan+text; for="application/json"; charset=utf-8',
    );
    expect(await text.text()).toMatch(/^Aggregate {2}\(cost=/);
  });

  it("explains inserts, updates, deletes and calls instead of running them", async () => {
    const service = { apikey: LOCAL_SECRET_KEY, "content-type": "application/json" };
    const write = (method: string, path: string, accept: string, body?: unknown, prefer = "") =>
      rest(t, path, {
        method,
        headers: { ...service, accept, prefer },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
    const json = 'application/vnd.pgrst.plan+json; for="application/json"';
    const inserted = await write("POST", "/books", json, {
      id: 90,
      author_id: 3,
      title: "Planned",
      year: 2000,
    });
    expect(inserted.status).toBe(200);
    expect(inserted.headers.get("content-type")).toBe(`${json}; charset=utf-8`);
    expect(JSON.stringify(await inserted.json())).toContain('"Operation":"Insert"');
    const updated = await write("PATCH", "/books?id=eq.1", "application/vnd.pgrst.plan", {
      title: "Planned",
    });
    expect(updated.status).toBe(200);
    expect(updated.headers.get("content-type")).toBe(
      'application/vnd.pgrst.plan+text; for="application/json"; charset=utf-8',
    );
    expect(await updated.text()).toMatch(/Update on (public\.)?books/);
    const deleted = await write("DELETE", "/books?id=eq.5", "application/vnd.pgrst.plan");
    expect(await deleted.text()).toMatch(/Delete on (public\.)?books/);
    // Without analyze nothing ran; with analyze the write runs and tx=rollback undoes it.
    const analyzed = await write(
      "DELETE",
      "/books?id=eq.5",
      "application/vnd.pgrst.plan+json; options=analyze",
      undefined,
      "tx=rollback",
    );
    const [run] = (await analyzed.json()) as { Plan: { "Actual Rows": number } }[];
    expect(run.Plan["Actual Rows"]).toBe(1);
    const books = client(t).from("books").select("id, title").in("id", [1, 5, 90]).order("id");
    expect((await books).data).toEqual([
      { id: 1, title: "The Dispossessed" },
      { id: 5, title: "Parable of the Sower" },
    ]);
    const called = await write("POST", "/rpc/retitle", "application/vnd.pgrst.plan", {
      new_title: "Planned",
    });
    expect(called.status).toBe(200);
    expect(await called.text()).toMatch(/Function Scan on (public\.)?retitle/);
  });

  it("explains a function call too", async () => {
    const res = await rest(t, "/rpc/book_years", {
      headers: { accept: "application/vnd.pgrst.plan+json" },
    });
    expect(res.status).toBe(200);
    expect(((await res.json()) as { Plan: unknown }[])[0]).toHaveProperty("Plan");
  });
});
