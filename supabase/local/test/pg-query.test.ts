import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  LOCAL_PUBLISHABLE_KEY,
  LOCAL_SECRET_KEY,
  startTestBackend,
  type TestBackend,
} from "./support/local-backend";

let t: TestBackend;
beforeAll(async () => {
  t = await startTestBackend();
});
afterAll(() => t?.stop());

const query = (key: string | null, body: unknown) =>
  fetch(`${t.url}/pg/query`, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      ...(key ? { apikey: key, authorization: `Bearer ${key}` } : {}),
    },
    body: JSON.stringify(body),
  });

describe("POST /pg/query", () => {
  it("returns rows as JSON for the secret key", async () => {
    const res = await query(LOCAL_SECRET_KEY, {
      query:
        "select rolname from pg_roles where rolname in ('anon','authenticated','service_role') order by 1",
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual([
      { rolname: "anon" },
      { rolname: "authenticated" },
      { rolname: "service_role" },
    ]);
  });

  it("refuses the publishable key and requests without a key", async () => {
    expect((await query(LOCAL_PUBLISHABLE_KEY, { query: "select 1" })).status).toBe(401);
    expect((await query(null, { query: "select 1" })).status).toBe(401);
  });

  it("answers a Postgres error as 400 with its message", async () => {
    const res = await query(LOCAL_SECRET_KEY, { query: "select * from no_such_table" });
    expect(res.status).toBe(400);
    expect((await res.json()).error).toMatch(/no_such_table/);
  });

  it("rolls back a transaction a query leaves open, so later requests are not drawn into it", async () => {
    const open = await query(LOCAL_SECRET_KEY, {
      query: "begin; create table public.left_open (n int)",
    });
    expect(open.status).toBe(400);
    expect((await open.json()).error).toMatch(/left a transaction open/);
    const failed = await query(LOCAL_SECRET_KEY, { query: "begin; select 1/0" });
    expect(failed.status).toBe(400);
    const after = await query(LOCAL_SECRET_KEY, {
      query: "select to_regclass('public.left_open') as t",
    });
    expect(await after.json()).toEqual([{ t: null }]);
  });
});
