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

describe("order", () => {
  it("orders ascending, descending and by several columns", async () => {
    const desc = await c.service.from("notes").select("id").order("id", { ascending: false });
    expect(desc.data?.map((r) => r.id)).toEqual([4, 3, 2, 1]);
    const multi = await c.service
      .from("notes")
      .select("id")
      .order("is_public")
      .order("rating", { ascending: false });
    // Descending puts nulls first unless told otherwise, as Postgres does.
    expect(multi.data?.map((r) => r.id)).toEqual([2, 4, 3, 1]);
  });

  it("places nulls first or last on request", async () => {
    const first = await c.service.from("notes").select("id").order("rating", { nullsFirst: true });
    expect(first.data?.map((r) => r.id)).toEqual([3, 4, 2, 1]);
    const last = await c.service
      .from("notes")
      .select("id")
      .order("rating", { ascending: false, nullsFirst: false });
    expect(last.data?.map((r) => r.id)).toEqual([1, 2, 4, 3]);
    const res = await rest(t, "/notes?select=id&order=rating.desc.nullslast,id");
    expect(((await res.json()) as { id: number }[]).map((r) => r.id)).toEqual([1, 2, 4, 3]);
  });

  it("orders by a JSON path", async () => {
    const res = await rest(t, "/notes?select=id&order=data->>n.desc.nullslast&data=not.is.null");
    expect(((await res.json()) as { id: number }[]).map((r) => r.id)).toEqual([4, 2, 1]);
  });
});

describe("limit, offset and Range", () => {
  it("pages with limit and offset (supabase-js .range())", async () => {
    const { data, status } = await c.service.from("counters").select("n").order("n").range(10, 12);
    expect(status).toBe(200);
    expect(data).toEqual([{ n: 11 }, { n: 12 }, { n: 13 }]);
    const limited = await c.service.from("counters").select("n").order("n").limit(2);
    expect(limited.data).toEqual([{ n: 1 }, { n: 2 }]);
  });

  it("honours the Range header and answers Content-Range", async () => {
    const res = await rest(t, "/counters?select=n&order=n", {
      headers: { range: "5-7", "range-unit": "items" },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-range")).toBe("5-7/*");
    expect(await res.json()).toEqual([{ n: 6 }, { n: 7 }, { n: 8 }]);
  });

  it("caps every read at max_rows", async () => {
    const res = await rest(t, "/counters?select=n");
    expect(((await res.json()) as unknown[]).length).toBe(50);
    expect(res.headers.get("content-range")).toBe("0-49/*");
  });

  it("answers 416 PGRST103 for a backwards range or a negative limit", async () => {
    const backwards = await rest(t, "/counters", { headers: { range: "5-2" } });
    expect(backwards.status).toBe(416);
    expect(await backwards.json()).toEqual({
      code: "PGRST103",
      details:
        "The lower boundary must be lower than or equal to the upper boundary in the Range header.",
      hint: null,
      message: "Requested range not satisfiable",
    });
    const negative = await rest(t, "/counters?limit=-1");
    expect(negative.status).toBe(416);
    expect((await negative.json()).details).toBe("Limit should be greater than or equal to zero.");
  });
});

describe("Prefer: count", () => {
  it("counts exactly and answers 206 when the page is part of the total", async () => {
    const { count, data, status } = await c.service
      .from("counters")
      .select("n", { count: "exact" })
      .order("n")
      .range(0, 9);
    expect(count).toBe(60);
    expect(status).toBe(206);
    expect(data).toHaveLength(10);
    const res = await rest(t, "/counters?select=n&limit=10", {
      headers: { prefer: "count=exact" },
    });
    expect(res.headers.get("content-range")).toBe("0-9/60");
    expect(res.headers.get("preference-applied")).toBe("count=exact");
  });

  it("answers 200 when the page holds the whole total", async () => {
    const { count, status } = await c.service.from("labels").select("*", { count: "exact" });
    expect(count).toBe(3);
    expect(status).toBe(200);
  });

  it("counts only with HEAD (supabase-js head: true) and respects filters", async () => {
    const { count, data, status } = await c.service
      .from("counters")
      .select("*", { count: "exact", head: true })
      .gt("n", 55);
    expect({ count, data, status }).toEqual({ count: 5, data: null, status: 200 });
  });

  it("answers */0 for an empty result and 416 for an offset past the end", async () => {
    const empty = await rest(t, "/counters?n=gt.1000", { headers: { prefer: "count=exact" } });
    expect(empty.status).toBe(200);
    expect(empty.headers.get("content-range")).toBe("*/0");
    const past = await rest(t, "/counters?offset=100", { headers: { prefer: "count=exact" } });
    expect(past.status).toBe(416);
    expect(await past.json()).toMatchObject({
      code: "PGRST103",
      details: "An offset of 100 was requested, but there are only 60 rows.",
    });
  });

  it("gives a number for planned and estimated counts", async () => {
    const planned = await c.service.from("counters").select("n", { count: "planned" }).limit(1);
    expect(typeof planned.count).toBe("number");
    const estimated = await c.service.from("labels").select("id", { count: "estimated" });
    expect(estimated.count).toBe(3);
    const beyond = await c.service.from("counters").select("n", { count: "estimated" }).limit(1);
    expect(beyond.count).toBeGreaterThanOrEqual(51);
  });

  it("counts only what the caller may see", async () => {
    const { count } = await c.anon.from("notes").select("*", { count: "exact", head: true });
    expect(count).toBe(2);
  });
});
