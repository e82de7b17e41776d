import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { client, rest, startFidelityBackend } from "./support/rest-support";
import type { TestBackend } from "./support/local-backend";

let t: TestBackend;
beforeAll(async () => {
  t = await startFidelityBackend();
});
afterAll(() => t?.stop());

const post = (fn: string, body: BodyInit, type: string, headers: Record<string, string> = {}) =>
  rest(t, `/rpc/${fn}`, { method: "POST", body, headers: { "content-type": type, ...headers } });

describe("function resolution", () => {
  it("chooses among overloads by the argument names, by POST and by GET", async () => {
    const anon = client(t);
    expect((await anon.rpc("pick")).data).toBe("none");
    expect((await anon.rpc("pick", { a: 7 })).data).toBe("a=7");
    expect((await anon.rpc("pick", { a: "x", b: "y" })).data).toBe("a,b=xy");
    expect((await anon.rpc("pick", { a: 3 }, { get: true })).data).toBe("a=3");
    expect((await anon.rpc("pick", { a: "p", b: "q" }, { get: true })).data).toBe("a,b=pq");
  });

  it("answers PGRST203 with the candidates in definition order when names cannot decide", async () => {
    const { error, status } = await client(t).rpc("twin", { x: 1 });
    expect(status).toBe(300);
    expect(error).toEqual({
      code: "PGRST203",
      message:
        "Could not choose the best candidate function between: public.twin(x => integer), public.twin(x => text)",
      details: null,
      hint: "Try renaming the parameters or the function itself in the database so function overloading can be resolved",
    });
  });

  it("answers PGRST202 with sorted argument names and the closest overload as hint", async () => {
    const { error, status } = await client(t).rpc("pick", { b: "1", c: "2" });
    expect(status).toBe(404);
    expect(error).toEqual({
      code: "PGRST202",
      message: "Could not find the function public.pick(b, c) in the schema cache",
      details:
        "Searched for the function public.pick with parameters b, c or with a single unnamed json/jsonb parameter, but no matches were found in the schema cache.",
      hint: "Perhaps you meant to call the function public.pick(a, b)",
    });
    const get = await client(t).rpc("pick", { zz: 1 }, { get: true });
    expect(get.error).toMatchObject({
      message: "Could not find the function public.pick(zz) in the schema cache",
      details:
        "Searched for the function public.pick with parameter zz, but no matches were found in the schema cache.",
    });
  });

  it("gives a JSON body whole to a function with one unnamed json parameter", async () => {
    const anon = client(t);
    expect((await anon.rpc("whole_json", { any: ["shape", 1] })).data).toEqual({
      any: ["shape", 1],
    });
    const array = await post("whole_json", '[{"a":1},{"a":2}]', "application/json");
    expect(await array.json()).toEqual([{ a: 1 }, { a: 2 }]);
    // PostgREST's payloadAttributes: an array must hold objects with the same keys.
    const mixed = await post("whole_json", "[1,2,3]", "application/json");
    expect(mixed.status).toBe(400);
    expect(await mixed.json()).toEqual({
      code: "PGRST102",
      message: "All object keys must match",
      details: null,
      hint: null,
    });
  });

  it("gives text, XML and binary bodies whole to text, xml and bytea parameters", async () => {
    const text = await post("whole_text", "plain words", "text/plain");
    expect(text.status).toBe(200);
    expect(await text.json()).toBe("PLAIN WORDS");
    const xml = await post("whole_xml", "<a>1</a>", "text/xml");
    expect(await xml.json()).toBe("<a>1</a>");
    const bytes = await post(
      "whole_bytes",
      new Uint8Array([0, 1, 2, 255]),
      "application/octet-stream",
    );
    expect(await bytes.json()).toBe(4);
  });

  it("answers PGRST202 with a null hint for a raw body no function takes", async () => {
    const res = await post("pick", "words", "text/plain");
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({
      code: "PGRST202",
      message: "Could not find the function public.pick in the schema cache",
      details:
        "Searched for the function public.pick with a single unnamed text parameter, but no matches were found in the schema cache.",
      hint: null,
    });
    const bytes = await post("whole_text", new Uint8Array([1]), "application/octet-stream");
    expect((await bytes.json()).details).toBe(
      "Searched for the function public.whole_text with a single unnamed bytea parameter, but no matches were found in the schema cache.",
    );
  });

  it("takes form-encoded arguments by name", async () => {
    const res = await post("pick", "a=one&b=two", "application/x-www-form-urlencoded");
    expect(await res.json()).toBe("a,b=onetwo");
  });
});

describe("polymorphic functions", () => {
  it("answer Postgres' pseudo-type error with 400, as PostgREST's json_to_record call does", async () => {
    // PostgREST 13 reads named arguments with json_to_record(...) AS _(x <declared type>), and a
    // column cannot be declared anyelement, so the call fails in Postgres before the function runs.
    const { error, status } = await client(t).rpc("echo_any", { x: 1 });
    expect(status).toBe(400);
    expect(error).toMatchObject({
      code: "42P16",
      message: 'column "x" has pseudo-type anyelement',
    });
  });
});

describe("counts, transactions and limits on calls", () => {
  it("counts a call's whole result for exact and estimated, and names no total for planned", async () => {
    // PostgREST 13 counts calls only for exact and estimated (shouldCount) and never asks the
    // planner for them, so estimated is the exact total and planned leaves it unknown.
    const totals = { exact: 5, estimated: 5, planned: NaN };
    for (const count of ["exact", "planned", "estimated"] as const) {
      const res = await client(t).rpc("book_years", {}, { count }).limit(2);
      expect(res.error).toBeNull();
      expect(res.data).toHaveLength(2);
      expect(res.count, count).toBe(totals[count]);
      const raw = await rest(t, "/rpc/book_years?limit=2", {
        headers: { prefer: `count=${count}` },
      });
      expect(raw.headers.get("content-range")).toBe(`0-1/${count === "planned" ? "*" : 5}`);
      expect(raw.headers.get("preference-applied")).toBe(`count=${count}`);
    }
    const scalar = await rest(t, "/rpc/book_count", { headers: { prefer: "count=exact" } });
    expect(scalar.headers.get("content-range")).toBe("0-0/1");
    const head = await rest(t, "/rpc/book_years", {
      method: "HEAD",
      headers: { prefer: "count=exact" },
    });
    expect(head.headers.get("content-range")).toBe("0-4/5");
    expect(head.headers.get("preference-applied")).toBe("count=exact");
  });

  it("gives a write's total for exact and estimated only, as PostgREST does", async () => {
    const write = (method: string, path: string, count: string, body?: unknown) =>
      rest(t, path, {
        method,
        headers: { "content-type": "application/json", prefer: `count=${count}, tx=rollback` },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
    const book = { id: 91, author_id: 3, title: "Counted", year: 2001 };
    const cases: [string, string, unknown, string, string, string][] = [
      ["POST", "/books", book, "*/1", "*/1", "*/*"],
      ["PATCH", "/books?id=eq.1", { title: "Counted" }, "0-0/1", "0-0/1", "0-0/*"],
      ["DELETE", "/books?id=eq.5", undefined, "*/1", "*/1", "*/*"],
    ];
    for (const [method, path, body, exact, estimated, planned] of cases) {
      const ex = await write(method, path, "exact", body);
      expect(ex.status, `${method} ${await ex.clone().text()}`).toBeLessThan(300);
      expect(ex.headers.get("content-range")).toBe(exact);
      const est = await write(method, path, "estimated", body);
      expect(est.headers.get("content-range")).toBe(estimated);
      const plan = await write(method, path, "planned", body);
      expect(plan.headers.get("content-range")).toBe(planned);
      expect(plan.headers.get("preference-applied")).toBe("count=planned, tx=rollback");
    }
  });

  it("rolls back with tx=rollback and says so; tx=commit keeps the change", async () => {
    const body = JSON.stringify({ new_title: "Gone" });
    const rolled = await rest(t, "/rpc/retitle", {
      method: "POST",
      body,
      headers: { "content-type": "application/json", prefer: "tx=rollback, count=exact" },
    });
    expect(rolled.headers.get("preference-applied")).toBe("count=exact, tx=rollback");
    expect((await rest(t, "/books?id=eq.2&select=title").then((r) => r.json()))[0].title).toBe(
      "The Lathe of Heaven",
    );
    const patched = await rest(t, "/books?id=eq.2", {
      method: "PATCH",
      body: JSON.stringify({ title: "Kept" }),
      headers: { "content-type": "application/json", prefer: "tx=commit, return=minimal" },
    });
    expect(patched.status).toBe(204);
    expect(patched.headers.get("preference-applied")).toBe("return=minimal, tx=commit");
    expect((await rest(t, "/books?id=eq.2&select=title").then((r) => r.json()))[0].title).toBe(
      "Kept",
    );
  });

  it("applies max-affected with handling=strict to set-returning calls", async () => {
    const call = (prefer: string) =>
      rest(t, "/rpc/retitle", {
        method: "POST",
        body: JSON.stringify({ new_title: "Too many" }),
        headers: { "content-type": "application/json", prefer },
      });
    const over = await call("handling=strict, max-affected=2");
    expect(over.status).toBe(400);
    expect(await over.json()).toEqual({
      code: "PGRST124",
      message: "Query result exceeds max-affected preference constraint",
      details: "The query affects 3 rows",
      hint: null,
    });
    const { data } = await client(t).from("books").select("title").eq("id", 1).single();
    expect(data?.title).toBe("The Dispossessed");
    const within = await call("handling=strict, max-affected=3, tx=rollback");
    expect(within.status).toBe(200);
    expect(within.headers.get("preference-applied")).toBe(
      "tx=rollback, handling=strict, max-affected=3",
    );
    const single = await rest(t, "/rpc/book_count", {
      method: "POST",
      body: "{}",
      headers: { "content-type": "application/json", prefer: "handling=strict, max-affected=1" },
    });
    expect(single.status).toBe(400);
    expect(await single.json()).toMatchObject({
      code: "PGRST128",
      message:
        "Function must return SETOF or TABLE when max-affected preference is used with handling=strict",
    });
  });
});
