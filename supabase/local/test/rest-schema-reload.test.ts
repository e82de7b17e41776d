import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { client, startFidelityBackend } from "./support/rest-support";
import { LOCAL_SECRET_KEY, type TestBackend } from "./support/local-backend";

let t: TestBackend;
beforeAll(async () => {
  t = await startFidelityBackend();
});
afterAll(() => t?.stop());

/** DDL through postgres-meta's endpoint, as Studio and scripts send it. */
async function ddl(query: string): Promise<void> {
  const res = await fetch(`${t.url}/pg/query`, {
    method: "POST",
    headers: { "content-type": "application/json", apikey: LOCAL_SECRET_KEY },
    body: JSON.stringify({ query }),
  });
  expect(res.status).toBe(200);
}

describe("schema cache reload on DDL", () => {
  it("serves a table created after start without a manual NOTIFY", async () => {
    const anon = client(t);
    const before = await anon.from("shelves").select("*");
    expect(before.error?.code).toBe("PGRST205");
    await ddl(`
      create table public.shelves (id int primary key, label text not null);
      alter table public.shelves enable row level security;
      create policy "shelves are public" on public.shelves for select using (true);
      insert into public.shelves values (1, 'fiction');`);
    const after = await anon.from("shelves").select("id, label");
    expect(after).toMatchObject({ data: [{ id: 1, label: "fiction" }], error: null });
  });

  it("sees new columns, new functions and dropped tables", async () => {
    const anon = client(t);
    await ddl(`alter table public.authors add column born int;
      create function public.shout(word text) returns text language sql immutable as $$ select upper(word) $$;`);
    expect((await anon.from("authors").select("born").eq("id", 1)).data).toEqual([{ born: null }]);
    expect((await anon.rpc("shout", { word: "hey" })).data).toBe("HEY");
    await ddl("drop table public.shelves");
    const gone = await anon.from("shelves").select("*");
    expect(gone.error?.code).toBe("PGRST205");
  });
});
