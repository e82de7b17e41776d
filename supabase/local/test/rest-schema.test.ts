import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { clients, rest, startRestBackend, type Clients } from "./support/rest-support";
import { LOCAL_PUBLISHABLE_KEY, LOCAL_SECRET_KEY, type TestBackend } from "./support/local-backend";

let t: TestBackend;
let c: Clients;
beforeAll(async () => {
  t = await startRestBackend();
  c = await clients(t);
});
afterAll(() => t?.stop());

const sql = (query: string) =>
  fetch(`${t.url}/pg/query`, {
    method: "POST",
    headers: {
      apikey: LOCAL_SECRET_KEY,
      authorization: `Bearer ${LOCAL_SECRET_KEY}`,
      "content-type": "application/json",
    },
    body: JSON.stringify({ query }),
  });

describe("OpenAPI description at /rest/v1/", () => {
  it("describes tables, columns and functions the role may use", async () => {
    const res = await rest(t, "/", { headers: { apikey: LOCAL_PUBLISHABLE_KEY } });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/openapi+json; charset=utf-8");
    const doc = (await res.json()) as {
      swagger: string;
      paths: Record<string, Record<string, unknown>>;
      definitions: Record<
        string,
        { properties: Record<string, { format: string }>; required: string[] }
      >;
    };
    expect(doc.swagger).toBe("2.0");
    expect(Object.keys(doc.paths["/notes"]).sort()).toEqual(["delete", "get", "patch", "post"]);
    expect(doc.paths["/rpc/add"]).toHaveProperty("get");
    expect(doc.paths["/rpc/add_note"]).not.toHaveProperty("get");
    expect(doc.definitions.notes.properties.created_at.format).toBe("timestamp with time zone");
    expect(doc.definitions.notes.required).toEqual(["title"]);
    expect(doc.paths).not.toHaveProperty("/secrets");
    const service = (await (await rest(t, "/")).json()) as { paths: Record<string, unknown> };
    expect(service.paths).toHaveProperty("/secrets");
  });
});

describe("schema cache", () => {
  it("reloads on NOTIFY pgrst, 'reload schema'", async () => {
    expect(
      (
        await sql(
          // Event triggers stay quiet in replica mode, so only the NOTIFY below can reload.
          "begin; set local session_replication_role = replica; create table public.late (id int primary key); grant select on public.late to anon; insert into public.late values (7); commit",
        )
      ).status,
    ).toBe(200);
    const before = await c.anon.from("late").select();
    expect(before.error?.code).toBe("PGRST205");
    expect((await sql("notify pgrst, 'reload schema'")).status).toBe(200);
    let after = await c.anon.from("late").select();
    for (let i = 0; i < 50 && after.error; i++) {
      await new Promise((r) => setTimeout(r, 20));
      after = await c.anon.from("late").select();
    }
    expect(after.data).toEqual([{ id: 7 }]);
  });
});

describe("HTTP details", () => {
  it("answers HEAD like GET without a body", async () => {
    const res = await rest(t, "/labels?select=id", { method: "HEAD" });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-range")).toBe("0-2/*");
    expect(await res.text()).toBe("");
  });

  it("sets Content-Location and lets the browser read Content-Range", async () => {
    const res = await rest(t, "/labels?select=id&id=eq.1");
    expect(res.headers.get("content-location")).toBe("/labels?id=eq.1&select=id");
    expect(res.headers.get("access-control-expose-headers")).toContain("content-range");
  });
});
